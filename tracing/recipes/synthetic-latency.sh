#!/bin/bash
# Each watcher's latency as a log2 histogram, from the ring buffer's
# timestamps instead of the kernel's duration field: a synthetic event
# pairs each task_watchers_call with the return of the same task
# (common_pid), which stays right with several CPUs dispatching at once
# and a watcher that sleeps.  event is unsigned int: a synthetic field
# must match the size and signedness of what feeds it.  Any guest; the
# figures are instructions on the icount guest (make shell SCENARIO=run).
#   usage: synthetic-latency.sh COMMAND...
set -eu
T=/sys/kernel/tracing
E=$T/events/task_watchers
SYNTH='watcher_lat unsigned int event; u64 func; u64 lat'
ON_CALL='hist:keys=common_pid:ts0=common_timestamp'
ON_RETURN='hist:keys=common_pid:lat=common_timestamp-$ts0:onmatch(task_watchers.task_watchers_call).trace(watcher_lat,event,func,$lat)'
ON_SYNTH='hist:keys=func.sym,lat.log2:sort=func,lat'
echo "$SYNTH" >> $T/synthetic_events
echo "$ON_CALL" > $E/task_watchers_call/trigger
echo "$ON_RETURN" > $E/task_watchers_return/trigger
echo "$ON_SYNTH" > $T/events/synthetic/watcher_lat/trigger
"$@" > /dev/null
cat $T/events/synthetic/watcher_lat/hist
echo "!$ON_SYNTH" > $T/events/synthetic/watcher_lat/trigger
echo "!$ON_RETURN" > $E/task_watchers_return/trigger
echo "!$ON_CALL" > $E/task_watchers_call/trigger
echo "!$SYNTH" >> $T/synthetic_events
