#!/bin/bash
# make fuzz, in the guest: trinity, bounded by a fixed seed and a fixed
# number of syscalls, weighted to the syscalls the watchers sit under
# (fork, exec, exit and the set*id family raise INIT, CLONE, EXEC, EXIT,
# FREE, UID and GID; keyctl, semop, set_mempolicy and unshare reach the
# state the keys, sem-undo and mempolicy watchers copy and free):
# (trinity's socket fds are off: with this guest's few protocols its
# socket cache generation crashes it)
#   1. as nobody, those syscalls only;
#   2. as nobody, every syscall trinity knows (the watchers run under
#      trinity's own forks and exits throughout);
#   3. as root (trinity --dangerous), those syscalls only: root may
#      change ids, unshare namespaces and set any mempolicy.  Root gets
#      nothing else: with write(2) on /proc and /sys this guest would
#      not survive to report.
# Then kmemleak must have nothing new.  Prints TAP to stdout and to
# /mnt/tw/results.tap; the host classifies the console (scripts/test/fuzz.sh).
. /opt/tw/lib/tap.sh
exec > >(tee /mnt/tw/results.tap)

SEED=${TW_FUZZ_SEED:-2006}
# syscalls per part: TW_FUZZ_SYSCALLS, or the scenario's kernel argument
# tw.fuzz_syscalls= (configs/scenarios), or a short run
N=${TW_FUZZ_SYSCALLS:-$(sed -n 's/.*tw\.fuzz_syscalls=\([0-9]*\).*/\1/p' /proc/cmdline)}
N=${N:-10000}
WATCHED="clone clone3 fork vfork execve execveat exit exit_group
	setuid setgid setreuid setregid setresuid setresgid setfsuid setfsgid
	setgroups capset keyctl add_key request_key semget semop semtimedop
	semctl set_mempolicy mbind unshare"
K=/sys/kernel/debug/kmemleak
NOBODY="setpriv --reuid=65534 --regid=65534 --clear-groups"

# part NAME PREFIX TRINITY-ARGS...: one bounded run in a scratch directory
part() {
	local name=$1 prefix=$2 dir t0 rc ran; shift 2
	dir=$(mktemp -d /tmp/fuzz.XXXX); chmod 777 "$dir"
	t0=$(date +%s)
	(cd "$dir" && $prefix trinity -q -l off -s "$SEED" -N "$N" -C 4 -a 64 \
		--disable-fds=sockets "$@") > "$dir.log" 2>&1
	rc=$?
	ran=$(sed -n 's/.*Ran \([0-9]*\) syscalls.*/\1/p' "$dir.log" | tail -1)
	echo "$name: ${ran:-no} syscalls in $(( $(date +%s) - t0 )) s, trinity exit $rc" | tap_diag
	echo "${ran:-0}" >> /tmp/fuzz-syscalls
	[ "$rc" = 0 ] && [ "${ran:-0}" -ge "$N" ] && [ "$(cat /proc/sys/kernel/tainted)" = "$TAINT" ]
	rc=$?
	[ $rc = 0 ] || tail -20 "$dir.log" | tap_diag
	tap_result $rc "trinity $name: $N syscalls, seed $SEED, no new taint"
}

watched_args() { local s; for s in $WATCHED; do echo "-c $s"; done; }

tap_begin
# KUnit taints the debug kernel (TAINT_TEST) before this runs
TAINT=$(cat /proc/sys/kernel/tainted)
[ ! -w $K ] || { echo scan > $K && echo clear > $K; }
: > /tmp/fuzz-syscalls
part "as nobody, the watchers' syscalls" "$NOBODY" $(watched_args)
part "as nobody, every syscall" "$NOBODY"
part "as root, the watchers' syscalls" "" --dangerous $(watched_args)
awk '{ n += $1 } END { print n " syscalls in all" }' /tmp/fuzz-syscalls | tap_diag
tap_expect_eq "$TAINT" "$(cat /proc/sys/kernel/tainted)" "no new taint after the runs (was $TAINT)"
if [ -w $K ]; then
	sleep 6; echo scan > $K; echo scan > $K
	cat $K > /tmp/kmemleak.txt; head -40 /tmp/kmemleak.txt | tap_diag
	tap_expect_eq 0 "$(grep -c '^unreferenced object' /tmp/kmemleak.txt)" "no kmemleak report after the runs"
else
	tap_skip "no $K (CONFIG_DEBUG_KMEMLEAK)" "no kmemleak report after the runs"
fi
tap_end
