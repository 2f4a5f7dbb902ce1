#!/bin/bash
# The task_watchers tracepoints, read by bpftrace and by trace-cmd, show
# every watcher of every event firing in tracing/expected-order's order
# while the all-paths workload runs.  Each checker is also fed a wrong
# expectation (two watchers swapped, one dropped) and must then fail, so
# a checker that cannot fail does not pass.
# tw-needs: tree=patched
. /opt/tw/lib/tap.sh
T=/opt/tw/tracing
W=/opt/tw/bin/tw_workload
EV=/sys/kernel/tracing/events/task_watchers

# wrong_order KIND: expected-order with its first INIT pair swapped, or
# its first INIT watcher (for this kernel) removed.
wrong_order() {
	local first second
	read -r first second < <("$T/expected.sh" | awk '$1 == "init" { print $3 }' | head -2 | paste -sd' ')
	case $1 in
	swapped) awk -v a="$first" -v b="$second" '$2 == a { $2 = b; print; next } $2 == b { $2 = a } { print }' "$T/expected-order" ;;
	dropped) awk -v a="$first" '$2 != a' "$T/expected-order" ;;
	esac > /tmp/expected-order.$1
}

# check NAME TOOL: TOOL records the workload and checks it; then, told to
# expect a wrong order, it must fail on the same recording (-i).
check() {
	local name=$1 tool=$2 out=/tmp/$1.out rec=/tmp/$1.rec
	DAT=$rec OUT=$rec "$T/$tool" "$W" > "$out" 2>&1
	local rc=$?
	tap_diag < "$out"
	tap_result $rc "$name: every watcher of every event fires in expected order ($tool)"
	grep -q '^0 failed$' "$out"
	tap_result $? "$name: the workload ran every path (fork, vfork, clone, exec, set*id, exits)"
	for kind in swapped dropped; do
		wrong_order $kind
		ORDER=/tmp/expected-order.$kind "$T/$tool" -i $rec > "$out.$kind" 2>&1
		[ $? = 1 ] && grep -q WRONG "$out.$kind"
		tap_result $? "$name: fails when told to expect the INIT watchers $kind"
	done
}

tap_begin
if [ ! -d $EV ]; then
	for t in bpftrace trace-cmd; do
		tap_skip "no $EV: kernel without the tracepoint patch" "$t order check"
	done
else
	check bpftrace order-check.sh
	check trace-cmd trace-cmd-check.sh
fi
tap_end
