#!/bin/bash
# Allocation failure on every path the watchers sit on: fail the 1st,
# 2nd, ... slab allocation of a fork, an exec and a setuid until none is
# left (src/fail_nth.c), with a mempolicy to copy and auditing on, so the
# INIT watchers' own allocations fail too.  Each step must fail with an
# errno or succeed, and the process must stay usable; a fork failing
# after INIT must cancel the INIT watchers with the new task owning no mm,
# files, fs or nsproxy (the debugfs test watcher's cancelled) and raise no
# FREE; 90-kmemleak.sh then
# checks that nothing leaked, and the host that nothing splatted.  The
# exec sweep also meets a known 6.1 elf_load() bug (src/fail_nth.c,
# bss_hang()), which it names and counts apart.
# only the debug kernel has FAILSLAB and fail-nth:
# tw-needs: flavour=debug
. /opt/tw/lib/tap.sh
F=/sys/kernel/debug/failslab
BIN=/opt/tw/bin

sweep() {
	local what=$1 out=/tmp/fail-nth.$$; shift
	"$@" > $out 2>&1
	local rc=$?
	grep -v '^n=' $out | tap_diag; grep -m10 -E 'BAD|HUNG|known' $out | tap_diag
	grep -q ' [1-9][0-9]* injections' $out || { echo "no injection at all" | tap_diag; rc=1; }
	tap_result $rc "fail_nth sweep, $what: $(tail -1 $out)"
}

tap_begin
if [ ! -d $F ] || [ ! -w /proc/thread-self/fail-nth ]; then
	for w in fork exec setuid "auditing on" "fork with a mempolicy and auditing on"; do
		tap_skip "no $F or fail-nth (CONFIG_FAILSLAB, CONFIG_FAULT_INJECTION_DEBUG_FS)" "fail_nth sweep, $w"
	done
	tap_end; exit
fi
# fail sleeping allocations too (fork's are GFP_KERNEL), quietly
echo N > $F/ignore-gfp-wait
echo 0 > $F/verbose
sweep fork $BIN/fail_nth fork
sweep exec $BIN/fail_nth exec
sweep setuid $BIN/fail_nth setuid
# one sweep with both: every allocation point of a fork with either is
# one of a fork with both, so each is failed once all the same
auditctl -e 1 > /dev/null && auditctl -a exit,always -F arch=b64 -S getppid -k tw-fail-nth > /dev/null
tap_result $? "auditing on (auditctl), so that audit_task_init allocates in the next sweep"
sweep "fork with a mempolicy and auditing on" numactl --interleave=all $BIN/fail_nth fork
auditctl -D > /dev/null; auditctl -e 0 > /dev/null
echo Y > $F/ignore-gfp-wait
echo 2 > $F/verbose
tap_end
