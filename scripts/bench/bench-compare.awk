# Does a second bench.sh run reproduce the first?  Per kernel and
# operation (and N, for a sweep), the two runs' means over boots, their
# difference and the 95% interval of that difference (the root of the
# squares of the two means' intervals); "agrees" when the difference is
# inside it.  Input: the first run's raw.csv, then the second's.  Needs
# stats.awk.
BEGIN { FS = "," }
FNR == 1 { run++ }
FNR > 1 { k = $1 "," $3 "," $4; boot_add(run "|" k, $2, $4, $5); key[k] }
END {
	boot_stats()
	printf "| kernel | operation | N | first, ns/op | second | change | 95%% interval | agrees |\n"
	printf "|---|---|---|---|---|---|---|---|\n"
	nk = split(order, kl, " ")
	for (k in key) { split(k, p, ","); ops[p[2] "," p[3]] }
	no = 0; for (o in ops) ol[++no] = o
	sort_groups(ol, no)
	for (i = 1; i <= no; i++) for (ki = 1; ki <= nk; ki++) {
		o = ol[i]; k = kl[ki] "," o; a = 1 "|" k; b = 2 "|" k
		if (!N[a] || !N[b]) continue
		d = stat_mean(b) - stat_mean(a)
		ci = sqrt(stat_ci95(a) ^ 2 + stat_ci95(b) ^ 2)
		ok = d * d <= ci * ci; total++; agree += ok
		split(o, p, ",")
		printf "| %s | %s | %s | %.0f | %.0f | %+.3f%% | ±%.3f%% | %s |\n", kl[ki], p[1], p[2],
			stat_mean(a), stat_mean(b), d * 100 / stat_mean(a), ci * 100 / stat_mean(a), ok ? "yes" : "NO"
	}
	printf "\n%d of %d figures agree\n", agree, total
	exit agree < total
}
