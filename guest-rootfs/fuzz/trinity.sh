#!/bin/bash
# make fuzz, in the guest: trinity, bounded by a fixed seed and a fixed
# number of syscalls, weighted to the syscalls the watchers sit under
# (fork, exec, exit and the set*id family raise INIT, CLONE, EXEC, EXIT,
# FREE, UID and GID; keyctl, semop, set_mempolicy and unshare reach the
# state the keys, sem-undo and mempolicy watchers copy and free):
#   1. as nobody, N of those syscalls;
#   2. as nobody, 4N of every syscall trinity knows (the watchers run
#      under trinity's own forks and exits throughout; most syscalls
#      cost far less than a fork);
#   3. as root (trinity --dangerous), N of those syscalls: root may
#      change ids, unshare namespaces and set any mempolicy.  Root gets
#      nothing else: with write(2) on /proc and /sys this guest would
#      not survive to report.
# Trinity's socket fds are off: with this guest's few protocols its
# socket cache generation crashes it.  Its file fds come from a victims
# directory of our own, not from /dev, /proc and /sys: a first run
# crashed in trinity itself ("stack smashing detected") while opening
# the 7,700 files it had listed there (on the unpatched kernel; a
# user-space crash says nothing about either kernel), and startup took
# a minute.  A line a minute shows progress.
# Then kmemleak must have nothing new.  Prints TAP to stdout and to
# /mnt/tw/results.tap; the host classifies the console (scripts/test/fuzz.sh).
. /opt/tw/lib/tap.sh
exec > >(tee /mnt/tw/results.tap)

SEED=${TW_FUZZ_SEED:-2006}
# N: TW_FUZZ_SYSCALLS, or the scenario's kernel argument
# tw.fuzz_syscalls= (configs/scenarios), or a short run
N=${TW_FUZZ_SYSCALLS:-$(sed -n 's/.*tw\.fuzz_syscalls=\([0-9]*\).*/\1/p' /proc/cmdline)}
N=${N:-10000}
WATCHED="clone clone3 fork vfork execve execveat exit exit_group
	setuid setgid setreuid setregid setresuid setresgid setfsuid setfsgid
	setgroups capset keyctl add_key request_key semget semop semtimedop
	semctl set_mempolicy mbind unshare"
K=/sys/kernel/debug/kmemleak
NOBODY="setpriv --reuid=65534 --regid=65534 --clear-groups"
VICTIMS=/tmp/fuzz-victims

# part NAME SYSCALLS PREFIX TRINITY-ARGS...: one bounded run in a
# scratch directory
part() {
	local name=$1 n=$2 prefix=$3 dir t0 rc ran pid progress; shift 3
	dir=$(mktemp -d /tmp/fuzz.XXXX); chmod 777 "$dir"
	t0=$(date +%s)
	(cd "$dir" && $prefix trinity -q -l off -s "$SEED" -N "$n" -C 4 -a 64 \
		--disable-fds=sockets -V "$VICTIMS" "$@") > "$dir.log" 2>&1 &
	pid=$!
	# trinity prints its count every 10,000 syscalls or so
	while sleep 60; do
		echo "# $name: $(( $(date +%s) - t0 )) s, $(grep -o '[0-9]* iterations' "$dir.log" | tail -1)"
	done &
	progress=$!
	wait $pid
	rc=$?
	kill $progress
	ran=$(sed -n 's/.*Ran \([0-9]*\) syscalls.*/\1/p' "$dir.log" | tail -1)
	echo "$name: ${ran:-no} syscalls in $(( $(date +%s) - t0 )) s, trinity exit $rc" | tap_diag
	echo "${ran:-0}" >> /tmp/fuzz-syscalls
	[ "$rc" = 0 ] && [ "${ran:-0}" -ge "$n" ] && [ "$(cat /proc/sys/kernel/tainted)" = "$TAINT" ]
	rc=$?
	[ $rc = 0 ] || tail -20 "$dir.log" | tap_diag
	tap_result $rc "trinity $name: $n syscalls, seed $SEED, no new taint"
}

# files, a directory and a symlink for trinity's fds
victims() {
	mkdir -p "$VICTIMS/dir"
	head -c 65536 /dev/urandom > "$VICTIMS/data"
	: > "$VICTIMS/empty"
	ln -s data "$VICTIMS/link"
	chmod -R a+rwX "$VICTIMS"
}

watched_args() { local s; for s in $WATCHED; do echo "-c $s"; done; }

tap_begin
victims
# KUnit taints the debug kernel (TAINT_TEST) before this runs
TAINT=$(cat /proc/sys/kernel/tainted)
[ ! -w $K ] || { echo scan > $K && echo clear > $K; }
: > /tmp/fuzz-syscalls
part "as nobody, the watchers' syscalls" "$N" "$NOBODY" $(watched_args)
part "as nobody, every syscall" $((4 * N)) "$NOBODY"
part "as root, the watchers' syscalls" "$N" "" --dangerous $(watched_args)
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
