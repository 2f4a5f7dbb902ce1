#!/bin/bash
# Where a benchmark's instructions go, function by function: boot each
# kernel once under QEMU TCG with scripts/bench/insnprof.c, a plugin that counts
# executed kernel instructions per address, and run the bench workload
# (fork+exit+wait, fork+exec, thread create+join), one snapshot of the
# counts after each, and one after an empty step (the snapshots' own
# cost, subtracted).  Per operation and kernel: instructions per op of
# each kernel function (the guest's /proc/kallsyms); then the functions
# whose count differs from the first kernel's.
#   insn-profile.sh [LABEL:BZIMAGE ...]   (the last is the first again)
# Default: the unpatched kernel, every prefix of the series, as 'make
# bench' measures them, and the unpatched kernel again.  Writes results/profile/: LABEL-OP.txt
# ("function instructions/op"), totals.md and diff.md.
set -eu
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/phase.sh"
. "$(dirname "$0")/../lib/scenario.sh"

OUT=${OUT:-$RESULTS/profile}
PLUGIN_DIR=$BUILD/insnprof
SERIES_KERNELS=$BUILD/series-kernels
EXE=/dev/shm/true-static
# operation and count, in the order the guest runs them
OPS="fork:2000 exec:1000 thread:2000"
JOBS=${PROFILE_JOBS:-$(nproc)}

# The plugin is built against the qemu-plugin.h of the installed QEMU,
# taken from its Debian source tarball.
build_plugin() {
	local ver url so=$PLUGIN_DIR/insnprof.so
	[ "$so" -nt "$TOP/scripts/bench/insnprof.c" ] && return 0
	mkdir -p "$PLUGIN_DIR"
	if [ ! -f "$PLUGIN_DIR/qemu-plugin.h" ]; then
		ver=$(dpkg-query -W -f '${source:Upstream-Version}' qemu-system-x86)
		url=http://deb.debian.org/debian/pool/main/q/qemu/qemu_$ver.orig.tar.xz
		log "profile: fetching qemu-plugin.h from $url"
		curl -fsSL "$url" | tar -xJO --wildcards '*/include/qemu/qemu-plugin.h' \
			> "$PLUGIN_DIR/qemu-plugin.h.tmp" ||
			die "profile: no qemu-plugin.h for QEMU $ver from $url"
		mv "$PLUGIN_DIR/qemu-plugin.h.tmp" "$PLUGIN_DIR/qemu-plugin.h"
	fi
	gcc -O2 -Wall -shared -fPIC -I"$PLUGIN_DIR" -o "$so" "$TOP/scripts/bench/insnprof.c" -lpthread
}

# base, p1 ... pN as bench-suite.sh measures them, then base again: how
# much one boot's counts move by themselves
default_kernels() {
	local n i base k
	base=$(bench_kernel base); base=$(kernel_image "${base#*:}")
	k="base:$base"
	n=$(git -C "$TREE" rev-list --count "$(base_tag)..HEAD")
	for i in $(seq "$n"); do
		k="$k p$i:$SERIES_KERNELS/$(printf %02d "$i")-$S_FLAVOUR"
	done
	echo "$k base-again:$base"
}

# The guest: quiet as bench.sh's (guest-rootfs/bench/quiet-guest).
# "tw-prof NAME" on the serial console (printk, through /dev/kmsg) makes
# the plugin write a snapshot while the guest waits 2 s on a FIFO (no
# fork, unlike sleep(1)).  Nothing goes to the virtio console (command
# output): its writes busy-wait for the host, so their instruction counts
# follow host timing.
guest_command() {
	local op
	echo "/opt/tw/bench/quiet-guest $EXE || exit 1"
	echo "mkfifo /dev/shm/wait && exec 9<> /dev/shm/wait || exit 1"
	echo "mark() { echo \"tw-prof \$1\" > /dev/kmsg; read -r -t 2 -u 9 || :; }"
	echo "{ forkbench fork 200; forkbench exec 200 $EXE; forkbench thread 200; } > /dev/null"
	echo "mark start; mark idle"
	for op in $OPS; do
		case $op in
		exec:*) echo "forkbench exec ${op#*:} $EXE > /dev/null; mark exec" ;;
		*) echo "forkbench ${op%:*} ${op#*:} > /dev/null; mark ${op%:*}" ;;
		esac
	done
	echo "cat /proc/kallsyms > /mnt/tw/kallsyms"
}

profile_kernel() {
	local label=$1 kernel=$2 dir=$OUT/$1 prev=idle op
	[ -f "$kernel" ] || die "profile: no kernel $kernel for $label"
	rm -rf "$dir"; mkdir -p "$dir"
	OUTDIR=$dir KERNEL=$kernel MACHINE=$S_MACHINE TIMEOUT=$S_TIMEOUT \
		QEMU_EXTRA="-plugin $PLUGIN_DIR/insnprof.so,watch=$dir/console.log,out=$dir/snap" \
		"$TOP/scripts/guest/vm.sh" "$(guest_command)" > "$dir/vm.log" 2>&1 ||
		{ cat "$dir/vm.log" >&2; die "profile: boot of $label failed"; }
	interval "$dir" start idle > "$dir/idle"
	for op in $OPS; do
		interval "$dir" "$prev" "${op%:*}" |
			awk -v n="${op#*:}" 'FNR == NR { idle[$1] = $2; next }
				{ t[$1] = $2 } END { for (f in idle) t[f] += 0
					for (f in t) printf "%s %.2f\n", f, (t[f] - idle[f]) / n }' \
				"$dir/idle" - | sort -k2,2gr > "$OUT/$label-${op%:*}.txt"
		prev=${op%:*}
	done
	# the snapshots take about 35 MB a boot; the per-function files stay
	rm -f "$dir"/snap.* "$dir/share/kallsyms"
}

# instructions per function between snapshots $2 and $3 of boot $1
interval() {
	[ -f "$1/snap.$3" ] || die "profile: no snapshot '$3' in $1"
	{
		awk '$2 ~ /^[TtWw]$/ { print $1, "S", $3 }' "$1/share/kallsyms"
		awk 'FNR == NR { before[$1] = $2; next }
			$2 != before[$1] { print $1, "C", $2 - before[$1] }' "$1/snap.$2" "$1/snap.$3"
	} | sort -k1,1 -k2,2r | awk -f "$TOP/scripts/bench/insn-profile.awk"
}

# totals.md: per operation and kernel, user and kernel instructions per
# op, and the change from the first kernel and from the one before
totals_table() {
	local op k u kn t first prev
	echo "| operation | kernel | user | kernel | total | vs ${1%%:*} | step |"
	echo "|---|---|---|---|---|---|---|"
	for op in $OPS; do
		op=${op%:*} first= prev=
		for k in "$@"; do
			read -r u kn t < <(awk '{ t += $2; if ($1 == "[user]") u = $2 }
				END { printf "%.1f %.1f %.1f\n", u, t - u, t }' "$OUT/${k%%:*}-$op.txt")
			first=${first:-$t} prev=${prev:-$t}
			awk -v op="$op" -v k="${k%%:*}" -v u="$u" -v kn="$kn" -v t="$t" \
				-v f="$first" -v p="$prev" 'BEGIN {
				printf "| %s | %s | %.1f | %.1f | %.1f | %+.1f (%+.3f%%) | %+.1f |\n",
					op, k, u, kn, t, t - f, 100 * (t - f) / f, t - p }'
			prev=$t
		done
	done
}

# diff.md: functions whose instructions per op differ between kernels A
# and B by at least half an instruction, largest change first, and the
# totals; beside each, the same function's change between two boots of
# the unpatched kernel (NOISE_A, NOISE_B), which is how much a single
# boot's count of it moves by itself
diff_table() {
	local op=$1 a=$2 b=$3 na=$4 nb=$5
	printf '\n### %s, %s to %s, instructions per op\n\n' "$op" "$a" "$b"
	echo "| function | $a | $b | change | $na to $nb (noise) |"
	echo "|---|---|---|---|---|"
	awk 'FNR == 1 { file++ }
		file == 1 { x[$1] = $2; f[$1]; next }
		file == 2 { y[$1] = $2; f[$1]; next }
		file == 3 { n1[$1] = $2; next }
		{ n2[$1] = $2 }
		END {
			for (k in f) { d = y[k] - x[k]; ta += x[k]; tb += y[k]
				if (d >= 0.5 || d <= -0.5)
					printf "| %s | %.1f | %.1f | %+.1f | %+.1f |\n",
						k, x[k], y[k], d, n2[k] - n1[k] | "sort -t\\| -k5,5gr"
			}
			close("sort -t\\| -k5,5gr")
			for (k in n1) t1 += n1[k]
			for (k in n2) t2 += n2[k]
			printf "| total | %.1f | %.1f | %+.1f | %+.1f |\n", ta, tb, tb - ta, t2 - t1
		}' "$OUT/$a-$op.txt" "$OUT/$b-$op.txt" "$OUT/$na-$op.txt" "$OUT/$nb-$op.txt"
}

main() {
	local kernels k op prev labels first last
	bench_machine
	mkdir -p "$OUT"
	# make bench has built all this already (SERIES_READY=1)
	if [ $# = 0 ] && [ -z "${SERIES_READY:-}" ]; then
		prepare_bench
		dry_run_stop
		log "profile: the series' $S_FLAVOUR kernels (check-series)"
		FLAVOURS=$S_FLAVOUR "$TOP/scripts/build/check-series.sh" > "$OUT/check-series.log" ||
			die "profile: the series' kernels do not build ($OUT/check-series.log)"
	fi
	kernels=${*:-$(default_kernels)}
	build_plugin
	# PROFILE_JOBS guests at a time: counts do not depend on the host
	for k in $kernels; do
		[ "$(jobs -pr | wc -l)" -lt "$JOBS" ] || wait -n
		log "profile: ${k%%:*}"
		profile_kernel "${k%%:*}" "${k#*:}" &
	done
	while [ "$(jobs -pr | wc -l)" -gt 0 ]; do wait -n; done
	# shellcheck disable=SC2086
	totals_table $kernels | tee "$OUT/totals.md"
	# each kernel against the one before, then the last against the
	# first; the last kernel is the first booted again (the noise)
	labels=$(for k in $kernels; do echo "${k%%:*}"; done)
	first=$(echo "$labels" | head -1) last=$(echo "$labels" | tail -1)
	labels=$(echo "$labels" | sed '$d')
	for op in $OPS; do
		prev=
		for k in $labels; do
			[ -z "$prev" ] || diff_table "${op%:*}" "$prev" "$k" "$first" "$last"
			prev=$k
		done
		[ "$(echo $labels | wc -w)" -le 2 ] ||
			diff_table "${op%:*}" "$first" "$prev" "$first" "$last"
	done > "$OUT/diff.md"
	log "profile: per-function differences in $OUT/diff.md"
}

main "$@"
