#!/bin/bash
# make stress: the bounded stress run (guest-rootfs/stress/stress.sh) of
# the 'stress' scenario (the debug kernel: KASAN, kmemleak, lockdep;
# configs/scenarios), booted and judged as make test's boots are
# (scripts/test/boot-ktap.sh: the guest's TAP whole, the console clean).
# Prints KTAP and the run time; results in results/V/stress/.
set -eu
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/phase.sh"
. "$(dirname "$0")/../lib/scenario.sh"
. "$(dirname "$0")/../lib/verdict.sh"
. "$(dirname "$0")/../lib/ktap.sh"

OUT=${OUT:-$RESULTS/stress}

stress_boot() {
	local why
	"$TOP/scripts/test/boot-ktap.sh" stress "$OUT/stress"
	why=$(why_stopped "$OUT/stress/boot.ktap")
	{ echo "KTAP version 1"; echo "1..1"
	  subtest stress "$OUT/stress/boot.ktap"
	  if [ -z "$why" ]; then echo "ok 1 stress"; else echo "not ok 1 stress: $why"; fi; } |
		tee "$OUT/stress.ktap"
	[ -z "$why" ]
}

main() {
	prepare_boots $(scenarios stress)
	dry_run_stop stress
	phase stress stress_boot
	phase_summary
}

main "$@"
