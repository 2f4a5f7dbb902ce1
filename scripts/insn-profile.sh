#!/bin/bash
# Where a benchmark's instructions go, function by function: boot each
# kernel once under QEMU TCG with scripts/insnprof.c, a plugin that counts
# executed kernel instructions per address, and run the bench workload
# (fork+exit+wait, fork+exec, thread create+join), one snapshot of the
# counts after each.  Per operation and kernel: instructions per op of
# each kernel function (System.map of the kernel's object directory);
# then the functions whose count differs from the first kernel's.
#   insn-profile.sh [LABEL:OBJDIR ...]   (default: base and the whole series)
# Writes results/profile/: LABEL-OP.txt ("function instructions/op") and
# diff-OP.md.
set -eu
. "$(dirname "$0")/lib.sh"

OUT=${OUT:-$RESULTS/profile}
PLUGIN_DIR=$BUILD/insnprof
EXE=/dev/shm/true-static
# operation and count, in the order the guest runs them
OPS="fork:2000 exec:1000 thread:2000"

# The plugin is built against the qemu-plugin.h of the installed QEMU,
# taken from its Debian source tarball.
build_plugin() {
	local ver url so=$PLUGIN_DIR/insnprof.so
	[ "$so" -nt "$TOP/scripts/insnprof.c" ] && return 0
	mkdir -p "$PLUGIN_DIR"
	if [ ! -f "$PLUGIN_DIR/qemu-plugin.h" ]; then
		ver=$(dpkg-query -W -f '${source:Upstream-Version}' qemu-system-x86)
		url=http://deb.debian.org/debian/pool/main/q/qemu/qemu_$ver.orig.tar.xz
		log "profile: fetching qemu-plugin.h from $url"
		curl -fsSL "$url" | tar -xJO --wildcards '*/include/qemu/qemu-plugin.h' \
			> "$PLUGIN_DIR/qemu-plugin.h.tmp"
		mv "$PLUGIN_DIR/qemu-plugin.h.tmp" "$PLUGIN_DIR/qemu-plugin.h"
	fi
	gcc -O2 -Wall -shared -fPIC -I"$PLUGIN_DIR" -o "$so" "$TOP/scripts/insnprof.c" -lpthread
}

# The guest: as bench.sh's, quiet during the operations; "tw-prof NAME"
# on the console makes the plugin write a snapshot while the guest waits
# 2 s on a FIFO (no fork, unlike sleep(1)).
guest_command() {
	local op
	echo "cp /opt/tw/bin/true-static $EXE && sync && mount -o remount,ro / || exit 1"
	echo "mkfifo /dev/shm/wait && exec 9<> /dev/shm/wait || exit 1"
	echo "mark() { echo \"tw-prof \$1\"; read -r -t 2 -u 9 || :; }"
	echo "{ forkbench fork 200; forkbench exec 200 $EXE; forkbench thread 200; } > /dev/null"
	echo "mark start"
	for op in $OPS; do
		echo "forkbench ${op%:*} ${op#*:} $EXE; mark ${op%:*}"
	done
}

profile_kernel() {
	local label=$1 obj=$2 dir=$OUT/$1 prev=start op
	rm -rf "$dir"; mkdir -p "$dir"
	OUTDIR=$dir KERNEL=$obj/arch/x86/boot/bzImage SMP=1 ACCEL=tcg \
		CPU=max,-rdrand,-rdseed APPEND="nokaslr norandmaps random.trust_cpu=off" \
		QEMU_EXTRA="-icount shift=0 -plugin $PLUGIN_DIR/insnprof.so,watch=$dir/output.log,out=$dir/snap" \
		"$TOP/scripts/vm.sh" "$(guest_command)" > "$dir/vm.log" 2>&1 ||
		{ cat "$dir/vm.log" >&2; die "profile: boot of $label failed"; }
	for op in $OPS; do
		[ -f "$dir/snap.${op%:*}" ] || die "profile: no snapshot after ${op%:*} on $label"
		awk -v ops="${op#*:}" -f "$TOP/scripts/insn-profile.awk" \
			"$obj/System.map" "$dir/snap.$prev" "$dir/snap.${op%:*}" > "$OUT/$label-${op%:*}.txt"
		prev=${op%:*}
	done
}

# diff-OP.md: functions whose instructions per op differ from the first
# kernel's by at least half an instruction, largest first, and the total
diff_table() {
	local op=$1 first=$2 label=$3
	awk -v a="$first" -v b="$label" '
		FNR == NR { x[$1] = $2; f[$1]; next }
		{ y[$1] = $2; f[$1] }
		END {
			printf "| function | %s | %s | change |\n|---|---|---|---|\n", a, b
			for (k in f) { d = y[k] - x[k]; ta += x[k]; tb += y[k]
				if (d >= 0.5 || d <= -0.5) printf "%s %.1f %.1f %+.1f\n", k, x[k], y[k], d }
			printf "TOTAL %.1f %.1f %+.1f\n", ta, tb, tb - ta
		}' "$OUT/$first-$op.txt" "$OUT/$label-$op.txt" |
		sort -k4,4gr | awk 'NF == 4 { printf "| %s | %s | %s | %s |\n", $1, $2, $3, $4; next } { print }'
}

main() {
	local kernels=${*:-"base:$BASE_TREE/out-release full:$TREE/out-release"} k op first=
	build_plugin
	mkdir -p "$OUT"
	for k in $kernels; do
		log "profile: ${k%%:*}"
		profile_kernel "${k%%:*}" "${k#*:}"
		[ -n "$first" ] || first=${k%%:*}
	done
	for op in $OPS; do
		op=${op%:*}
		for k in $kernels; do
			[ "${k%%:*}" != "$first" ] || continue
			printf '\n### %s, instructions per op\n\n' "$op"
			diff_table "$op" "$first" "${k%%:*}"
		done
	done | tee "$OUT/diff.md"
}

main "$@"
