#!/bin/bash
# Record the EXEC dispatches only (event 2, enum task_watcher_event's
# order in tracing/events), filtered in the kernel, with trace-cmd,
# while COMMAND runs; then report them.  Any guest.
#   usage: trace-cmd-exec-only.sh COMMAND...
set -eu
trace-cmd record -q -e task_watchers:task_watchers_end -f 'event == 2' \
	-o /tmp/exec-only.dat "$@" > /dev/null
trace-cmd report -i /tmp/exec-only.dat
