# Mean, standard deviation, 95% interval (Student's t) and median of the
# samples of each key, for the benchmark summaries: awk -f stats.awk -f
# the summary.  stat_add(KEY, X) records a sample.
function stat_add(k, x) { N[k]++; S[k] += x; SS[k] += x * x; V[k, N[k]] = x }

function stat_mean(k) { return S[k] / N[k] }

function stat_sd(k,   mu, var) {
	if (N[k] < 2) return 0
	mu = S[k] / N[k]; var = (SS[k] - N[k] * mu * mu) / (N[k] - 1)
	return var > 0 ? sqrt(var) : 0
}

# t(0.975, df) for df 1..20, then the normal quantile rounded up
function t95(df,   t) {
	split("12.71 4.30 3.18 2.78 2.57 2.45 2.36 2.31 2.26 2.23 " \
	      "2.20 2.18 2.16 2.14 2.13 2.12 2.11 2.10 2.09 2.09", t, " ")
	return df <= 20 ? t[df] : 2.0
}

function stat_ci95(k) { return N[k] > 1 ? t95(N[k] - 1) * stat_sd(k) / sqrt(N[k]) : 0 }

function stat_median(k,   i, j, t, a) {
	for (i = 1; i <= N[k]; i++) a[i] = V[k, i]
	for (i = 2; i <= N[k]; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return N[k] % 2 ? a[(N[k] + 1) / 2] : (a[N[k] / 2] + a[N[k] / 2 + 1]) / 2
}

# sort_groups(A, N): sort A[1..N], "operation" or "operation,N" strings,
# by operation, then by N as a number
function sort_groups(a, n,   i, j, t, x, y) {
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) {
		split(a[i] ",0", x, ","); split(a[j] ",0", y, ",")
		if (x[1] > y[1] || (x[1] == y[1] && x[2] + 0 > y[2] + 0)) { t = a[i]; a[i] = a[j]; a[j] = t }
	}
}

# Per-boot samples: boot_add(KEY, BOOT, OPS, NS) adds one round of a boot;
# boot_stats() then adds, per key, one sample per boot, in ns per
# operation (or, with boot_rate set, in operations per second), from the
# boot's total operations and time.
function boot_add(k, b, ops, ns) { BOPS[k SUBSEP b] += ops; BNS[k SUBSEP b] += ns }

function boot_stats(   kb, p) {
	for (kb in BOPS) {
		split(kb, p, SUBSEP)
		stat_add(p[1], boot_rate ? BOPS[kb] * 1e9 / BNS[kb] : BNS[kb] / BOPS[kb])
	}
}
