#!/bin/bash
# Count each directly called watcher's calls with fentry (bpftrace's
# kfunc:) while COMMAND runs, the targets read from the kernel's list.
# Any guest (make shell).
#   usage: kfunc-every-watcher.sh COMMAND...
set -eu
probes=$(awk '$NF == "direct" { printf "kfunc:%s { @calls[probe] = count(); }\n", $3 }' \
	/sys/kernel/tracing/task_watchers)
bpftrace -c "$*" -e "$probes"
