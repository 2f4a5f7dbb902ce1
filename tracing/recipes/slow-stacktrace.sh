#!/bin/bash
# The kernel stack that called each watcher taking NS ns or more
# (default 100000), by a stacktrace trigger filtered on duration, into
# the trace buffer, while COMMAND runs.  Any guest; NS are instructions
# on the icount guest (make shell SCENARIO=run).
#   usage: NS=100000 slow-stacktrace.sh COMMAND...
set -eu
T=/sys/kernel/tracing
E=$T/events/task_watchers/task_watchers_return
TRIGGER="stacktrace if duration >= ${NS:-100000}"
echo > $T/trace
echo "$TRIGGER" > $E/trigger
"$@" > /dev/null
echo "!$TRIGGER" > $E/trigger
grep -v '^#' $T/trace
