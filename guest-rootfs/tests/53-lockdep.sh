#!/bin/bash
# Lockdep follows the tasks fork creates (debug kernel, PROVE_LOCKING):
# lock chains taken by new tasks are recorded, and a fork/exec workload
# leaves lockdep on, with no lockdep or irq-state report.  copy_process()
# (or its task watcher) resets each new task's held-lock stack and irq
# state; a task starting with its parent's would trip lockdep, which then
# turns itself off (debug_locks 0) and stops counting.
# only the debug kernel has PROVE_LOCKING:
# tw-needs: flavour=debug
. /opt/tw/lib/tap.sh
STATS=/proc/lockdep_stats
REPORTS=$(grep -v '^#' /opt/tw/lib/kernel-trouble | paste -sd'|')

lockdep_stat() { awk -F: -v k=" $1" '$1 == k { print $2 + 0 }' $STATS; }

# Short-lived tasks that fork, exec and take locks this boot may not have
# taken in these combinations: SysV IPC, keys, namespaces, pipes, timers.
# Twice: the first round records the new chains, the second takes them
# again in tasks forked after they were recorded.  One fork is by a
# parent that holds locks lockdep tracks: opening a char device nobody
# registered makes the kernel ask for its module, and a workqueue
# worker, inside the workqueue's lockdep maps, forks modprobe
# (usermodehelper).  A child that kept its parent's held-lock stack
# returns to user space "holding" them, and lockdep says so.
workload() {
	local i
	mknod /tmp/tw-nodev c 240 0
	for i in 1 2; do
		cat /tmp/tw-nodev 2> /dev/null
		/bin/true
		sh -c 'exec cat /proc/self/stat > /dev/null'
		ipcmk -S 2 > /dev/null && ipcrm --all=sem
		ipcmk -Q > /dev/null && ipcrm --all=msg
		keyctl session - true > /dev/null 2>&1
		unshare -U -m -p -f --mount-proc true
		echo x | tr x y > /dev/null
	done
	rm -f /tmp/tw-nodev
	stress-ng --quiet --timeout 3 --clone 1 --vfork 1 --exec 1 --pipe 1 \
		--sem-sysv 1 --timerfd 1 --signalfd 1 --eventfd 1 --epoll 1 \
		--inotify 1 --futex 1 > /dev/null 2>&1
}

tap_begin
if [ ! -r $STATS ]; then
	why="no $STATS (CONFIG_PROVE_LOCKING): release kernel"
	tap_skip "$why" "lockdep records the lock chains of new tasks"
	tap_skip "$why" "lockdep still on after a fork/exec workload"
	tap_skip "$why" "no lockdep or irq-state report from the workload"
else
	dmesg > /tmp/dmesg-before.txt
	chains=$(lockdep_stat "dependency chains"); deps=$(lockdep_stat "direct dependencies")
	workload
	chains2=$(lockdep_stat "dependency chains"); deps2=$(lockdep_stat "direct dependencies")
	echo "dependency chains $chains -> $chains2, direct dependencies $deps -> $deps2" | tap_diag
	[ "$chains2" -gt "$chains" ] && [ "$deps2" -gt "$deps" ]
	tap_result $? "lockdep records the lock chains of new tasks"
	tap_expect_eq 1 "$(lockdep_stat debug_locks)" "lockdep still on after a fork/exec workload"
	dmesg | diff /tmp/dmesg-before.txt - | grep '^>' | grep -E "$REPORTS" > /tmp/lockdep-reports.txt
	head -40 /tmp/lockdep-reports.txt | tap_diag
	[ ! -s /tmp/lockdep-reports.txt ]
	tap_result $? "no lockdep or irq-state report from the workload"
fi
tap_end
