# bench.sh's table for SWEEP, in the 2006 layout: per operation and N,
# each kernel's rate in tasks/s (mean, sd, 95% interval) and its cost
# against the first kernel of ORDER, in tasks/s and %.  Input: raw.csv.
# Needs stats.awk.
BEGIN { FS = "," }
NR > 1 { stat_add($1 "," $3 "," $4, $6); mn[$3 "," $4] }
END {
	nk = split(order, kl, " ")
	printf "| operation | N | kernel | runs | tasks/s (mean) | sd | 95%% interval | cost, tasks/s | cost %% |\n"
	printf "|---|---|---|---|---|---|---|---|---|\n"
	# by operation, then by N
	c = 0; for (x in mn) keys[++c] = x
	for (i = 1; i <= c; i++) for (j = i + 1; j <= c; j++) {
		split(keys[i], a, ","); split(keys[j], b, ",")
		if (a[1] > b[1] || (a[1] == b[1] && a[2] + 0 > b[2] + 0)) { t = keys[i]; keys[i] = keys[j]; keys[j] = t }
	}
	for (i = 1; i <= c; i++) {
		split(keys[i], mk, ","); ref = ""
		for (ki = 1; ki <= nk; ki++) {
			k = kl[ki] "," keys[i]
			if (!N[k]) continue
			mu = stat_mean(k)
			if (ref == "") ref = mu
			printf "| %s | %d | %s | %d | %.1f | %.1f | ±%.1f | %.1f | %+.3f%% |\n", mk[1], mk[2], kl[ki],
				N[k], mu, stat_sd(k), stat_ci95(k), ref - mu, (ref - mu) * 100 / ref
		}
	}
}
