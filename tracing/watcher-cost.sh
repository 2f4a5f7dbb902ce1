#!/bin/bash
# Per-watcher cost net of the instrument, two independent ways, while
# COMMAND runs (default: the all-paths workload), one after the other:
#  bpftrace  the kernel's own duration of each call (task_watchers_return,
#            local_clock() around the call), every value counted exactly;
#  hist      no bpftrace: an ftrace synthetic event, watcher_latency,
#            fed from task_watchers_call to task_watchers_return (the ring
#            buffer's timestamps of the two tracepoints), and a hist
#            trigger keyed on the watcher and the latency, set up with
#            trace-cmd (needs CONFIG_HIST_TRIGGERS, which selects
#            CONFIG_SYNTH_EVENTS; skipped without).
# Each way's instrument is calibrated from the same run: the median of an
# empty watcher (watcher-cost.awk says which); the net figures are the
# raw ones less it, and both ways must agree within watcher-cost.awk's
# bound.  Writes OUT/watcher-cost.raw ("WAY EVENT WATCHER VALUE COUNT")
# and OUT/watcher-cost.tsv (per watcher, for the host's table).
# Exit status: 0 agreed (or one way only), 1 disagreed, 2 a way failed.
#   usage: watcher-cost.sh [COMMAND...]   WAYS="bpftrace hist"  OUT=dir
#          watcher-cost.sh -i RAW         reads a recording again
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
T=/sys/kernel/tracing
OUT=${OUT:-/tmp}
WAYS=${WAYS:-bpftrace hist}
RAW=$OUT/watcher-cost.raw
# the kernel's list of watchers, which orders the table's rows; a
# recording read again (-i) keeps the list it was made with
LIST=${LIST:-$T/task_watchers}

# SYNTH and the three triggers.  The call's ring-buffer time by (event,
# idx): a handful of keys that stay in the map, looked up inside the
# interval (a key per task would put a map insertion into some intervals
# only; a large map makes two keys sharing a slot, which would cost one
# watcher a few instructions more, unlikely).  The return's latency into
# watcher_latency; its histogram, an entry per watcher and value.
# event is unsigned int: a synthetic field must match the size and
# signedness of what feeds it, here an enum task_watcher_event.
SYNTH='watcher_latency unsigned int event; u64 func; u64 lat'
ON_CALL='hist:keys=event,idx:ts0=common_timestamp:size=8192'
ON_RETURN='hist:keys=event,idx:lat=common_timestamp-$ts0:onmatch(task_watchers.task_watchers_call).trace(watcher_latency,event,func,$lat)'
ON_SYNTH='hist:keys=event,func.sym,lat:size=8192'

way_bpftrace() {
	local out=/tmp/watcher-cost.bt rc=0
	command -v bpftrace > /dev/null || { echo "skip: bpftrace: not installed" >&2; return 0; }
	BPFTRACE_MAP_KEYS_MAX=65536 bpftrace -c "$*" -e 'BEGIN { printf("attached\n"); }
		tracepoint:task_watchers:task_watchers_return
		{ @n[args->event, ksym(args->func), args->duration] = count(); }' > $out 2>&1 || rc=$?
	[ $rc = 0 ] || { cat $out >&2; echo "bpftrace failed ($rc)" >&2; return 2; }
	sed -n 's/^@n\[\([0-9]*\), \([^,]*\), \([0-9]*\)\]: \([0-9]*\)$/bpftrace \1 \2 \3 \4/p' $out
}

way_hist() {
	local rc=0
	[ -f $T/synthetic_events ] && [ -f $T/events/task_watchers/task_watchers_call/hist ] ||
		{ echo "skip: hist: no synthetic events or hist triggers (CONFIG_HIST_TRIGGERS)" >&2; return 0; }
	trace-cmd reset > /dev/null 2>&1 || true
	echo "$SYNTH" >> $T/synthetic_events
	trace-cmd start -e task_watchers:task_watchers_call -R "$ON_CALL" \
		-e task_watchers:task_watchers_return -R "$ON_RETURN" \
		-e synthetic:watcher_latency -R "$ON_SYNTH" > /dev/null || rc=$?
	[ $rc = 0 ] && { "$@" > /dev/null || rc=$?; }
	cp $T/events/synthetic/watcher_latency/hist /tmp/watcher-cost.hist 2>/dev/null || rc=2
	[ $rc = 0 ] || cat $T/error_log >&2
	trace-cmd reset > /dev/null 2>&1 || true
	[ $rc = 0 ] || { echo "hist way failed ($rc)" >&2; return 2; }
	# "{ event: 0, func: [ffffffff8112c4e0] cpuset_task_init   , lat: 212 } hitcount: 521"
	sed -n 's/^{ event: *\([0-9]*\), func: \[[0-9a-f]*\] \([^ ]*\)[^,]*, lat: *\([0-9]*\) *} hitcount: *\([0-9]*\)$/hist \1 \2 \3 \4/p' \
		/tmp/watcher-cost.hist
	grep -E '^ *(Dropped|Entries):' /tmp/watcher-cost.hist | sed 's/^ */hist-totals /' >&2
}

failed=0
if [ "${1:-}" = -i ]; then
	RAW=$2
	[ ! -f "$RAW.list" ] || LIST=$RAW.list
else
	[ $# -gt 0 ] || set -- /opt/tw/bin/tw_workload
	: > "$RAW"
	cp "$LIST" "$RAW.list"; LIST=$RAW.list
	for way in $WAYS; do way_$way "$@" >> "$RAW" || failed=2; done
fi
rc=0
awk -v events="$(sed '/^#/d' "$HERE/events" | paste -sd' ')" -v tsv="$OUT/watcher-cost.tsv" \
	-f "$HERE/watcher-cost.awk" <(LIST=$LIST "$HERE/expected.sh") <(sort -k1,1 -k2,2n -k3,3 -k4,4n "$RAW") || rc=$?
exit $((failed ? failed : rc))
