#!/bin/bash
# do_exit() drops a task's SEM_UNDO list and NUMA policy where the
# unpatched kernel does, which the series leaves open-coded: exit_sem()
# after exit_mm() (so a woken waiter finds the task's mm gone: see also
# 42-sem-undo's undo_wakes_waiter_after_exit_mm), and
# mpol_put_task_policy() after the proc connector's exit event, so that
# every exit-time allocation up to there follows the task's policy.
# bpftrace records, for the exit of a child with both (src/exit_order.c):
# exit_mmap(), exit_sem(), proc_exit_connector(), mpol_put_task_policy(),
# in time order, with whether the task still had its policy and its undo
# list at each.  Runs on the unpatched kernel too: the order is the same.
. /opt/tw/lib/tap.sh
C=tw-exit-child
FUNCS="exit_mmap exit_sem proc_exit_connector mpol_put_task_policy"
out=/tmp/exit-order.out

program() {
	cat <<-BT
	BEGIN { printf("attached\n"); }
	kprobe:exit_mmap /comm == "$C"/
	{ printf("%llu mm policy=%d\n", nsecs, curtask->mempolicy != 0); }
	kprobe:exit_sem /comm == "$C"/
	{ printf("%llu sem policy=%d undo=%d\n", nsecs, curtask->mempolicy != 0,
	         curtask->sysvsem.undo_list != 0); }
	kprobe:proc_exit_connector /comm == "$C"/
	{ printf("%llu connector policy=%d\n", nsecs, curtask->mempolicy != 0); }
	kprobe:mpol_put_task_policy /comm == "$C"/
	{ printf("%llu put policy=%d\n", nsecs, curtask->mempolicy != 0); }
	BT
}

tap_begin
missing=$(for f in $FUNCS; do grep -qw "$f" /proc/kallsyms || echo $f; done)
if [ -n "$missing" ] || ! command -v bpftrace > /dev/null; then
	tap_skip "no bpftrace or no $(echo $missing) (CONFIG_NUMA, SYSVIPC, PROC_EVENTS)" \
		"exit order: policy and undo list dropped where the unpatched kernel drops them"
	tap_end; exit
fi
rc=0; bpftrace -c /opt/tw/bin/exit_order -e "$(program)" > $out 2>&1 || rc=$?
tap_result $rc "exit order: bpftrace ran the workload"
grep -q '^child status 0, semaphore 0: undone$' $out
tap_result $? "exit order: the child's SEM_UNDO +1 was undone once it was reaped"
if grep -q '^Lost [0-9]* events' $out; then rc=1; else rc=0; fi
tap_result $rc "exit order: bpftrace lost no events"
# bpftrace prints each CPU's buffer in turn: sort by time
got=$(grep -E '^[0-9]+ [a-z]+ ' $out | sort -n -s -k1,1 | cut -d' ' -f2- | paste -sd,)
tap_expect_eq "mm policy=1,sem policy=1 undo=1,connector policy=1,put policy=1" "$got" \
	"exit order: exit_mm, exit_sem, the connector's exit event, then the policy put, each with the policy still set"
tap_end
