#!/bin/bash
# tracing/watcher-cost.sh over the latency workload (/opt/tw/latency-work):
# each watcher's net cost (less an empty watcher's) measured by bpftrace (the kernel's
# duration field) and by an ftrace synthetic event with a hist trigger
# (ring-buffer timestamps of task_watchers_call and task_watchers_return),
# and the two agree within watcher-cost.awk's bound; and every watcher's
# average call under tracing/watcher-latency.bt is bounded.  Bounds in
# instructions need the icount machine (the latency scenario).
# tw-needs: tree=patched machine=icount
. /opt/tw/lib/tap.sh
T=/opt/tw/tracing
KO=/mnt/tw/modules/task_watchers_sample.ko
OUT=/tmp/watcher-cost
BOUND=150
CASES="both ways ran|calibrated on the empty watcher sample_empty|net medians and trimmed means agree|every watcher's average call within $BOUND instructions"

skip_all() { local IFS='|' c; for c in $CASES; do tap_skip "$1" "watcher cost: $c"; done; tap_end; exit; }

tap_begin
[ -d /sys/kernel/tracing/events/task_watchers ] || skip_all "kernel without the tracepoint patch"
[ -f /sys/kernel/tracing/synthetic_events ] || skip_all "kernel without CONFIG_HIST_TRIGGERS (configs/common.config)"
[ -f $KO ] && insmod $KO
mkdir -p $OUT
rc=0; OUT=$OUT $T/watcher-cost.sh /bin/bash /opt/tw/latency-work > $OUT/out 2>&1 || rc=$?
tap_diag < $OUT/out
[ $rc != 2 ] && grep -q '^hist ' $OUT/watcher-cost.raw && grep -q '^bpftrace ' $OUT/watcher-cost.raw
tap_result $? "watcher cost: both ways ran"
if [ -f $KO ]; then
	grep -q '^calibration, bpftrace: .* sample_empty' $OUT/out && grep -q '^calibration, hist: .* sample_empty' $OUT/out
	tap_result $? "watcher cost: calibrated on the empty watcher sample_empty"
	rmmod task_watchers_sample
else
	tap_skip "no $KO" "watcher cost: calibrated on the empty watcher sample_empty"
fi
[ $rc = 0 ]
tap_result $? "watcher cost: net medians and trimmed means agree"

# On the icount machine a guest nanosecond is an instruction, so each
# watcher's average call is bounded by what it does.  The per-function
# profile (docs/data/bench-ref/6.12/profile/diff.md) gives the watchers the
# benchmark reaches 5 to 19 instructions per call; the instrument, a
# local_clock() on each side and the tracepoint's record, adds 40 to 80
# (cpuset_task_init, 6 instructions of its own, averages 59 here).  150
# is the costliest watcher plus twice the instrument's largest share; a
# watcher that allocates, sleeps, spins or walks a list costs hundreds
# to thousands.  On other machines the latencies are host time.
bpftrace -c /opt/tw/bin/tw_workload "$T/watcher-latency.bt" > $OUT/latency 2>&1
awk -v bound=$BOUND '/^@watcher_avg_ns\[/ { n++; v = $NF + 0
	     if (v < 1 || v > bound) { print "out of bounds: " $0; bad = 1 } else print }
	END { exit bad || !n }' $OUT/latency | tap_diag
tap_result "${PIPESTATUS[0]}" "watcher cost: every watcher's average call within $BOUND instructions"

tap_end
