#!/bin/bash
# make run: build what is missing, boot the patched release kernel and
# show what the guest reports (guest-rootfs/report): the watchers' order
# and latency histograms.  Everything is saved under results/run/, with a
# PNG of the per-watcher latency distribution (scripts/plot-latency.sh).
set -eu
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/phase.sh"

OUT=${OUT:-$RESULTS/run}

boot_report() {
	local obj=$TREE/out-release
	rm -rf "$OUT"; mkdir -p "$OUT/share"
	cp "$TOP/patches/series" "$OUT/share/series"
	# -icount shift=0: the guest clock counts instructions, so the
	# latencies the tracepoints report are instructions, not the host's
	# noise (see docs/tracing.md); one vCPU, as icount requires.
	OUTDIR=$OUT KERNEL=$obj/arch/x86/boot/bzImage SMP=1 \
		QEMU_EXTRA="-icount shift=0" "$TOP/scripts/vm.sh" \
		"$(guest_command release "$obj" /opt/tw/report)"
}

plot_latency() {
	"$TOP/scripts/plot-latency.sh" "$OUT/share/watcher-latency.csv" "$OUT/watcher-latency.png" |
		tee "$OUT/watcher-latency.md"
}

main() {
	phase deps "$TOP/scripts/deps.sh"
	phase tree "$TOP/scripts/tree.sh"
	phase build-release "$TOP/scripts/kernel.sh" release "$TREE"
	phase rootfs "$TOP/scripts/rootfs.sh"
	phase accel "$TOP/scripts/probe-kvm.sh"
	phase boot boot_report
	[ ! -s "$OUT/share/watcher-latency.csv" ] || phase plot plot_latency
	phase_summary
	echo "# report: $OUT/output.log, results: $OUT/share, plot: $OUT/watcher-latency.png"
}

main "$@"
