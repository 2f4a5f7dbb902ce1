# The patch-by-patch table: one row per kernel of ORDER, and per
# operation its instructions per operation (mean over boots, ± the 95%
# interval), the change against the first kernel and the step from the
# kernel before it (± the step's 95% interval: the root of the squares
# of the two kernels' intervals).  Input: raw.csv.  Needs stats.awk.
BEGIN { FS = "," }
NR > 1 { boot_add($1 "," $3, $2, $4, $5); if (!($3 in seen)) { seen[$3]; ml[++nm] = $3 } }
END {
	boot_stats()
	nk = split(order, kl, " ")
	printf "| kernel |"
	for (j = 1; j <= nm; j++) printf " %s, ns/op | vs %s | step |", ml[j], kl[1]
	printf "\n|---|"
	for (j = 1; j <= nm; j++) printf "---|---|---|"
	printf "\n"
	for (ki = 1; ki <= nk; ki++) {
		printf "| %s |", kl[ki]
		for (j = 1; j <= nm; j++) {
			k = kl[ki] "," ml[j]; p = kl[ki - 1] "," ml[j]; f = kl[1] "," ml[j]
			if (!N[k]) { printf " | | |"; continue }
			mu = stat_mean(k); ci = stat_ci95(k)
			printf " %.0f ±%.0f | %+.3f%% |", mu, ci, (mu - stat_mean(f)) * 100 / stat_mean(f)
			if (ki == 1 || !N[p]) printf " |"
			else printf " %+.3f%% ±%.3f%% |", (mu - stat_mean(p)) * 100 / stat_mean(p),
				sqrt(ci ^ 2 + stat_ci95(p) ^ 2) * 100 / stat_mean(p)
		}
		printf "\n"
	}
}
