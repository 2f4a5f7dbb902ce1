#!/bin/bash
# The kernel's list of watchers (tracefs's task_watchers) is
# tracing/expected-order for this kernel's options, and its state of
# each is one the list documents.  The task_watchers tracepoints, read
# by bpftrace and by trace-cmd, show every watcher that the list says is
# called firing in the list's order while the all-paths workload runs.
# Each checker is also fed a wrong expectation (two watchers swapped,
# one dropped) and must then fail, so a checker that cannot fail does
# not pass.
# tw-needs: tree=patched
. /opt/tw/lib/tap.sh
T=/opt/tw/tracing
W=/opt/tw/bin/tw_workload
EV=/sys/kernel/tracing/events/task_watchers
LIST=/sys/kernel/tracing/task_watchers

# wrong_list KIND: the kernel's list with its first two called INIT
# watchers swapped, or the first one removed.
wrong_list() {
	awk -v kind=$1 '$1 == "init" && $NF != "off" && n < 2 {
		if (kind == "dropped") { n = 2; next }
		if (n++ == 0) { first = $0; next }
		print; print first; next
	} { print }' "$LIST" > /tmp/task_watchers.$1
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
		wrong_list $kind
		LIST=/tmp/task_watchers.$kind "$T/$tool" -i $rec > "$out.$kind" 2>&1
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
	diff <("$T/expected.sh" --reference | awk '{ print $1, $3 }') \
		<(awk '{ print $1, $3 }' $LIST) 2>&1 | tap_diag
	tap_result ${PIPESTATUS[0]} "the kernel's list of watchers is tracing/expected-order for this kernel"
	bad=$(awk '$2 != NR_EV[$1]++ || $NF !~ /^(direct|off|walk)$/' $LIST)
	echo "$bad" | grep . | tap_diag
	[ -z "$bad" ]
	tap_result $? "each line of the list: EVENT IDX (from 0) FUNCTION direct|off|walk"
	check bpftrace order-check.sh
	check trace-cmd trace-cmd-check.sh
fi
tap_end
