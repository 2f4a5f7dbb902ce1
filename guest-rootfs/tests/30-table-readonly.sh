#!/bin/bash
# The watcher tables are read-only once the kernel has marked .rodata so:
# a write to an INIT table entry faults.  Booted with rodata=off, the test
# must notice that the table is writable instead of passing blindly.
# only the debug kernel has the debugfs test watcher:
# tw-needs: flavour=debug
. /opt/tw/lib/tap.sh
F=/sys/kernel/debug/task_watchers/table_write

tap_begin
if [ ! -r $F ]; then
	tap_skip "no $F (CONFIG_TASK_WATCHERS_DEBUGFS)" "watcher table is read-only"
elif grep -qw 'rodata=off' /proc/cmdline; then
	tap_expect_eq writable "$(cat $F)" "with rodata=off the watcher table is writable, and the test sees it"
else
	tap_expect_eq fault "$(cat $F)" "a write to the INIT watcher table faults"
fi
tap_end
