#!/bin/bash
# Task watchers from a loadable module (samples/task_watchers, built with
# the kernel and shared in /mnt/tw/modules): its EXEC watcher counts execs
# per uid, its INIT watcher can fail a fork, the tracepoints name it, it
# and the kernel's list of watchers show it while it is loaded, it can be
# unloaded under a fork storm, and unloading waits for a watcher that is
# running.
# tw-needs: tree=patched
. /opt/tw/lib/tap.sh
KO=/mnt/tw/modules/task_watchers_sample.ko
MOD=task_watchers_sample
D=/sys/kernel/debug/$MOD
T=/sys/kernel/tracing
EV=$T/events/task_watchers/task_watchers_call
BIN=/opt/tw/bin
CASES="load counts tracepoint list init-failure unload-waits storm gone"

trace_on() { echo > $T/trace; echo "$1" > $EV/filter; echo 1 > $EV/enable; }
trace_off() { echo 0 > $EV/enable; echo 0 > $EV/filter; }

tap_begin
if [ ! -f $KO ]; then
	for c in $CASES; do tap_skip "no $KO (a kernel without module watchers)" "module watchers: $c"; done
	tap_end; exit
fi

insmod $KO && [ -d $D ]
tap_result $? "module watchers: load: insmod, debugfs directory there"

# setpriv execs forkbench as uid 4321, which execs /bin/true 50 times
echo > $D/execs
setpriv --reuid=4321 --regid=4321 --clear-groups $BIN/forkbench exec 50 /bin/true > /dev/null
tap_expect_eq "4321 51" "$(grep '^4321 ' $D/execs)" "module watchers: counts: 51 execs of uid 4321 counted"

trace_on "event == 2"
/bin/true
trace_off
grep -o "func=sample_exec \[$MOD\]" $T/trace | head -1 | tap_diag
grep -q "func=sample_exec \[$MOD\]" $T/trace
tap_result $? "module watchers: tracepoint: task_watchers_call names sample_exec [$MOD]"

# The list: the module's nine watchers, after each event's built-in ones
# and numbered on from them (in the module's table order, which is its
# own link order: compared sorted).
want=$(printf '%s\n' "init sample_init" "init sample_empty" "clone sample_empty" \
	"exec sample_exec" "exec sample_empty" "uid sample_empty" "gid sample_empty" \
	"exit sample_empty" "free sample_empty" | sort)
got=$(awk -v m="module:$MOD" '$NF == m { print $1, $3 }' $T/task_watchers | sort)
diff <(echo "$want") <(echo "$got") | tap_diag
# each line's IDX: the event's line number in the list, from 0
misnumbered=$(awk '$2 != n[$1]++' $T/task_watchers)
echo "$misnumbered" | grep . | tap_diag
[ "$want" = "$got" ] && [ -z "$misnumbered" ] &&
	awk -v m="module:$MOD" '$NF !~ /^module:/ && seen[$1] { bad = 1 } $NF == m { seen[$1] = 1 } END { exit bad }' $T/task_watchers &&
	grep -q "sample_exec \[$MOD\] module:$MOD$" $T/task_watchers
tap_result $? "module watchers: list: tracefs task_watchers shows its 9 watchers as module:$MOD"

# forkbench, exec'd by a shell whose tgid it keeps, forks: the module's
# INIT watcher fails that fork
out=$(sh -c "echo \$\$ > $D/fail_tgid; exec $BIN/forkbench fork 1" 2>&1)
echo 0 > $D/fail_tgid
echo "$out" | tap_diag
echo "$out" | grep -q "fork failed at iteration 0: Operation not permitted" &&
	$BIN/forkbench fork 1 > /dev/null
tap_result $? "module watchers: init-failure: fork fails with EPERM, the next one works"

# An exec sleeps 3 s in the watcher; the unload issued 1 s later must
# wait for it.  Once exec_delay is set every exec sleeps there, so
# nothing else is exec'd until the unload returns: the unloader was
# started before (src/unload_timed.c), and the 1 s wait is bash's read.
rm -f /tmp/mod-wait; mkfifo /tmp/mod-wait
coproc UNLOAD { exec $BIN/unload_timed $MOD; }
read -r ready <&"${UNLOAD[0]}"
echo 3000 > $D/exec_delay
(/bin/true; echo "exec-status $?" > /tmp/mod-exec) &
read -r -t 1 <> /tmp/mod-wait
echo go >&"${UNLOAD[1]}"
read -r rc ms <&"${UNLOAD[0]}"
wait
echo "unloader ${ready:-not ready}; the unload took ${ms:-?} ms, rc ${rc:-?}; $(cat /tmp/mod-exec)" | tap_diag
[ "$ready" = ready ] && [ "$rc" = 0 ] && [ "$ms" -ge 1000 ] && grep -q "exec-status 0" /tmp/mod-exec
tap_result $? "module watchers: unload-waits: the unload waits for the running watcher (${ms:-?} ms)"

# load and unload 5 times while forks, thread clones and execs run on
# the other CPU; the storm runs until the cycles are done (at most 10 min:
# a load or unload takes seconds under KASAN); the execs as uid 4321, so
# that the module's EXEC watcher counts them
ON=/tmp/mod-storm-on
storm() {
	local end=$((SECONDS + 600))
	while [ -e /tmp/mod-storm-on ] && [ $SECONDS -lt $end ]; do "$@" || return 1; done
}
touch $ON; chmod 644 $ON
f0=$(awk '/^processes/ { print $2 }' /proc/stat)
storm sh -c "$BIN/forkbench fork 20 && $BIN/forkbench cthread 20" > /dev/null 2>&1 &
sp=$!
setpriv --reuid=4321 --regid=4321 --clear-groups bash -c \
	"$(declare -f storm); storm /bin/true" &
ep=$!; bad=0
for cycles in 1 2 3 4 5; do
	insmod $KO || bad=$((bad + 1))
	sleep 0.5
	rmmod $MOD || bad=$((bad + 1))
done
kill -0 $sp && kill -0 $ep || bad=$((bad + 1))
rm -f $ON
wait $sp; src=$?
wait $ep; erc=$?
tasks=$(( $(awk '/^processes/ { print $2 }' /proc/stat) - f0 ))
echo "$cycles load/unload cycles among $tasks new tasks; $bad failed, forks exit $src, execs exit $erc" | tap_diag
[ $bad = 0 ] && [ $src = 0 ] && [ $erc = 0 ]
tap_result $? "module watchers: storm: $cycles loads and unloads among $tasks new tasks"

# unloaded: no call of it, and the EXEC table is the built-in one again
trace_on "event == 2"
/bin/true
trace_off
# the trace did record the exec: the built-in EXEC watcher is in it
grep -q "func=proc_exec_connector" $T/trace && ! grep -q "sample_exec" $T/trace &&
	! lsmod | grep -q "^$MOD " && ! grep -q "module:$MOD$" $T/task_watchers
tap_result $? "module watchers: gone: no call of the module's watcher after rmmod, none in the list"
echo > $T/trace
tap_end
