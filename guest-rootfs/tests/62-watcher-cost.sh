#!/bin/bash
# tracing/watcher-cost.sh over the latency workload (/opt/tw/latency-work):
# each watcher's net cost (less an empty watcher's) measured by bpftrace (the kernel's
# duration field) and by an ftrace synthetic event with a hist trigger
# (ring-buffer timestamps of task_watcher_call and task_watcher_return),
# and the two agree within watcher-cost.awk's bound.  Bounds in
# instructions need the icount machine (the latency scenario).
. /opt/tw/lib/tap.sh
T=/opt/tw/tracing
KO=/mnt/tw/modules/task_watchers_sample.ko
OUT=/tmp/watcher-cost
CASES="both ways ran|calibrated on the empty watcher sample_empty|net medians and trimmed means agree"

skip_all() { local IFS='|' c; for c in $CASES; do tap_skip "$1" "watcher cost: $c"; done; tap_end; exit; }

tap_begin
[ -d /sys/kernel/tracing/events/task_watchers ] || skip_all "kernel without the tracepoint patch"
[ "${TW_MACHINE:-}" = icount ] || skip_all "host-time latencies on the ${TW_MACHINE:-unknown} machine: the latency scenario checks them (icount)"
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
tap_end
