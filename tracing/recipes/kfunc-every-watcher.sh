#!/bin/bash
# Count each directly called watcher's calls with fentry (bpftrace's
# kfunc:) while COMMAND runs, the targets read from the kernel's list
# and kept to those ftrace can attach to (available_filter_functions:
# lockdep's watcher, in a file built without ftrace, is not one).
# Any guest (make shell).
#   usage: kfunc-every-watcher.sh COMMAND...
set -eu
T=/sys/kernel/tracing
probes=$(awk 'NR == FNR { ok[$1] = 1; next }
	$NF == "direct" && ($3 in ok) { printf "kfunc:%s { @calls[probe] = count(); }\n", $3 }' \
	$T/available_filter_functions $T/task_watchers)
bpftrace -c "$*" -e "$probes"
