# Net cost per watcher, for watcher-cost.sh: reads tracing/expected.sh's
# "EVENT IDX FUNCTION" lines (the order to list watchers in), then "WAY
# EVENT WATCHER VALUE COUNT" lines sorted by way, event, watcher and
# value (EVENT a number of tracing/events).  Per way, the instrument is
# the median of an empty watcher of the same run, the first found of:
#   sample_empty  an empty watcher (returns 0 at once)
#   sample_init   the sample module's INIT watcher: with fail_tgid 0 it
#                 loads one u32, tests it and returns 0; those few
#                 instructions are counted as instrument
#   otherwise     the smallest median of any watcher: an upper bound
# Prints the calibration, a table of raw and net (less the calibration)
# median and mean per watcher and way, and each watcher's log2 histogram
# of net values, one count column per way.  Where both ways saw a watcher
# at least min_calls times, their net medians must differ by at most
# med_bound and their trimmed means (the calls between the 5th and 95th
# percentiles) by at most mean_bound or mean_pct percent; exits 1 if not.
#   awk -v events="init clone ..." [-v tsv=FILE] -f watcher-cost.awk EXPECTED RECORDS
BEGIN {
	ne = split(events, name, " ")
	for (e = 1; e <= ne; e++) { evname[e - 1] = name[e]; evidx[name[e]] = e }
	if (med_bound == "") med_bound = 3
	if (mean_bound == "") mean_bound = 5
	if (mean_pct == "") mean_pct = 10
	if (min_calls == "") min_calls = 20
	ncal = split("sample_empty sample_init", cal, " ")
	why["sample_empty"] = "an empty watcher"
	why["sample_init"] = "the sample module's INIT watcher, which returns at once (its few instructions count as instrument)"
}
FNR == NR { rank[$1, $3] = ++nrank; next }
{
	way = $1; ev = ($2 in evname) ? evname[$2] : $2; k = ev SUBSEP $3
	if (!(way in hasway)) { hasway[way]; ways[++nw] = way }
	if (!(k in seen)) { seen[k]; keys[++nk] = k }
	i = ++nv[way, k]; val[way, k, i] = $4; cnt[way, k, i] = $5
	n[way, k] += $5; sum[way, k] += $4 * $5
}

# the smallest value with at least a fraction p of the calls at or below
function pct(way, k, p,   i, c) {
	for (i = 1; i <= nv[way, k]; i++)
		if ((c += cnt[way, k, i]) >= p * n[way, k]) return val[way, k, i]
}
# the mean of the calls from the 5th to the 95th percentile
function tmean(way, k,   lo, hi, i, c, s) {
	lo = pct(way, k, 0.05); hi = pct(way, k, 0.95)
	for (i = 1; i <= nv[way, k]; i++)
		if (val[way, k, i] >= lo && val[way, k, i] <= hi) { c += cnt[way, k, i]; s += val[way, k, i] * cnt[way, k, i] }
	return s / c
}
function sortkey(k,   f) {
	split(k, f, SUBSEP)
	return sprintf("%02d %04d %s", evidx[f[1]], (k in rank) ? rank[k] : 9999, f[2])
}
# C[way], the calibration, and why it is that
function calibrate(way,   j, i, k, f, best, per) {
	for (j = 1; j <= ncal; j++) {
		best = ""; per = ""
		for (i = 1; i <= nk; i++) {
			k = keys[i]; split(k, f, SUBSEP)
			if (f[2] != cal[j] || !((way, k) in n)) continue
			per = per sprintf(" %s %d (%d calls)", f[1], pct(way, k, 0.5), n[way, k])
			if (best == "" || n[way, k] > n[way, best]) best = k
		}
		if (best == "") continue
		C[way] = pct(way, best, 0.5)
		src[way] = sprintf("median of %s, %s; per event:%s", cal[j], why[cal[j]], per)
		return
	}
	for (i = 1; i <= nk; i++) {
		k = keys[i]
		if (!((way, k) in n) || n[way, k] < min_calls) continue
		if (best == "" || pct(way, k, 0.5) < C[way]) { best = k; C[way] = pct(way, k, 0.5) }
	}
	if (best == "") { C[way] = 0; src[way] = sprintf("none: no watcher called %d times", min_calls); return }
	split(best, f, SUBSEP)
	src[way] = sprintf("smallest median of any watcher (%s %s): no empty watcher in the trace, an upper bound", f[1], f[2])
}
function bucket(x,   b, lo) {
	if (x < 0) return -1
	for (b = 0; x >= 1; b++) x /= 2
	return b
}
function blabel(b,   lo, hi) {
	if (b < 0) return "< 0"
	if (b == 0) return "0"
	if (b == 1) return "1"
	return sprintf("[%s, %s)", human(2 ^ (b - 1)), human(2 ^ b))
}
function human(x) { return x >= 1024 ? (x / 1024) "K" : x }
END {
	# keys in event order, then dispatch order (expected-order), modules last
	for (i = 2; i <= nk; i++)
		for (j = i; j > 1 && sortkey(keys[j]) < sortkey(keys[j - 1]); j--) { t = keys[j]; keys[j] = keys[j - 1]; keys[j - 1] = t }
	for (w = 1; w <= nw; w++) {
		calibrate(ways[w])
		printf "calibration, %s: %d = %s\n", ways[w], C[ways[w]], src[ways[w]]
	}
	if (!nw) { print "no task_watchers_return seen"; exit 2 }
	printf "\nnet = value - calibration; on the icount machine 1 ns = 1 instruction\n"
	printf "%-5s %-24s", "", ""
	for (w = 1; w <= nw; w++) printf " | %-37s", ways[w]
	printf "\n%-5s %-24s", "event", "watcher"
	for (w = 1; w <= nw; w++) printf " | %6s %6s %6s %7s %7s", "calls", "median", "net", "mean", "net"
	printf "\n"
	for (i = 1; i <= nk; i++) {
		k = keys[i]; split(k, f, SUBSEP)
		printf "%-5s %-24s", f[1], f[2]
		for (w = 1; w <= nw; w++) {
			way = ways[w]
			if (!((way, k) in n)) { printf " | %6s %6s %6s %7s %7s", "-", "-", "-", "-", "-"; continue }
			m = pct(way, k, 0.5); mean = sum[way, k] / n[way, k]
			printf " | %6d %6d %6d %7.1f %7.1f", n[way, k], m, m - C[way], mean, mean - C[way]
			if (tsv) printf "%s\t%s\t%s\t%d\t%d\t%d\t%.1f\n", f[1], f[2], way, n[way, k], m, m - C[way], mean - C[way] > tsv
		}
		printf "\n"
	}
	printf "\nnet histograms (value - calibration), calls per bucket (empty buckets left out):"
	for (w = 1; w <= nw; w++) printf " %s", ways[w]
	printf "\n"
	for (i = 1; i <= nk; i++) {
		k = keys[i]; split(k, f, SUBSEP); split("", h); lo = 99; hi = -2; top = 0
		for (w = 1; w <= nw; w++)
			for (j = 1; j <= nv[ways[w], k]; j++) {
				b = bucket(val[ways[w], k, j] - C[ways[w]])
				h[w, b] += cnt[ways[w], k, j]
				if (b < lo) lo = b
				if (b > hi) hi = b
				if (h[w, b] > top) top = h[w, b]
			}
		printf "%s %s\n", f[1], f[2]
		for (b = lo; b <= hi; b++) {
			for (w = 1; w <= nw && !h[w, b]; w++) ;
			if (w > nw) continue
			printf "  %-14s", blabel(b)
			for (w = 1; w <= nw; w++) printf " %7d", h[w, b]
			bar = ""; for (j = 0; j < int(40 * h[1, b] / top + 0.5); j++) bar = bar "@"
			printf " |%-40s|\n", bar
		}
	}
	if (nw < 2) { printf "\nagreement: not checked, one way only (%s)\n", ways[1]; exit 0 }
	a = ways[1]; b = ways[2]; checked = 0; bad = 0
	printf "\nagreement, %s against %s: net medians within %d, trimmed means (p5-p95) within %d or %d%%, watchers with %d calls or more in each\n",
		a, b, med_bound, mean_bound, mean_pct, min_calls
	for (i = 1; i <= nk; i++) {
		k = keys[i]; split(k, f, SUBSEP)
		if (n[a, k] < min_calls || n[b, k] < min_calls) continue
		checked++
		dm = (pct(a, k, 0.5) - C[a]) - (pct(b, k, 0.5) - C[b])
		ta = tmean(a, k) - C[a]; tb = tmean(b, k) - C[b]; dt = ta - tb
		lim = mean_pct / 100 * (ta > tb ? ta : tb); if (lim < mean_bound) lim = mean_bound
		ok = (dm <= med_bound && -dm <= med_bound && dt <= lim && -dt <= lim)
		if (!ok) bad++
		printf "%-4s %-5s %-24s net median %5d %5d (%+d)  trimmed mean %7.1f %7.1f (%+.1f, bound %.1f)\n",
			ok ? "ok" : "BAD", f[1], f[2], pct(a, k, 0.5) - C[a], pct(b, k, 0.5) - C[b], dm, ta, tb, dt, lim
	}
	printf "%d watchers compared, %d outside the bound\n", checked, bad
	exit (bad > 0 || checked == 0)
}
