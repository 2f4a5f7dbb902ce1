#!/bin/bash
# make run: build what is missing, boot the 'run' scenario (the patched
# release kernel on the deterministic machine, configs/scenarios) and
# show what the guest reports (guest-rootfs/report): the watchers' order
# and latency histograms.  Everything is saved under results/run/, with a
# PNG of the per-watcher latency distribution (scripts/bench/plot-latency.sh).
# Under -icount shift=0 the latencies the tracepoints report are
# instructions, not the host's noise (docs/tracing.md).
set -eu
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/phase.sh"
. "$(dirname "$0")/../lib/scenario.sh"

OUT=${OUT:-$RESULTS/run}

plot_latency() {
	"$TOP/scripts/bench/plot-latency.sh" "$OUT/share/watcher-latency.csv" "$OUT/watcher-latency.png" |
		tee "$OUT/watcher-latency.md"
}

main() {
	prepare_boots $(scenarios run)
	dry_run_stop run
	phase boot env OUTDIR="$OUT" "$TOP/scripts/guest/boot.sh" run
	[ ! -s "$OUT/share/watcher-latency.csv" ] || phase plot plot_latency
	# each watcher's net cost (the guest's tracing/watcher-cost.sh) beside its profile
	[ ! -s "$OUT/share/watcher-cost.tsv" ] || phase net-cost "$TOP/scripts/bench/watcher-cost-table.sh" "$OUT"
	phase_summary
	"$TOP/scripts/guest/run-verdict.sh" "$OUT"
}

main "$@"
