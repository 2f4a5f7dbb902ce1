#!/bin/bash
# make run: build what is missing, boot the patched release kernel and
# show what the guest reports (guest-rootfs/report).  The report is also
# saved under results/run/.
set -eu
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/phase.sh"

OUT=${OUT:-$RESULTS/run}

boot_report() {
	local obj=$TREE/out-release
	rm -rf "$OUT"; mkdir -p "$OUT/share"
	cp "$TOP/patches/series" "$OUT/share/series"
	OUTDIR=$OUT KERNEL=$obj/arch/x86/boot/bzImage "$TOP/scripts/vm.sh" \
		"$(guest_command release "$obj" /opt/tw/report)"
}

main() {
	phase deps "$TOP/scripts/deps.sh"
	phase tree "$TOP/scripts/tree.sh"
	phase build-release "$TOP/scripts/kernel.sh" release "$TREE"
	phase rootfs "$TOP/scripts/rootfs.sh"
	phase accel "$TOP/scripts/probe-kvm.sh"
	phase boot boot_report
	phase_summary
	echo "# report: $OUT/output.log, results: $OUT/share"
}

main "$@"
