# The order check shared by order-check.sh (bpftrace) and
# trace-cmd-check.sh (trace-cmd): read the expected table (expected.sh's
# "EVENT IDX FUNCTION" lines), then a recording as "TASK begin EVENT",
# "TASK call EVENT FUNCTION" and "TASK end EVENT" lines, EVENT a name or
# its number in tracing/events.  The watchers called between a begin and
# its end, by the same task, must be exactly the expected ones, in order.
# Prints what went wrong as it is found, then one line per event; exits
# 0 only if every event was seen and every dispatch was right.
#   awk -v events="init clone ..." -f order-check.awk EXPECTED RECORDING
BEGIN { n = split(events, name, " "); for (e = 1; e <= n; e++) num[e - 1] = name[e] }
FNR == NR { want[$1, $2] = $3; nwant[$1] = $2 + 1; next }
{ ev = ($3 in num) ? num[$3] : $3; task = $1 }
$2 == "begin" { pos[task] = 0; in_[task] = 1; next }
$2 == "call" && in_[task] {
	p = pos[task]++
	if (!((ev, p) in seq)) seq[ev, p] = $4
	if ($4 != want[ev, p]) {
		printf "wrong: %s position %d: %s, expected %s (task %s)\n", ev, p, $4, want[ev, p], task
		wrong[ev]++
	}
	next
}
$2 == "end" && in_[task] {
	if (pos[task] != nwant[ev] + 0) {
		printf "wrong: %s called %d watchers, expected %d (task %s)\n", ev, pos[task], nwant[ev], task
		wrong[ev]++
	}
	seen[ev]++; delete in_[task]; next
}
END {
	bad = 0
	for (e = 1; e <= n; e++) {
		ev = name[e]; s = ""
		for (i = 0; (ev, i) in seq; i++) s = s " " seq[ev, i]
		st = wrong[ev] ? "WRONG (" wrong[ev] ")" : (seen[ev] ? "in order" : "NOT SEEN")
		printf "%-5s %6d dispatches %s:%s\n", ev, seen[ev], st, s
		if (wrong[ev] || !seen[ev]) bad = 1
	}
	exit bad
}
