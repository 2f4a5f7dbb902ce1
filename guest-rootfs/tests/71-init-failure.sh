#!/bin/bash
# An INIT watcher's failure at each position of the INIT table that can
# fail: clone(CLONE_SYSVSEM) with a mempolicy and auditing on, failing its
# 1st, 2nd, ... allocation (fail_nth clone-sysvsem), makes audit_task_init,
# mpol_task_init and sem_undo_task_init fail in turn, each after the ones
# before it succeeded.  The task_watcher_return tracepoint (ret != 0) says
# which watcher failed; each failed clone must return its errno, and the
# FREE watchers must undo what the earlier ones did (90-kmemleak checks
# that nothing leaked, the host that nothing splatted).
# only the debug kernel has FAILSLAB and fail-nth:
# tw-needs: flavour=debug
. /opt/tw/lib/tap.sh
F=/sys/kernel/debug/failslab
T=/sys/kernel/tracing
EV=$T/events/task_watchers/task_watcher_return
BIN=/opt/tw/bin
WATCHERS="audit_task_init mpol_task_init sem_undo_task_init"

tap_begin
if [ ! -d $F ] || [ ! -w /proc/thread-self/fail-nth ] || [ ! -d $EV ]; then
	for w in sweep $WATCHERS; do
		tap_skip "no $F, fail-nth or $EV (CONFIG_FAILSLAB, CONFIG_FAULT_INJECTION_DEBUG_FS, tracing)" \
			"INIT failure: $w"
	done
	tap_end; exit
fi
out=/tmp/init-failure.$$
echo N > $F/ignore-gfp-wait
echo 0 > $F/verbose
auditctl -e 1 > /dev/null && auditctl -a exit,always -F arch=b64 -S getppid -k tw-init > /dev/null
tap_result $? "INIT failure: auditing on (auditctl), so that audit_task_init allocates"
echo > $T/trace
echo 'event == 0 && ret != 0' > $EV/filter
echo 1 > $EV/enable
# How many allocations a clone makes before INIT can differ by one from
# one sweep to the next (seen: mpol_task_init's step skipped, the next
# watcher's taken twice), so sweep again, up to 3 times, until each INIT
# watcher has failed once; every step of every sweep must be clean.
rc=0
for sweep in 1 2 3; do
	numactl --interleave=all $BIN/fail_nth clone-sysvsem > $out.$sweep 2>&1 || rc=1
	grep -v '^n=' $out.$sweep | tap_diag; grep -m5 'BAD' $out.$sweep | tap_diag
	missing=$(for w in $WATCHERS; do grep -q "func=$w ret=-12 " $T/trace || echo $w; done)
	[ -z "$missing" ] && break
	echo "sweep $sweep: no failure yet of $(echo $missing)" | tap_diag
done
echo 0 > $EV/enable
echo 0 > $EV/filter
auditctl -D > /dev/null; auditctl -e 0 > /dev/null
echo Y > $F/ignore-gfp-wait
echo 2 > $F/verbose

tap_result $rc "INIT failure: $sweep sweep(s) of clone(CLONE_SYSVSEM), each step clean: $(tail -1 $out.$sweep)"
# "... func=audit_task_init ret=-12 ..." per failed INIT watcher
failed=$(grep -o 'func=[a-z_0-9]* ret=-[0-9]*' $T/trace | sort | uniq -c)
echo "$failed" | tap_diag
for w in $WATCHERS; do
	echo "$failed" | grep -q "func=$w ret=-12\$"
	tap_result $? "INIT failure: $w failed with ENOMEM, and the clone with it"
done
echo > $T/trace
tap_end
