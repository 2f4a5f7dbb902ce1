#!/bin/bash
# The tracing tools (tracing/tools, on the guest's PATH, man pages in
# section 8) as a user runs them: -h prints the usage, an unknown option
# fails, the man page is there, and each tool traces a real workload and
# prints the fields its header promises, with its filters applied.
# tw-needs: tree=patched
. /opt/tw/lib/tap.sh
T=/opt/tw/tracing
W=/opt/tw/bin/tw_workload
TOOLS="tw-snoop tw-latency tw-initfail tw-slow"
KO=/mnt/tw/modules/task_watchers_sample.ko
D=/sys/kernel/debug/task_watchers_sample

tap_begin
for t in $TOOLS; do
	$t -h | grep -q "^USAGE: $t "
	tap_result $? "$t -h prints its usage"
	$t -Z > /dev/null 2>&1
	tap_expect_eq 2 $? "$t -Z (an unknown option) exits 2"
	man -P cat $t 2>/dev/null | grep -q "^SYNOPSIS"
	tap_result $? "man $t"
done

# rows OUTPUT: a tool's lines, TIME(ms) COMM PID EVENT ..., without what
# the traced command printed
rows() { grep -E "^[0-9]+ +[^ ]+ +[0-9]+ +($(grep -v '^#' $T/events | paste -sd'|')) " <<< "$1"; }

# tw-snoop: a line per dispatch of every event, with its watchers counted
# (DUR is local_clock()'s: in jiffies on a guest whose TSC is not
# trusted, so 0 is a duration there)
out=$(tw-snoop -c $W 2>&1)
echo "$out" | head -4 | tap_diag
grep -qx 'Tracing task watcher dispatches... Hit Ctrl-C to end.' <<< "$out" &&
	grep -qE '^TIME\(ms\) +COMM +PID +EVENT +VAL +NR +RET +DUR\(ns\)$' <<< "$out"
tap_result $? "tw-snoop: its banner and column header"
for ev in $(grep -v '^#' $T/events); do
	want=$($T/expected.sh | awk -v e=$ev '$1 == e' | wc -l)
	bad=$(rows "$out" | awk -v e=$ev -v n=$want '$4 == e && ($6 != n || $8 !~ /^[0-9]+$/ || $5 !~ /^0x[0-9a-f]+$/) { print; exit }')
	[ -z "$bad" ] || echo "$bad" | tap_diag
	rows "$out" | awk -v e=$ev '$4 == e { found = 1 } END { exit !found }' && [ -z "$bad" ]
	tap_result $? "tw-snoop: $ev dispatches, each with NR $want watchers, a VAL and a duration"
done
out=$(rows "$(tw-snoop -e exec -c $W 2>&1)")
[ -n "$out" ] && ! echo "$out" | awk '$4 != "exec"' | grep -q .
tap_result $? "tw-snoop -e exec: exec dispatches only"
# the command waits for the killed process to be a zombie or reaped (it
# has run do_exit() up to exit_notify()), then gives it and bpftrace a
# second for EXIT and the output: a loaded guest may take longer than a
# fixed sleep to run the dying task at all
sleep 30 & s=$!
out=$(rows "$(tw-snoop -p $s -c "kill $s; until grep -qs ') Z ' /proc/$s/stat || [ ! -e /proc/$s ]; do sleep 0.1; done; sleep 1" 2>&1)")
echo "$out" | tap_diag
[ -n "$out" ] && ! echo "$out" | awk -v p=$s '$3 != p' | grep -q . && echo "$out" | awk '$4 == "exit"' | grep -q .
tap_result $? "tw-snoop -p: only the tasks of that process (its exit)"

# tw-latency: a histogram for every watcher of every event
out=$(tw-latency -c $W 2>&1)
missing=0
while read -r ev idx fn; do
	echo "$out" | grep -q "^@ns\[$ev, $fn\]:" || { echo "no histogram for $ev $fn" | tap_diag; missing=1; }
done < <($T/expected.sh)
tap_result $missing "tw-latency: a histogram for every watcher of every event"
out=$(tw-latency -e init -c $W 2>&1)
echo "$out" | grep -q '^@ns\[init, ' && ! echo "$out" | grep '^@ns\[' | grep -qv '^@ns\[init, '
tap_result $? "tw-latency -e init: INIT watchers only"
out=$(tw-latency -i 1 -c "sleep 2.5; /bin/true" 2>&1)
n=$(echo "$out" | grep -cE '^[0-9]{2}:[0-9]{2}:[0-9]{2}$')
[ "$n" -ge 2 ]
tap_result $? "tw-latency -i 1: a timestamped summary every second ($n in 2.5 s)"

# tw-initfail: the sample module's INIT watcher fails a fork with EPERM
if [ -f $KO ] && insmod $KO; then
	out=$(tw-initfail -c "echo \$\$ > $D/fail_tgid; exec /opt/tw/bin/forkbench fork 1" 2>&1)
	echo 0 > $D/fail_tgid; rmmod task_watchers_sample
	echo "$out" | tap_diag
	echo "$out" | grep -qE '^[0-9]+ +forkbench +[0-9]+ +sample_init +1$' &&
		echo "$out" | grep -qE '^@failed\[sample_init, 1\]: 1$'
	tap_result $? "tw-initfail: the failing watcher, sample_init, and its errno, EPERM, counted once"
else
	tap_result 1 "tw-initfail: the sample module $KO loads"
fi
out=$(tw-initfail -c "/opt/tw/bin/forkbench fork 20" 2>&1)
! echo "$out" | grep -q '^@failed'
tap_result $? "tw-initfail: nothing when no fork fails"

# tw-slow: every exec watcher's call over 0 ns, with the stack that raised it
out=$(tw-slow -t 0 -e exec -c /bin/true 2>&1)
echo "$out" | head -12 | tap_diag
n=$($T/expected.sh | awk '$1 == "exec"' | wc -l)
got=$(rows "$out" | grep -cE '^[0-9]+ +[^ ]+ +[0-9]+ +exec +[a-z_]+ +[0-9]+ ns$')
[ "$got" -ge "$n" ] && echo "$out" | grep -q 'bprm_execve'
tap_result $? "tw-slow -t 0 -e exec: each exec watcher's call ($got of $n watchers) with a stack through bprm_execve"
out=$(tw-slow -t 1000000000 -c $W 2>&1)
[ -z "$(rows "$out")" ] && grep -q '^Tracing task watcher calls over 1000000000 ns' <<< "$out"
tap_result $? "tw-slow -t 1s: no call that slow"
tap_end
