#!/bin/bash
# Bounded stress of every watcher path on the debug kernel (make stress):
# stress-ng's fork, vfork, clone, exec, pthread, set*id and keyctl
# stressors, then many threads exiting at once, with a mempolicy to copy
# and auditing on, for a fixed number of operations (at least 100,000
# forks).  Afterwards the slab caches the watchers allocate from must not
# have grown, kmemleak must report nothing, and the host checks the
# console for splats.  Prints TAP.
. /opt/tw/lib/tap.sh
# OPS=10000: 10,000 forks, 20,000 vforks, 200 clones, 60,000 + 10,000
# threads, 2,000 execs: over 100,000 tasks, the cheap kinds weighted up.
# On the release kernel (STRESS_OPS=300, one vCPU) a bogo operation of
# stress-ng's clone stressor took 0.34 s (it creates and tears down
# namespaces) and one of the keyctl stressor 0.37 s, against 27 ms for
# a fork one: those two get OPS / 50; at OPS / 5 they alone would
# take hours under KASAN (an estimate: no such run finished).  The exec stressor counts its operations in batches of
# --exec-max children, 4096 by default: 16 here.
OPS=${STRESS_OPS:-10000}
CACHES="task_struct cred_jar numa_policy sighand_cache signal_cache files_cache mm_struct"

objects() {
	local c
	for c in $CACHES; do
		[ -w /sys/kernel/slab/$c/shrink ] && echo 1 > /sys/kernel/slab/$c/shrink
	done
	for c in $CACHES; do
		echo "$c $(cut -d' ' -f1 /sys/kernel/slab/$c/objects 2>/dev/null || echo -)"
	done
}

forks() { awk '/^processes/ { print $2 }' /proc/stat; }

tap_begin
auditctl -e 1 > /dev/null && auditctl -a exit,always -F arch=b64 -S getppid -k tw-stress > /dev/null
sleep 2; objects > /tmp/before
f0=$(forks); t0=$(date +%s)
# stress-ng says nothing until a mix ends, which takes an hour here: a
# line a minute shows the run is moving
while sleep 60; do echo "# $(( $(forks) - f0 )) tasks after $(( $(date +%s) - t0 )) s"; done &
progress=$!
numactl --interleave=all stress-ng --metrics-brief --timeout 0 \
	--fork 2 --fork-ops "$OPS" --vfork 2 --vfork-ops $((OPS * 2)) \
	--clone 2 --clone-ops $((OPS / 50)) \
	--pthread 2 --pthread-ops $((OPS * 6)) --set 1 --set-ops $((OPS * 2)) \
	--key 1 --key-ops $((OPS / 50)) 2>&1 | tap_diag
tap_result "${PIPESTATUS[0]}" "stress-ng fork/vfork/clone/pthread/set/keyctl mix completes"
# stress-ng's exec stressor refuses to run as root
cd /tmp && numactl --interleave=all setpriv --reuid=4321 --regid=4321 --clear-groups \
	stress-ng --metrics-brief --timeout 0 --exec 2 --exec-ops $((OPS / 5)) --exec-max 16 2>&1 | tap_diag
tap_result "${PIPESTATUS[0]}" "stress-ng exec stressor, as uid 4321, completes"
# many threads of one process exiting at once, repeatedly
stress-ng --pthread 4 --pthread-max 256 --pthread-ops "$OPS" 2>&1 | tap_diag
tap_result "${PIPESTATUS[0]}" "stress-ng: 4 x 256 threads exiting together"
kill $progress
n=$(( $(forks) - f0 ))
echo "$n tasks created in $(( $(date +%s) - t0 )) s" | tap_diag
[ "$n" -ge 100000 ]
tap_result $? "at least 100000 forks and clones ($n)"
auditctl -D > /dev/null; auditctl -e 0 > /dev/null
sleep 10; objects > /tmp/after
paste /tmp/before /tmp/after | awk '{ printf "%-15s %8s -> %8s\n", $1, $2, $4 }' | tap_diag
# a leak of one object per fork would be 100000; allow 1% for caches
# that are legitimately fuller after the run
paste /tmp/before /tmp/after | awk -v n="$n" '$2 != "-" && $4 - $2 > n / 100 { bad = 1 } END { exit bad }'
tap_result $? "no slab cache grew by more than 1% of the forks"
K=/sys/kernel/debug/kmemleak
if [ -w $K ]; then
	sleep 6; echo scan > $K; echo scan > $K
	cat $K > /tmp/kmemleak.txt; head -40 /tmp/kmemleak.txt | tap_diag
	[ ! -s /tmp/kmemleak.txt ]
	tap_result $? "no kmemleak report after the stress"
else
	tap_skip "no $K (CONFIG_DEBUG_KMEMLEAK)" "no kmemleak report after the stress"
fi
tap_end
