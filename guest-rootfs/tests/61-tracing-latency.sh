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
tap_end
