#!/bin/bash
# The task_watchers tracepoints are an ABI: trace-cmd, perf, bpftrace
# and every script that reads a field by name or offset depend on their
# format files.  Each event's format (less its ID, which depends on what
# else the kernel traces) must equal the copy frozen for this kernel
# version in tracing/formats/VERSION/EVENT: renaming, retyping or
# moving a field fails here until the copy is updated on purpose, with
# the command this test prints.
# tw-needs: tree=patched
. /opt/tw/lib/tap.sh
EVENTS=/sys/kernel/tracing/events/task_watchers
version=$(uname -r | cut -d. -f1,2)
FROZEN=/opt/tw/tracing/formats/$version

tap_begin
if [ ! -d "$EVENTS" ]; then
	tap_skip "no $EVENTS (CONFIG_TRACEPOINTS)" "task_watchers tracepoint formats"
	tap_end; exit
fi
live=$(cd "$EVENTS" && for e in */; do echo "${e%/}"; done | sort)
frozen=$(ls "$FROZEN" 2>/dev/null | sort)
tap_expect_eq "$(echo $frozen)" "$(echo $live)" \
	"the kernel has the events tracing/formats/$version freezes"
for e in $live; do
	if diff -u "$FROZEN/$e" <(grep -v '^ID:' "$EVENTS/$e/format") > /tmp/format.diff 2>&1; then
		tap_result 0 "$e: format as frozen"
	else
		tap_diag < /tmp/format.diff
		echo "to freeze the new format: make exec CMD='grep -v ^ID: $EVENTS/$e/format'" \
			"| tr -d '\\r' > tracing/formats/$version/$e" | tap_diag
		tap_result 1 "$e: format as frozen"
	fi
done
rm -f /tmp/format.diff
tap_end
