#!/bin/bash
# The same check as order-check.sh, with trace-cmd instead of bpftrace:
# record every task_watchers event while COMMAND runs, then read
# 'trace-cmd report' and check each dispatch against tracing/expected-order:
# the watchers called between a task_watchers_begin and its
# task_watchers_end, on the same task, must be exactly the expected ones,
# in order.  Prints one line per event; exits 0 only if all are right.
#   usage: trace-cmd-check.sh [COMMAND...]    DAT=file keeps the recording
#          trace-cmd-check.sh -i DAT          checks a recording again
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
DAT=${DAT:-/tmp/task-watchers.dat}

if [ "${1:-}" = -i ]; then
	DAT=$2
else
	[ $# -gt 0 ] || set -- /opt/tw/bin/tw_workload
	trace-cmd record -q -e task_watchers -o "$DAT" "$@"
fi
trace-cmd report -i "$DAT" 2>/dev/null |
awk -v events="init clone exec uid gid exit free" '
	# the expected table first, from expected.sh
	FNR == NR { want[$1, $2] = $3; nwant[$1] = $2 + 1; next }
	# "comm-PID [cpu] ts: name: fields": PID is the task doing the dispatch
	{ split("", f)
	  if (!match($0, /-[0-9]+ +\[[0-9]+\]/)) next
	  cur = substr($0, RSTART + 1); sub(/ .*/, "", cur)
	  for (i = 1; i <= NF; i++) if (split($i, kv, "=") == 2) f[kv[1]] = kv[2] }
	/ task_watchers_begin: / { pos[cur] = 0; in_[cur] = 1; next }
	/ task_watcher_call: / && in_[cur] {
		ev = f["event"]; p = pos[cur]++
		seq[ev, p] = f["func"]
		if (f["func"] != want[ev, p]) {
			printf "wrong: %s position %d: %s, expected %s (task %s)\n", ev, p, f["func"], want[ev, p], cur
			wrong[ev]++
		}
		next }
	/ task_watchers_end: / && in_[cur] {
		ev = f["event"]
		if (pos[cur] != nwant[ev] + 0) {
			printf "wrong: %s called %d watchers, expected %d (task %s)\n", ev, pos[cur], nwant[ev], cur
			wrong[ev]++
		}
		seen[ev]++; delete in_[cur]; next }
	END {
		n = split(events, name, " "); bad = 0
		for (e = 1; e <= n; e++) {
			ev = name[e]; s = ""
			for (i = 0; (ev, i) in seq; i++) s = s " " seq[ev, i]
			st = wrong[ev] ? "WRONG (" wrong[ev] ")" : (seen[ev] ? "in order" : "NOT SEEN")
			printf "%-5s %6d dispatches %s:%s\n", ev, seen[ev], st, s
			if (wrong[ev] || !seen[ev]) bad = 1
		}
		exit bad
	}' <("$HERE/expected.sh") -
