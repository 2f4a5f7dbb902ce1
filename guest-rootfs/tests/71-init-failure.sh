#!/bin/bash
# An INIT watcher's failure at each position of the INIT table that can
# fail: clone(CLONE_SYSVSEM) with a mempolicy and auditing on, failing its
# 1st, 2nd, ... allocation (fail_nth clone-sysvsem), makes audit_task_init,
# mpol_task_init and sem_undo_task_init fail in turn, each after the ones
# before it succeeded.  The task_watchers_return tracepoint (ret != 0) says
# which watcher failed; each failed clone must return its errno, no INIT
# watcher after the failing one may be called (task_watchers_call), and
# the cancels must undo what the earlier ones did (90-kmemleak checks
# that nothing leaked, the host that nothing splatted).
# only the debug kernel has FAILSLAB and fail-nth:
# tw-needs: flavour=debug
. /opt/tw/lib/tap.sh
F=/sys/kernel/debug/failslab
T=/sys/kernel/tracing
EV=$T/events/task_watchers/task_watchers_return
CALL=$T/events/task_watchers/task_watchers_call
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
echo 'event == 0' > $CALL/filter
echo 1 > $EV/enable
echo 1 > $CALL/enable
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
echo 0 > $CALL/enable
echo 0 > $EV/filter
echo 0 > $CALL/filter
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
# A call after a failed return of the same dispatch (same pid, a larger
# idx before the next dispatch's idx=0) means the walk went on.
went_on=$(awk '
	{ pid = idx = ""; if (match($0, / pid=[0-9]+/)) pid = substr($0, RSTART + 5, RLENGTH - 5)
	  if (match($0, / idx=[0-9]+/)) idx = substr($0, RSTART + 5, RLENGTH - 5) + 0 }
	/task_watchers_return:/ && pid != "" { failed[pid] = idx; nfailed++; next }
	/task_watchers_call:/ && pid != "" {
		if (idx == 0) delete failed[pid]
		else if (pid in failed && idx > failed[pid]) { print; n++ }
	}
	END { if (!nfailed) print "no failed INIT watcher in the trace: nothing checked"; exit n > 0 || !nfailed }' $T/trace)
rc=$?
echo "$went_on" | head -5 | tap_diag
lost=$(sed -n 's/^# entries-in-buffer\/entries-written: \([0-9]*\)\/\([0-9]*\).*/\1 \2/p' $T/trace)
[ -n "$lost" ] && [ "${lost% *}" = "${lost#* }" ] || { echo "trace entries kept/written: ${lost:-none}" | tap_diag; rc=1; }
tap_result $rc "INIT failure: no INIT watcher called after the one that failed, every call recorded"
echo > $T/trace
tap_end
