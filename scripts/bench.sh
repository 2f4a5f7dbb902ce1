#!/bin/bash
# Measure fork+exit+wait, fork+exec and thread create/join in guest time
# on several kernels, booted interleaved (A B A B ...).  QEMU TCG with
# -icount shift=0 makes the guest clock count executed instructions; one
# vCPU, no RDRAND/RDSEED, nokaslr and norandmaps keep boots alike.
# Writes results/bench/raw.csv and a table with mean, sd and 95% interval.
#   BENCH_KERNELS="label:objdir-or-bzImage ..."  BOOTS=n  ROUNDS=n
set -eu
. "$(dirname "$0")/lib.sh"

OUT=${OUT:-$RESULTS/bench}
BOOTS=${BOOTS:-3}
ROUNDS=${ROUNDS:-3}
BENCH_KERNELS=${BENCH_KERNELS:-"base:$BASE_TREE/out-release full:$TREE/out-release"}
WORKLOAD="forkbench fork 2000; forkbench exec 1000; forkbench thread 2000"

boot_once() {
	local label=$1 obj=$2 boot=$3 dir=$OUT/runs/$1-$3 kernel=$2
	[ -d "$obj" ] && kernel=$obj/arch/x86/boot/bzImage
	rm -rf "$dir"; mkdir -p "$dir/share"
	OUTDIR=$dir KERNEL=$kernel SMP=1 ACCEL=tcg \
		CPU=max,-rdrand,-rdseed QEMU_EXTRA="-icount shift=0" \
		APPEND="nokaslr norandmaps random.trust_cpu=off" \
		"$TOP/scripts/vm.sh" "forkbench fork 200 > /dev/null; for r in \$(seq $ROUNDS); do $WORKLOAD; done" \
		> "$dir/vm.log" 2>&1 || { cat "$dir/vm.log" >&2; die "bench boot $label #$boot failed"; }
	grep -E '^(fork|exec|thread) ' "$dir/output.log" |
		while read -r mode n ns rate; do echo "$label,$boot,$mode,$n,$ns,$rate"; done >> "$OUT/raw.csv"
}

# mean, sd, 95% interval (t distribution) of ns per operation, per kernel and mode
# vs the first kernel of BENCH_KERNELS, listed in that order
summarize() {
	awk -F, -v order="$(for k in $BENCH_KERNELS; do printf '%s ' "${k%%:*}"; done)" '
	NR > 1 { k = $1 "," $3; x = $5 / $4; n[k]++; s[k] += x; ss[k] += x * x; mode[$3] }
	END {
		nk = split(order, kl, " ")
		t[1] = 12.71; t[2] = 4.30; t[3] = 3.18; t[4] = 2.78; t[5] = 2.57; t[6] = 2.45; t[7] = 2.36; t[8] = 2.31; t[9] = 2.26
		printf "| kernel | operation | runs | ns/op (mean) | sd | 95%% interval | vs first kernel |\n|---|---|---|---|---|---|---|\n"
		for (m in mode) for (ki = 1; ki <= nk; ki++) {
			kk = kl[ki]; k = kk "," m; if (!n[k]) continue
			mu = s[k] / n[k]; var = n[k] > 1 ? (ss[k] - n[k] * mu * mu) / (n[k] - 1) : 0; sd = var > 0 ? sqrt(var) : 0
			ci = n[k] > 1 ? (n[k] - 1 <= 9 ? t[n[k] - 1] : 2.0) * sd / sqrt(n[k]) : 0
			if (!(m in ref)) ref[m] = mu
			printf "| %s | %s | %d | %.0f | %.1f | ±%.1f | %+.3f%% |\n", kk, m, n[k], mu, sd, ci, (mu - ref[m]) * 100 / ref[m]
		}
	}' "$OUT/raw.csv"
}

main() {
	local b k label obj
	mkdir -p "$OUT"
	echo "kernel,boot,mode,n,ns,rate_per_s" > "$OUT/raw.csv"
	for b in $(seq "$BOOTS"); do
		for k in $BENCH_KERNELS; do
			label=${k%%:*}; obj=${k#*:}
			log "bench: boot $b/$BOOTS of $label"
			boot_once "$label" "$obj" "$b"
		done
	done
	summarize | tee "$OUT/summary.md"
}

main "$@"
