# bench.sh's table: per operation, each kernel's instructions per
# operation (mean, sd, 95% interval, median over its boots), against the
# first kernel of ORDER and, as "step", against the kernel listed before
# it (the cost of one patch, with the 95% interval of that difference).
# A boot is one sample: its rounds are averaged first, because rounds of
# one boot share that boot's layout and are not independent of each
# other.  Input: raw.csv.  Needs stats.awk.
BEGIN { FS = "," }
NR > 1 { boot_add($1 "," $3, $2, $4, $5); mode[$3] }
END {
	boot_stats()
	nk = split(order, kl, " ")
	printf "| kernel | operation | boots | ns/op (mean) | sd | 95%% interval | vs first kernel | step | step 95%% interval | median | vs first kernel |\n"
	printf "|---|---|---|---|---|---|---|---|---|---|---|\n"
	for (m in mode) for (ki = 1; ki <= nk; ki++) {
		k = kl[ki] "," m
		if (!N[k]) continue
		mu = stat_mean(k); md = stat_median(k); ci = stat_ci95(k)
		step = ""
		if (m in ref)
			step = sprintf("±%.3f%%", sqrt(ci * ci + prevci[m] * prevci[m]) * 100 / prev[m])
		else { ref[m] = mu; refmd[m] = md; prev[m] = mu }
		printf "| %s | %s | %d | %.0f | %.1f | ±%.1f | %+.3f%% | %+.3f%% | %s | %.0f | %+.3f%% |\n",
			kl[ki], m, N[k], mu, stat_sd(k), ci, (mu - ref[m]) * 100 / ref[m],
			(mu - prev[m]) * 100 / prev[m], step, md, (md - refmd[m]) * 100 / refmd[m]
		prev[m] = mu; prevci[m] = ci
	}
}
