#!/bin/bash
# Check with bpftrace that every task watcher dispatch calls exactly the
# watchers that the kernel's list says it calls (expected.sh), in order,
# while COMMAND runs (default: the all-paths workload).  bpftrace
# records each dispatch's begin, calls and end; order-check.awk, which
# trace-cmd-check.sh shares, checks them.  Prints any missing, extra or
# out-of-order watcher, then, per event, the dispatches seen and the
# observed sequence.  Exits 0 only if every event was seen at least once
# and every dispatch was right.
#   usage: order-check.sh [COMMAND...]   OUT=file keeps the recording
#          order-check.sh -i OUT         checks a recording again
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/order-check.out}

# One line per tracepoint hit: "TID begin|call|end EVENT [FUNCTION]".
PROGRAM='
BEGIN { printf("attached\n"); }
tracepoint:task_watchers:task_watchers_begin { printf("%d begin %d\n", tid, args->event); }
tracepoint:task_watchers:task_watchers_call
{ printf("%d call %d %s\n", tid, args->event, ksym(args->func)); }
tracepoint:task_watchers:task_watchers_end { printf("%d end %d\n", tid, args->event); }
'

if [ "${1:-}" = -i ]; then
	OUT=$2
else
	[ $# -gt 0 ] || set -- /opt/tw/bin/tw_workload
	rc=0; bpftrace -c "$*" -e "$PROGRAM" > "$OUT" 2>&1 || rc=$?
	[ $rc = 0 ] || { cat "$OUT" >&2; echo "bpftrace failed ($rc)" >&2; exit 2; }
	# what the command printed
	grep -v -E '^(attached|Attaching|[0-9]+ (begin|call|end) |$)' "$OUT" || true
fi
# bpftrace says so when its ring buffer dropped events: nothing to check
if grep -q '^Lost [0-9]* events' "$OUT"; then
	grep '^Lost' "$OUT" >&2; echo "bpftrace lost events: the recording is incomplete" >&2; exit 2
fi
grep -E '^[0-9]+ (begin|call|end) ' "$OUT" |
	awk -v events="$(sed '/^#/d' "$HERE/events" | paste -sd' ')" \
		-f "$HERE/order-check.awk" <("$HERE/expected.sh") -
