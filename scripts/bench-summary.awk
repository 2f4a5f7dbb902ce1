# bench.sh's table: per operation, each kernel's instructions per
# operation (mean, sd, 95% interval, median), against the first kernel
# of ORDER and, as "step", against the kernel listed before it (the
# cost of one patch).  Input: raw.csv.  Needs stats.awk.
BEGIN { FS = "," }
NR > 1 { stat_add($1 "," $3, $5 / $4); mode[$3] }
END {
	nk = split(order, kl, " ")
	printf "| kernel | operation | runs | ns/op (mean) | sd | 95%% interval | vs first kernel | step | median | vs first kernel |\n"
	printf "|---|---|---|---|---|---|---|---|---|---|\n"
	for (m in mode) for (ki = 1; ki <= nk; ki++) {
		k = kl[ki] "," m
		if (!N[k]) continue
		mu = stat_mean(k); md = stat_median(k)
		if (!(m in ref)) { ref[m] = mu; refmd[m] = md; prev[m] = mu }
		printf "| %s | %s | %d | %.0f | %.1f | ±%.1f | %+.3f%% | %+.3f%% | %.0f | %+.3f%% |\n",
			kl[ki], m, N[k], mu, stat_sd(k), stat_ci95(k), (mu - ref[m]) * 100 / ref[m],
			(mu - prev[m]) * 100 / prev[m], md, (md - refmd[m]) * 100 / refmd[m]
		prev[m] = mu
	}
}
