#!/bin/bash
# make stress: the bounded stress run (guest-rootfs/stress/stress.sh) on
# the debug kernel (KASAN, kmemleak, lockdep), then the console check.
# Prints TAP and the run time; results in results/stress/.  Under TCG with
# KASAN the stress takes about 50 min (102,269 tasks in 2,911 s when last
# run): the guest gets 3 hours.
set -eu
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/phase.sh"

OUT=${OUT:-$RESULTS/stress}

stress_boot() {
	local obj=$TREE/out-debug rc=0
	rm -rf "$OUT"; mkdir -p "$OUT/share"
	NUMA_NODES=2 OUTDIR=$OUT KERNEL=$obj/arch/x86/boot/bzImage TIMEOUT=${TIMEOUT:-10800} \
		"$TOP/scripts/vm.sh" "$(guest_command debug "$obj" /opt/tw/stress/stress.sh)" || rc=$?
	if "$TOP/scripts/check-console.sh" "$OUT/console.log"; then
		echo "ok 1000 stress: no oops, WARNING, KASAN, lockdep or kmemleak report on the console"
	else
		echo "not ok 1000 stress: kernel trouble on the console ($OUT/console.log)"; rc=1
	fi
	return $rc
}

main() {
	phase deps "$TOP/scripts/deps.sh"
	phase tree "$TOP/scripts/tree.sh"
	phase build-debug "$TOP/scripts/kernel.sh" debug "$TREE"
	phase rootfs "$TOP/scripts/rootfs.sh"
	phase stress stress_boot
	phase_summary
}

main "$@"
