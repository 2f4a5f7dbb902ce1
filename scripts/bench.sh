#!/bin/bash
# Measure fork+exit+wait, fork+exec and thread create/join in guest time
# on several kernels, booted interleaved (A B A B ...).  QEMU TCG with
# -icount shift=0 makes the guest clock count executed instructions; one
# vCPU, no RDRAND/RDSEED, nokaslr and norandmaps keep boots alike.
# Writes results/bench/raw.csv and a table with mean, sd and 95% interval.
#   BENCH_KERNELS="label:objdir-or-bzImage ..."  BOOTS=n  ROUNDS=n
# A label ending in "+trace" runs the workload with every task_watchers
# tracepoint enabled and consumed by 'trace-cmd record' into a file.
set -eu
. "$(dirname "$0")/lib.sh"

OUT=${OUT:-$RESULTS/bench}
BOOTS=${BOOTS:-3}
ROUNDS=${ROUNDS:-3}
BENCH_KERNELS=${BENCH_KERNELS:-"base:$BASE_TREE/out-release full:$TREE/out-release"}
WORKLOAD=${WORKLOAD:-"forkbench fork 2000; forkbench exec 1000; forkbench thread 2000"}
# untimed, before the rounds: each kind of operation once.  With a fork
# warm-up alone, the first round of exec was slower than the next two in
# every run, by 0.3% to 17% (a kernel's mean over its boots).
WARMUP=${WARMUP:-"forkbench fork 200; forkbench exec 200; forkbench thread 200"}
# SWEEP="5000 7500 ...": instead, each of SWEEP_MODES for N children per
# N, as the 2006 tables did; the table is then per N, in tasks/s
SWEEP=${SWEEP:-}
SWEEP_MODES=${SWEEP_MODES:-"fork cthread"}
if [ -n "$SWEEP" ]; then
	WORKLOAD="for n in $SWEEP; do for m in $SWEEP_MODES; do forkbench \$m \$n; done; done"
fi

# The guest command: warm up, then ROUNDS of the workload; traced for +trace.
bench_command() {
	local ev=/sys/kernel/tracing/events/task_watchers/task_watcher_return/enable
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
	[ -d "$obj" ] && kernel=$obj/arch/x86/boot/bzImage
	rm -rf "$dir"; mkdir -p "$dir/share"
	OUTDIR=$dir KERNEL=$kernel SMP=1 ACCEL=tcg TIMEOUT=${TIMEOUT:-3600} \
		CPU=max,-rdrand,-rdseed QEMU_EXTRA="-icount shift=0" \
		APPEND="nokaslr norandmaps random.trust_cpu=off" \
		"$TOP/scripts/vm.sh" "$(bench_command "$label")" \
		> "$dir/vm.log" 2>&1 || { cat "$dir/vm.log" >&2; die "bench boot $label #$boot failed"; }
	tr -d '\r' < "$dir/output.log" | grep -E '^[a-z-]+ [0-9]+ [0-9]+ [0-9.]+$' |
		while read -r mode n ns rate; do echo "$label,$boot,$mode,$n,$ns,$rate"; done >> "$OUT/raw.csv"
}

# mean, sd, 95% interval (t distribution) of ns per operation, per kernel and mode
# vs the first kernel of BENCH_KERNELS, listed in that order
# (and the median, with its own change: exec runs have rare slow outliers)
summarize() {
	awk -F, -v order="$(for k in $BENCH_KERNELS; do printf '%s ' "${k%%:*}"; done)" '
	NR > 1 { k = $1 "," $3; x = $5 / $4; n[k]++; s[k] += x; ss[k] += x * x; v[k, n[k]] = x; mode[$3] }
	function median(k,   i, j, t, a) {
		for (i = 1; i <= n[k]; i++) a[i] = v[k, i]
		for (i = 2; i <= n[k]; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
		return n[k] % 2 ? a[(n[k] + 1) / 2] : (a[n[k] / 2] + a[n[k] / 2 + 1]) / 2
	}
	END {
		nk = split(order, kl, " ")
		t[1] = 12.71; t[2] = 4.30; t[3] = 3.18; t[4] = 2.78; t[5] = 2.57; t[6] = 2.45; t[7] = 2.36; t[8] = 2.31; t[9] = 2.26
		printf "| kernel | operation | runs | ns/op (mean) | sd | 95%% interval | vs first kernel | step | median | vs first kernel |\n|---|---|---|---|---|---|---|---|---|---|\n"
		for (m in mode) for (ki = 1; ki <= nk; ki++) {
			kk = kl[ki]; k = kk "," m; if (!n[k]) continue
			mu = s[k] / n[k]; var = n[k] > 1 ? (ss[k] - n[k] * mu * mu) / (n[k] - 1) : 0; sd = var > 0 ? sqrt(var) : 0
			ci = n[k] > 1 ? (n[k] - 1 <= 9 ? t[n[k] - 1] : 2.0) * sd / sqrt(n[k]) : 0
			md = median(k)
			if (!(m in ref)) { ref[m] = mu; refmd[m] = md; prev[m] = mu }
			# step: against the kernel listed before, the cost of one patch
			printf "| %s | %s | %d | %.0f | %.1f | ±%.1f | %+.3f%% | %+.3f%% | %.0f | %+.3f%% |\n", kk, m, n[k], mu, sd, ci, (mu - ref[m]) * 100 / ref[m], (mu - prev[m]) * 100 / prev[m], md, (md - refmd[m]) * 100 / refmd[m]
			prev[m] = mu
		}
	}' "$OUT/raw.csv"
}

# The 2006 layout: per mode and N, each kernel's rate in tasks/s (mean,
# sd, 95% interval) and its cost against the first kernel, in tasks/s and %
summarize_sweep() {
	awk -F, -v order="$(for k in $BENCH_KERNELS; do printf '%s ' "${k%%:*}"; done)" '
	NR > 1 { k = $1 "," $3 "," $4; x = $6; n[k]++; s[k] += x; ss[k] += x * x; mn[$3 "," $4] = 1 }
	END {
		nk = split(order, kl, " ")
		t[1] = 12.71; t[2] = 4.30; t[3] = 3.18; t[4] = 2.78; t[5] = 2.57; t[6] = 2.45; t[7] = 2.36; t[8] = 2.31; t[9] = 2.26
		printf "| operation | N | kernel | runs | tasks/s (mean) | sd | 95%% interval | cost, tasks/s | cost %% |\n|---|---|---|---|---|---|---|---|---|\n"
		c = 0; for (x in mn) keys[++c] = x
		for (i = 1; i <= c; i++) for (j = i + 1; j <= c; j++) {
			split(keys[i], a, ","); split(keys[j], b, ",")
			if (a[1] > b[1] || (a[1] == b[1] && a[2] + 0 > b[2] + 0)) { tmp = keys[i]; keys[i] = keys[j]; keys[j] = tmp }
		}
		for (i = 1; i <= c; i++) {
			split(keys[i], mk, ","); ref = ""
			for (ki = 1; ki <= nk; ki++) {
				k = kl[ki] "," keys[i]; if (!n[k]) continue
				mu = s[k] / n[k]; var = n[k] > 1 ? (ss[k] - n[k] * mu * mu) / (n[k] - 1) : 0; sd = var > 0 ? sqrt(var) : 0
				ci = n[k] > 1 ? (n[k] - 1 <= 9 ? t[n[k] - 1] : 2.0) * sd / sqrt(n[k]) : 0
				if (ref == "") ref = mu
				printf "| %s | %d | %s | %d | %.1f | %.1f | ±%.1f | %.1f | %+.3f%% |\n", mk[1], mk[2], kl[ki], n[k], mu, sd, ci, ref - mu, (ref - mu) * 100 / ref
			}
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
	if [ -n "$SWEEP" ]; then
		summarize_sweep | tee "$OUT/summary.md"
		"$TOP/scripts/plot-bench.sh" "$OUT/raw.csv" "$OUT/rate-vs-n.png"
	else
		summarize | tee "$OUT/summary.md"
	fi
}

main "$@"
