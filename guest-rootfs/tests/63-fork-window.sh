#!/bin/bash
# The INIT and CLONE watchers stay outside the scheduler's fork window:
# INIT before sched_fork() (where 6.12's sched_ext takes scx_fork_rwsem),
# CLONE after sched_post_fork() (where it lets it go).  A fork that fails
# after sched_fork() (clone3 into a bad cgroup fd: EBADF) cancels its INIT
# watchers after sched_cancel_fork() where the kernel has one (6.12), and
# raises no FREE; one that
# sched_fork() itself refuses (a SCHED_DEADLINE parent: EAGAIN) must not
# reach sched_cancel_fork(), which would release a lock never taken
# (lockdep reports it on the debug kernel; the host checks the console).
# Where the kernel has sched_ext (6.12), a fork that sched_cgroup_fork()
# fails (a BPF scheduler, guest-rootfs/bpf/tw_failfork.bpf.c, refusing it
# in ops.init_task(): ENOMEM) cancels them after sched_cancel_fork() too.
# Seen with bpftrace (tracing/fork-window.sh); the checker must also fail
# on the same recording with an INIT moved after sched_fork().
. /opt/tw/lib/tap.sh
T=/opt/tw/tracing
W=/opt/tw/bin/fork_window
EV=/sys/kernel/tracing/events/task_watchers
SCX=/opt/tw/bin/tw_failfork.bpf.o
FORKS=5
out=/tmp/fork-window.out rec=/tmp/fork-window.rec

# the workload's own results, whatever traced it
steps() {
	local want
	for want in "fork: ok" "bad-cgroup: EBADF" "deadline: EAGAIN" "after: ok"; do
		grep -qx "$want" $out
		tap_result $? "fork window workload: ${want/:/ gives}"
	done
}

# scx COMMAND...: COMMAND run with tw_failfork loaded, its output in
# $out.scx; COMMAND's rc, or 1 if the scheduler did not load and unload
scx() {
	local rc=0 log=$out.scx.log
	: > $out.scx
	bpftool struct_ops register $SCX > $log 2>&1 || rc=1
	grep -qx tw_failfork /sys/kernel/sched_ext/root/ops 2>> $log || rc=1
	[ $rc != 0 ] || "$@" > $out.scx 2>&1 || rc=$?
	bpftool struct_ops unregister name tw_failfork >> $log 2>&1 || rc=1
	grep -qx disabled /sys/kernel/sched_ext/state || { echo "sched_ext not disabled after unregister"; rc=1; } >> $log
	tap_diag < $log; tap_diag < $out.scx
	return $rc
}

tap_begin
if [ ! -d $EV ]; then
	$W $FORKS > $out 2>&1
	tap_diag < $out
	steps
	tap_skip "no $EV: kernel without the tracepoint patch" "fork window: INIT, CLONE and INIT's cancel outside sched_fork()'s window"
	if [ -d /sys/kernel/sched_ext ]; then
		scx $W --scx
		tap_result $? "fork window workload: with tw_failfork loaded, a fork gives ENOMEM"
	else
		tap_skip "no /sys/kernel/sched_ext: a kernel without sched_ext (6.1)" "fork window, sched_ext: a fork sched_cgroup_fork() fails"
	fi
	tap_end; exit
fi
OUT=$rec $T/fork-window.sh $W $FORKS > $out 2>&1
rc=$?
tap_diag < $out
steps
tap_result $rc "fork window: INIT before sched_fork(), CLONE after sched_post_fork(), no sched_cancel_fork() of a refused fork"
cancel=$($T/fork-window.sh --cancel)
tap_expect_eq "$((FORKS + 1)) CLONE after sched_post_fork(), 1 refused by sched_fork(), 0 by sched_cgroup_fork(), $cancel sched_cancel_fork(), INIT undone after: 1 refused, $cancel cancelled, $((1 - cancel)) failed in the window" \
	"$(tail -1 $out)" "fork window: every fork of the workload seen, each failed fork's INIT watchers cancelled after its failure"
# control REC A B WRONG: the recording REC with its first A hit moved
# after the B hit that follows it (their times swapped: the checker
# orders the hits by time) must fail the checker with WRONG
control() {
	awk -v a="$2" -v b="$3" '{ line[NR] = $0 } !i && $3 == a { i = NR } i && !j && $3 == b { j = NR }
		END {
			if (j) { split(line[i], x); split(line[j], y); sub(/^[0-9]+/, y[1], line[i]); sub(/^[0-9]+/, x[1], line[j]) }
			for (n = 1; n <= NR; n++) print line[n]
		}' "$1" > "$1.wrong"
	$T/fork-window.sh -i "$1.wrong" > $out.wrong 2>&1
	[ $? = 1 ] && grep -q "WRONG.*$4" $out.wrong
}

if [ -d /sys/kernel/sched_ext ]; then
	OUT=$rec.scx scx $T/fork-window.sh $W --scx
	rc=$?
	grep -qx "scx: ENOMEM" $out.scx || rc=1
	tap_result $rc "fork window, sched_ext: with tw_failfork loaded, the fork gives ENOMEM, in order"
	tap_expect_eq "0 CLONE after sched_post_fork(), 0 refused by sched_fork(), 1 by sched_cgroup_fork(), 1 sched_cancel_fork(), INIT undone after: 0 refused, 1 cancelled, 0 failed in the window" \
		"$(tail -1 $out.scx)" "fork window, sched_ext: sched_cgroup_fork() failed the fork, INIT watchers cancelled after sched_cancel_fork()"
	control $rec.scx cancel undo "INIT watchers cancelled inside the window, before sched_cancel_fork()"
	tap_result $? "fork window, sched_ext: the checker fails on that recording with the cancel before sched_cancel_fork()"
else
	tap_skip "no /sys/kernel/sched_ext: a kernel without sched_ext (6.1)" "fork window, sched_ext: a fork sched_cgroup_fork() fails"
fi
control $rec init sched_fork "sched_fork() not after the INIT watchers"
tap_result $? "fork window: the checker fails on the recording with an INIT after sched_fork()"
tap_end
