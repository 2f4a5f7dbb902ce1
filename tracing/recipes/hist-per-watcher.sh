#!/bin/bash
# Calls and total ns of each watcher, by an ftrace hist trigger on
# task_watchers_return, while COMMAND runs.  Counts on any guest; the
# ns are instructions on the icount guest (make shell SCENARIO=run).
#   usage: hist-per-watcher.sh COMMAND...
set -eu
E=/sys/kernel/tracing/events/task_watchers/task_watchers_return
HIST='hist:keys=event,func.sym:vals=hitcount,duration:sort=event,func'
echo "$HIST" > $E/trigger
"$@" > /dev/null
cat $E/hist
echo "!$HIST" > $E/trigger
