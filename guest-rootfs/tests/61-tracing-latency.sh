#!/bin/bash
# tracing/watcher-latency.bt draws a latency histogram for every watcher
# of every event the running kernel has (tracing/expected.sh), and a
# dispatch total per event, over the all-paths workload.
. /opt/tw/lib/tap.sh
T=/opt/tw/tracing
OUT=/tmp/watcher-latency.out

tap_begin
if [ ! -d /sys/kernel/tracing/events/task_watchers ]; then
	tap_skip "kernel without the tracepoint patch" "per-watcher latency histograms"
	tap_end; exit
fi
bpftrace -c /opt/tw/bin/tw_workload "$T/watcher-latency.bt" > $OUT 2>&1
tap_result $? "watcher-latency.bt runs over the workload"
missing=0
while read -r ev idx fn; do
	grep -q "^@watcher_ns\[$ev, $fn\]:" $OUT || { echo "no histogram for $ev $fn" | tap_diag; missing=1; }
done < <("$T/expected.sh")
tap_result $missing "a latency histogram for every watcher of every event"
n=$(grep -c '^@dispatch_ns\[' $OUT)
tap_expect_eq 7 "$n" "a dispatch latency histogram for each of the 7 events"

# On the icount machine a guest nanosecond is an instruction, so each
# watcher's average call is bounded by what it does.  The per-function
# profile (docs/data/bench-ref/profile/diff.md) gives the watchers the
# benchmark reaches 5 to 19 instructions per call; the instrument, a
# local_clock() on each side and the tracepoint's record, adds 40 to 80
# (cpuset_task_init, 6 instructions of its own, averages 59 here).  150
# is the costliest watcher plus twice the instrument's largest share; a
# watcher that allocates, sleeps, spins or walks a list costs hundreds
# to thousands.  On other machines the latencies are host time.
BOUND=150
if [ "${TW_MACHINE:-}" != icount ]; then
	tap_skip "host-time latencies on the ${TW_MACHINE:-unknown} machine: the latency scenario checks them (icount)" \
		"every watcher's average call within $BOUND instructions"
else
	awk -v bound=$BOUND '/^@watcher_avg_ns\[/ { n++; v = $NF + 0
		if (v < 1 || v > bound) { print "out of bounds: " $0; bad = 1 } else print }
		END { exit bad || !n }' $OUT | tap_diag
	tap_result "${PIPESTATUS[0]}" "every watcher's average call within $BOUND instructions (icount)"
fi

# The watchers themselves stay attachable: kprobe and kfunc (fentry) on
# the first INIT watcher, both in one bpftrace run, count one call per
# fork of the workload or more.
fn=$("$T/expected.sh" | awk '$1 == "init" { print $3; exit }')
out=$(bpftrace -c /opt/tw/bin/tw_workload -e "kprobe:$fn { @kprobe = count(); } kfunc:$fn { @kfunc = count(); }" 2>&1)
for probe in kprobe kfunc; do
	n=$(echo "$out" | sed -n "s/^@$probe: //p")
	[ "${n:-0}" -ge 5 ] || echo "$probe:$fn counted '${n:-nothing}'" | tap_diag
	[ "${n:-0}" -ge 5 ]
	tap_result $? "$probe:$fn attaches and counts the workload's forks (${n:-0})"
done
tap_end
