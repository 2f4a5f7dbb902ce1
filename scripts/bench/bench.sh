#!/bin/bash
# Measure fork+exit+wait, fork+exec and thread create/join in guest time
# on several kernels, booted interleaved (A B C, B C A, ...), on the
# bench scenarios' machine (configs/scenarios: icount, the guest clock
# counts executed instructions, and every boot of a kernel runs alike).
# Writes results/bench/raw.csv and a table with mean, sd and 95% interval
# over the boots (the rounds of one boot are not independent samples).
#   BENCH_KERNELS="label:objdir-or-bzImage ..."  BOOTS=n  ROUNDS=n  BENCH_JOBS=n
# (default: the bench scenarios' two kernels, configs/scenarios, whose
# machine and timeout every boot takes)
# A label ending in "+trace" runs the workload with every task_watchers
# tracepoint enabled and consumed by 'trace-cmd record' into a file.
set -eu
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/scenario.sh"

OUT=${OUT:-$RESULTS/bench}
BOOTS=${BOOTS:-3}
ROUNDS=${ROUNDS:-3}
BENCH_JOBS=${BENCH_JOBS:-$(nproc)}
BENCH_KERNELS=${BENCH_KERNELS:-"$(bench_kernel base) $(bench_kernel full)"}
bench_machine
# exec runs a copy of the static binary in memory (see bench_command)
EXE=/dev/shm/true-static
WORKLOAD=${WORKLOAD:-"forkbench fork 2000; forkbench exec 1000 $EXE; forkbench thread 2000"}
# untimed, before the rounds: each kind of operation once.  With a fork
# warm-up alone, the first round of exec was slower than the next two in
# every run, by 0.3% to 17% (a kernel's mean over its boots).
WARMUP=${WARMUP:-"forkbench fork 200; forkbench exec 200 $EXE; forkbench thread 200"}
# SWEEP="5000 7500 ...": instead, each of SWEEP_MODES for N children per
# N, as the 2006 tables did; the table is then per N, in tasks/s
SWEEP=${SWEEP:-}
SWEEP_MODES=${SWEEP_MODES:-"fork cthread"}
if [ -n "$SWEEP" ]; then
	WORKLOAD="for n in $SWEEP; do for m in $SWEEP_MODES; do forkbench \$m \$n; done; done"
fi

# The guest command: root read-only, warm up, then ROUNDS of the workload;
# traced for +trace.  Read-only because the first exec of a file updates
# its atime (relatime: the image's atimes are not after their mtimes) and
# jbd2 commits it within 5 s, in the middle of the rounds: disk writes
# complete at host times, not at guest instruction counts.  exec runs
# from /dev/shm (in memory), whose pages cp makes in the guest, not from
# the page cache of a disk read at host times.  Per 6 boots of one
# kernel, the sd of a boot's fork+exec figure was 0.055% before, 0.039%
# read-only, 0.053% from memory, 0.014% with both (docs/results.md, "How
# `make bench` measures").
# guest-rootfs/bench/quiet-guest does all that, and seeds the CRNG.
bench_command() {
	local ev=/sys/kernel/tracing/events/task_watchers/task_watchers_return/enable
	echo "/opt/tw/bench/quiet-guest $EXE || exit 1"
	case $1 in
	*+trace)
		echo "trace-cmd record -q -e task_watchers -o /tmp/tw.dat > /dev/null 2>&1 & tp=\$!"
		echo "until grep -q 1 $ev 2> /dev/null; do sleep 0.1; done; sleep 1" ;;
	esac
	echo "{ $WARMUP; } > /dev/null; for r in \$(seq $ROUNDS); do $WORKLOAD; done"
	case $1 in
	*+trace) echo "kill -INT \$tp; wait \$tp" ;;
	esac
}

boot_once() {
	local label=$1 obj=$2 boot=$3 dir=$OUT/runs/$1-$3 kernel=$2
	[ -d "$obj" ] && kernel=$(kernel_image "$obj")
	rm -rf "$dir"; mkdir -p "$dir/share"
	OUTDIR=$dir KERNEL=$kernel MACHINE=$S_MACHINE TIMEOUT=$S_TIMEOUT \
		"$TOP/scripts/guest/vm.sh" "$(bench_command "$label")" \
		> "$dir/vm.log" 2>&1 || { cat "$dir/vm.log" >&2; die "bench boot $label #$boot failed"; }
	tr -d '\r' < "$dir/output.log" | grep -E '^[a-z-]+ [0-9]+ [0-9]+ [0-9.]+$' |
		while read -r mode n ns rate; do echo "$label,$boot,$mode,$n,$ns,$rate"; done > "$dir/raw.csv"
}

# Every boot, BENCH_JOBS at a time: the guest clock counts instructions,
# so a 2-core host does the work in half the time.  Round b starts at
# the b-th kernel of the list, so that no kernel always boots first or
# beside the same neighbours: unrotated, the first kernel's fork+exec
# came out 0.05% low in three runs (docs/results.md, "How `make bench`
# measures").
boot_all() {
	local b k fail=0 n
	n=$(echo $BENCH_KERNELS | wc -w)
	for b in $(seq "$BOOTS"); do
		for k in $(rotate $(( (b - 1) % n )) $BENCH_KERNELS); do
			while [ "$(jobs -rp | wc -l)" -ge "$BENCH_JOBS" ]; do wait -n || fail=1; done
			log "bench: boot $b/$BOOTS of ${k%%:*}"
			boot_once "${k%%:*}" "${k#*:}" "$b" &
		done
	done
	for k in $(jobs -p); do wait "$k" || fail=1; done
	return $fail
}

# rotate N WORD...: the words from the N-th (0-based) on, then the rest
rotate() {
	local n=$1; shift
	echo "${@:n+1}" "${@:1:n}"
}

# the kernels' labels, in BENCH_KERNELS order: the tables' row order
kernel_order() {
	local k
	for k in $BENCH_KERNELS; do printf '%s ' "${k%%:*}"; done
}

# the tables of $OUT/raw.csv: kernel by kernel with each step, per
# operation in instructions, then in the 2006 layout (operations/s), per
# N for SWEEP
summarize() {
	local table by_n=1
	[ -n "$SWEEP" ] || {
		table bench-steps.awk; echo
		table bench-summary.awk; echo; by_n=0
	}
	table bench-rates.awk -v by_n=$by_n
}

# table AWKFILE [AWK-ARGS]: one table of $OUT/raw.csv
table() {
	local prog=$1; shift
	awk -v order="$(kernel_order)" "$@" -f "$TOP/scripts/bench/stats.awk" -f "$TOP/scripts/bench/$prog" "$OUT/raw.csv"
}

main() {
	local b k
	mkdir -p "$OUT"
	boot_all || die "bench: a boot failed"
	# in boot order, each boot's rounds in the order they ran
	echo "kernel,boot,mode,n,ns,rate_per_s" > "$OUT/raw.csv"
	for b in $(seq "$BOOTS"); do
		for k in $BENCH_KERNELS; do
			cat "$OUT/runs/${k%%:*}-$b/raw.csv" >> "$OUT/raw.csv"
		done
	done
	summarize | tee "$OUT/summary.md"
	[ -z "$SWEEP" ] || "$TOP/scripts/bench/plot-bench.sh" "$OUT/raw.csv" "$OUT/rate-vs-n.png"
}

main "$@"
