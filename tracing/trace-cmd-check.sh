#!/bin/bash
# The same check as order-check.sh, with trace-cmd instead of bpftrace:
# record every task_watchers event while COMMAND runs, then turn
# 'trace-cmd report' into order-check.awk's input (the task doing the
# dispatch is the PID of "comm-PID") and check each dispatch against the
# kernel's list of watchers (expected.sh).  Prints one line per event;
# exits 0 only if all are right.
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
# "comm-PID [cpu] ts: name: field=value ..."
trace-cmd report -i "$DAT" 2>/dev/null | awk '
	!match($0, /-[0-9]+ +\[[0-9]+\]/) { next }
	{ task = substr($0, RSTART + 1); sub(/ .*/, "", task)
	  split("", f); for (i = 1; i <= NF; i++) if (split($i, kv, "=") == 2) f[kv[1]] = kv[2] }
	/ task_watchers_begin: / { print task, "begin", f["event"] }
	/ task_watchers_call: / { print task, "call", f["event"], f["func"] }
	/ task_watchers_end: / { print task, "end", f["event"] }' |
	awk -v events="$(sed '/^#/d' "$HERE/events" | paste -sd' ')" \
		-f "$HERE/order-check.awk" <("$HERE/expected.sh") -
