#!/bin/bash
# make bench: every table of docs/results.md in one run, each part in
# results/bench/PART/ (summary.md; raw.csv from scripts/bench/bench.sh):
#   patches   the unpatched kernel, every prefix of the series (the
#             release kernels of scripts/build/check-series.sh) and the whole
#             series with its tracepoints recorded by trace-cmd:
#             fork+exit+wait, fork+exec, thread create+join
#   programs  unpatched vs whole series under well-known loads: stress-ng's
#             fork, vfork, clone and exec stressors, and a kernbench-like
#             'make -j2' (guest-rootfs/bench/)
#   sweep     the 2006 tables: rate against N = 5,000 ... 17,500 children
#   profile   base and every prefix once more, under a QEMU plugin that
#             counts instructions per kernel address (scripts/bench/insn-profile.sh):
#             what each patch adds to fork, exec and thread, per function
# The tables are gathered in results/bench/report.md.  BENCH_PARTS="..."
# runs some parts only.  Last, the run is compared figure by figure with
# the raw data of docs/results.md's reference run of the same version
# (BENCH_REF, default docs/data/bench-ref/$LINUX): does it reproduce it?
set -eu
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/phase.sh"
. "$(dirname "$0")/../lib/scenario.sh"

PARTS=${BENCH_PARTS:-"patches programs sweep profile"}
SERIES_KERNELS=$BUILD/series-kernels
REPORT=$RESULTS/bench/report.md
REF=${BENCH_REF:-$TOP/docs/data/bench-ref/$LINUX}
B=/opt/tw/bench

# base, then p1 ... pN from check-series, then pN again, traced
patch_kernels() {
	local n i img k
	k=$(bench_kernel base)
	n=$(git -C "$TREE" rev-list --count "$(base_tag)..HEAD")
	for i in $(seq "$n"); do
		img=$SERIES_KERNELS/$(printf %02d "$i")-$S_FLAVOUR
		[ -f "$img" ] || die "no $img: 'FLAVOURS=$S_FLAVOUR make check-series' did not build it"
		k="$k p$i:$img"
	done
	echo "$k p$n+trace:$img"
}

bench_part() {
	local part=$1 t0=$SECONDS
	case $part in
	patches)
		OUT=$RESULTS/bench/$part BENCH_KERNELS=$(patch_kernels) BOOTS=8 ROUNDS=1 "$TOP/scripts/bench/bench.sh" ;;
	programs)
		OUT=$RESULTS/bench/$part WORKLOAD="$B/stress-ng-rate fork 1000; $B/stress-ng-rate vfork 1000;
			$B/stress-ng-rate clone 200; $B/stress-ng-rate exec 200; $B/kernbench 1" ROUNDS=2 \
			"$TOP/scripts/bench/bench.sh" ;;
	sweep)
		OUT=$RESULTS/bench/$part SWEEP="5000 7500 10000 12500 15000 17500" BOOTS=2 ROUNDS=1 \
			"$TOP/scripts/bench/bench.sh" ;;
	profile)
		OUT=$RESULTS/bench/$part SERIES_READY=1 "$TOP/scripts/bench/insn-profile.sh" > "$RESULTS/bench/$part.log" ||
			{ tail -20 "$RESULTS/bench/$part.log" >&2; return 1; }
		cp "$RESULTS/bench/$part/totals.md" "$RESULTS/bench/$part/summary.md" ;;
	*) die "unknown bench part '$part' (patches, programs, sweep, profile)" ;;
	esac
	printf '\n## %s (%d min)\n\n' "$part" $(( (SECONDS - t0 + 30) / 60 )) >> "$REPORT"
	cat "$RESULTS/bench/$part/summary.md" >> "$REPORT"
}

main() {
	local part
	bench_machine
	prepare_bench
	dry_run_stop
	mkdir -p "$RESULTS/bench"
	echo "# make bench, $(date -u '+%Y-%m-%d %H:%M UTC'), linux-source $(debian_version)" > "$REPORT"
	case " $PARTS " in
	*" patches "* | *" profile "*) phase series-kernels env FLAVOURS="$S_FLAVOUR" "$TOP/scripts/build/check-series.sh" ;;
	esac
	for part in $PARTS; do
		phase "bench-$part" bench_part "$part"
	done
	phase_summary
	compare_with_reference
	echo "# tables: $REPORT"
}

# At 95%, about one figure in twenty misses by chance: this reports,
# it does not fail the run.
compare_with_reference() {
	local cmp=$RESULTS/bench/compare.md
	[ -d "$REF" ] || { echo "# no reference run in $REF: nothing to compare"; return 0; }
	"$TOP/scripts/bench/bench-compare.sh" "$REF" "$RESULTS/bench" > "$cmp" || :
	printf '\n## against the reference run (%s)\n\n' "${REF#"$TOP"/}" >> "$REPORT"
	awk '/^## / { part = $2 } / figures agree$/ { print "- " part ": " $0 }' "$cmp" |
		tee -a "$REPORT" | sed 's/^- /# reference, /'
	echo "# figure by figure: $cmp"
}

main "$@"
