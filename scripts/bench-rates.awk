# bench.sh's table in the 2006 series' layout: per operation, each
# kernel's rate in operations (tasks, for fork and clone) per guest
# second, mean and 95% interval over its runs, and its cost against the
# first kernel of ORDER, in operations/s and %, and against the kernel
# listed before it ("step", the cost of one patch).  A positive cost is
# a slower kernel.  Input: raw.csv.  Needs stats.awk.
BEGIN { FS = "," }
NR > 1 { stat_add($1 "," $3, $4 * 1e9 / $5); mode[$3] }
END {
	nk = split(order, kl, " ")
	printf "| operation | kernel | runs | ops/s | 95%% interval | cost, ops/s | cost %% | step %% |\n"
	printf "|---|---|---|---|---|---|---|---|\n"
	nm = 0; for (m in mode) ml[++nm] = m
	for (i = 1; i <= nm; i++) for (j = i + 1; j <= nm; j++)
		if (ml[i] > ml[j]) { t = ml[i]; ml[i] = ml[j]; ml[j] = t }
	for (i = 1; i <= nm; i++) {
		m = ml[i]; ref = ""
		for (ki = 1; ki <= nk; ki++) {
			k = kl[ki] "," m
			if (!N[k]) continue
			r = stat_mean(k)
			if (ref == "") { ref = r; prev = r }
			printf "| %s | %s | %d | %.1f | ±%.1f | %.1f | %+.3f%% | %+.3f%% |\n", m, kl[ki], N[k], r,
				stat_ci95(k), ref - r, (ref - r) * 100 / ref, (prev - r) * 100 / prev
			prev = r
		}
	}
}
