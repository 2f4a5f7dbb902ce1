#!/bin/bash
# make stress: the bounded stress run (guest-rootfs/stress/stress.sh) of
# the 'stress' scenario (the debug kernel: KASAN, kmemleak, lockdep;
# configs/scenarios), then the console check.  Prints TAP and the run
# time; results in results/stress/.
set -eu
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/phase.sh"
. "$(dirname "$0")/../lib/scenario.sh"

OUT=${OUT:-$RESULTS/stress}

stress_boot() {
	local rc=0
	OUTDIR=$OUT CONSOLE_CHECKED_BY_CALLER=1 "$TOP/scripts/guest/boot.sh" stress || rc=$?
	if "$TOP/scripts/test/check-console.sh" "$OUT/console.log"; then
		echo "ok 1000 stress: no oops, WARNING, KASAN, lockdep or kmemleak report on the console"
	else
		echo "not ok 1000 stress: kernel trouble on the console ($OUT/console.log)"; rc=1
	fi
	return $rc
}

main() {
	prepare_boots $(scenarios stress)
	dry_run_stop stress
	phase stress stress_boot
	phase_summary
}

main "$@"
