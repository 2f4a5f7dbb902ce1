# bench.sh's table in the 2006 series' layout: per operation (and per N
# children, with -v by_n=1, for SWEEP), each kernel's rate in operations
# (tasks, for fork and clone) per guest second, mean, sd and 95%
# interval over its boots (a boot's rounds pooled into one rate), and
# its cost against the first kernel of ORDER, in operations/s and %, and
# against the kernel listed before it ("step", the cost of one patch).
# A positive cost is a slower kernel.
# Input: raw.csv.  Needs stats.awk.
BEGIN { FS = ","; boot_rate = 1 }
NR > 1 { g = by_n ? $3 "," $4 : $3; boot_add($1 "," g, $2, $4, $5); group[g] }
END {
	boot_stats()
	nk = split(order, kl, " ")
	printf "| operation |%s kernel | boots | ops/s | sd | 95%% interval | cost, ops/s | cost %% | step %% |\n", by_n ? " N |" : ""
	printf "|---|%s---|---|---|---|---|---|---|---|\n", by_n ? "---|" : ""
	ng = 0; for (g in group) gl[++ng] = g
	sort_groups(gl, ng)
	for (i = 1; i <= ng; i++) {
		split(gl[i], op, ","); ref = ""
		for (ki = 1; ki <= nk; ki++) {
			k = kl[ki] "," gl[i]
			if (!N[k]) continue
			r = stat_mean(k)
			if (ref == "") { ref = r; prev = r }
			printf "| %s |%s %s | %d | %.1f | %.1f | ±%.1f | %.1f | %+.3f%% | %+.3f%% |\n", op[1],
				by_n ? " " op[2] " |" : "", kl[ki], N[k], r, stat_sd(k), stat_ci95(k),
				ref - r, (ref - r) * 100 / ref, (prev - r) * 100 / prev
			prev = r
		}
	}
}
