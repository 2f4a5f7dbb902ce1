#!/bin/bash
# tracing/watcher-latency.bt draws a latency histogram for every watcher
# of every event the running kernel has (tracing/expected.sh), and a
# dispatch total per event, over the all-paths workload, on any machine
# (62-watcher-cost bounds the figures where they are instructions).
# tw-needs: tree=patched
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
