#!/bin/bash
# Bounded stress of every watcher path on the debug kernel (make stress):
# stress-ng's fork, vfork, clone, exec, pthread, set*id and keyctl
# stressors, then many threads exiting at once, with a mempolicy to copy
# and auditing on, for a fixed number of operations (at least 100,000
# forks).  Afterwards the slab caches the watchers allocate from must not
# have grown, kmemleak must report nothing, and the host checks the
# console for splats.  Prints TAP.
. /opt/tw/lib/tap.sh
# The mix is weighted by what each operation costs on the debug kernel
# (KASAN, kmemleak, lockdep; two vCPUs under TCG), measured one stressor
# at a time (wall time over operations, stress-ng's start included):
# a vfork 45 ms, a pthread 0.14 s, a fork 0.45 s (stress-ng's
# address space is copied), a set*id call 78 ms, a clone 7 s (namespaces
# are created and torn down), a keyctl 12 s, an exec 2.8 s a child.  So
# vfork carries the 100,000 forks: OPS=1000 gives 1,000 forks, 95,000
# vforks, 4,000 + 2,000 threads, 20 clones, 20 keyctl and 40 exec
# operations, about 102,000 tasks.
OPS=${STRESS_OPS:-1000}
# a share of OPS, at least one operation: stress-ng refuses 0
share() { echo $(( (OPS + $1 - 1) / $1 )); }
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
K=/sys/kernel/debug/kmemleak

# the TAP goes to the console and to the share, where the host's judge
# reads it (scripts/test/judge.sh)
exec > >(tee /mnt/tw/results.tap)
tap_begin
# what boot left is not the stress's: report it now, and mark it as seen
[ ! -w $K ] || { echo scan > $K && echo clear > $K; }
auditctl -e 1 > /dev/null && auditctl -a exit,always -F arch=b64 -S getppid -k tw-stress > /dev/null
sleep 2; objects > /tmp/before
f0=$(forks); t0=$(date +%s)
# stress-ng says nothing until a mix ends, which takes an hour here: a
# line a minute shows the run is moving
while sleep 60; do echo "# $(( $(forks) - f0 )) tasks after $(( $(date +%s) - t0 )) s"; done &
progress=$!
numactl --interleave=all stress-ng --metrics-brief --timeout 0 \
	--fork 2 --fork-ops "$OPS" --vfork 2 --vfork-ops $((OPS * 95)) \
	--clone 1 --clone-ops "$(share 50)" \
	--pthread 2 --pthread-ops $((OPS * 4)) --set 1 --set-ops "$OPS" \
	--key 1 --key-ops "$(share 50)" 2>&1 | tap_diag
tap_result "${PIPESTATUS[0]}" "stress-ng fork/vfork/clone/pthread/set/keyctl mix completes"
# stress-ng's exec stressor refuses to run as root
cd /tmp && numactl --interleave=all setpriv --reuid=4321 --regid=4321 --clear-groups \
	stress-ng --metrics-brief --timeout 0 --exec 2 --exec-ops "$(share 25)" --exec-max 16 2>&1 | tap_diag
tap_result "${PIPESTATUS[0]}" "stress-ng exec stressor, as uid 4321, completes"
# many threads of one process exiting at once, repeatedly: each of the
# four instances reaches its 256 threads twice
stress-ng --pthread 4 --pthread-max 256 --pthread-ops $((OPS * 2)) 2>&1 | tap_diag
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
if [ -w $K ]; then
	sleep 6; echo scan > $K; echo scan > $K
	cat $K > /tmp/kmemleak.txt; head -40 /tmp/kmemleak.txt | tap_diag
	[ ! -s /tmp/kmemleak.txt ]
	tap_result $? "no kmemleak report after the stress"
else
	tap_skip "no $K (CONFIG_DEBUG_KMEMLEAK)" "no kmemleak report after the stress"
fi
tap_end
