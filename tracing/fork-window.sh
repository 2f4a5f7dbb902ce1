#!/bin/bash
# Record with bpftrace the INIT and CLONE dispatches of COMMAND's forks,
# the cancel of a fork that failed after INIT (task_watchers_cancel_fork),
# and the scheduler's fork window around them: sched_fork() and its
# return, sched_post_fork()'s return and, where the kernel has them
# (6.12), sched_cancel_fork() and sched_cgroup_fork()'s failures; then
# check their order (fork-window.awk).
# FREE is recorded too, where it must only come from a task's own
# do_exit(): a failed fork raises none.  A new task that never ran still
# has COMMAND's name (fork_window's children rename themselves), and
# COMMAND's own exit has its do_exit() before it.
#   usage: fork-window.sh COMMAND...   OUT=file keeps the recording
#          fork-window.sh -i OUT        checks a recording again
#          fork-window.sh --cancel      1 if the kernel has sched_cancel_fork()
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/fork-window.out}
# sched_cancel_fork() came with sched_ext (6.12), and so did an int
# sched_cgroup_fork() (void before: no return value to read)
CANCEL=$(grep -qw sched_cancel_fork /proc/kallsyms && echo 1 || echo 0)

# event NAME: its value in the tracepoints' 'event' field
event() { sed '/^#/d' "$HERE/events" | grep -nx "$1" | awk -F: '{ print $1 - 1 }'; }

# One line per hit, "NSECS TID POINT [VALUE]": sorted by time, since
# bpftrace prints each CPU's buffer in turn and a fork can change CPU.
program() {
	local c=$1
	cat <<-BT
	BEGIN { printf("attached\n"); }
	tracepoint:task_watchers:task_watchers_begin /comm == "$c" && args->event == $(event init)/
	{ printf("%llu %d init\n", nsecs, tid); }
	tracepoint:task_watchers:task_watchers_begin /comm == "$c" && args->event == $(event clone)/
	{ printf("%llu %d clone\n", nsecs, tid); }
	tracepoint:task_watchers:task_watchers_begin
	/comm == "$c" && args->event == $(event free) && args->comm == "$c"/
	{ printf("%llu %d free\n", nsecs, tid); }
	kprobe:task_watchers_cancel_fork /comm == "$c"/ { printf("%llu %d undo\n", nsecs, tid); }
	kprobe:sched_fork /comm == "$c"/ { printf("%llu %d sched_fork\n", nsecs, tid); }
	kretprobe:sched_fork /comm == "$c"/ { printf("%llu %d sched_fork_ret %d\n", nsecs, tid, retval); }
	kretprobe:sched_post_fork /comm == "$c"/ { printf("%llu %d post_fork_ret\n", nsecs, tid); }
	kprobe:do_exit /comm == "$c"/ { printf("%llu %d do_exit\n", nsecs, tid); }
	BT
	[ "$CANCEL" = 0 ] || cat <<-BT
	kprobe:sched_cancel_fork /comm == "$c"/ { printf("%llu %d cancel\n", nsecs, tid); }
	kretprobe:sched_cgroup_fork /comm == "$c" && retval != 0/
	{ printf("%llu %d cgroup_fork_ret %d\n", nsecs, tid, retval); }
	BT
}

if [ "${1:-}" = --cancel ]; then
	echo "$CANCEL"; exit 0
elif [ "${1:-}" = -i ]; then
	OUT=$2
else
	[ $# -gt 0 ] || { echo "usage: $0 COMMAND... | -i OUT" >&2; exit 2; }
	rc=0; bpftrace -c "$*" -e "$(program "$(basename "$1" | cut -c1-15)")" > "$OUT" 2>&1 || rc=$?
	[ $rc = 0 ] || { cat "$OUT" >&2; echo "bpftrace failed ($rc)" >&2; exit 2; }
	# what the command printed
	grep -v -E '^(attached|Attaching|[0-9]+ [0-9]+ [a-z_]+( -?[0-9]+)?|)$' "$OUT" || true
fi
if grep -q '^Lost [0-9]* events' "$OUT"; then
	grep '^Lost' "$OUT" >&2; echo "bpftrace lost events: the recording is incomplete" >&2; exit 2
fi
grep -E '^[0-9]+ [0-9]+ [a-z_]+( -?[0-9]+)?$' "$OUT" | sort -n -s -k1,1 | cut -d' ' -f2- |
	awk -v cancel="$CANCEL" -f "$HERE/fork-window.awk"
