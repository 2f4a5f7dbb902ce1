#!/bin/bash
# What direct-call dispatch saves over the indirect-call table walk, in
# cycles of this machine's CPU: a user-space replica of one notify point
# (nine watchers), scripts/bench/notify-replica/, each variant timed with
# the TSC over ITER notify points, REPS rounds interleaved, pinned to one
# CPU.  Nothing is loaded into the kernel; needs gcc, make, taskset.
#
#   scripts/bench/notify-replica.sh > table.md 2> raw.txt
#
# stdout: a markdown table; stderr, or the file RAW names: the raw log
# (the host, every sample, the disassembly of what was measured, and,
# in RAW, the table).
# ITER (10000000, a multiple of 1000), REPS (21), CPU (the last one).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
src=$here/notify-replica
ITER=${ITER:-10000000}
REPS=${REPS:-21}
CPU=${CPU:-$(($(nproc) - 1))}

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if [ -n "${RAW:-}" ]; then
	exec 3> "$RAW"
else
	exec 3>&2
fi

make -s -C "$src" O="$out" >&2

field() { sed -n "s/^$1[[:space:]]*: //p" /proc/cpuinfo | head -n 1; }
vuln() { cat "/sys/devices/system/cpu/vulnerabilities/$1" 2>/dev/null || echo "(not shown)"; }
{
	echo "# notify-replica raw log"
	echo "# date $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
	echo "# command ITER=$ITER REPS=$REPS taskset -c $CPU bench $ITER $REPS"
	echo "# kernel $(uname -r)"
	echo "# cpu $(field 'model name'), family $(field 'cpu family') model $(field model) stepping $(field stepping), $(nproc) CPUs"
	echo "# microcode $(field microcode | grep . || echo '(not shown in /proc/cpuinfo)')"
	echo "# hypervisor $(grep -qw hypervisor /proc/cpuinfo && echo yes || echo no)"
	for v in spectre_v2 retbleed spec_rstack_overflow; do
		echo "# $v $(vuln $v)"
	done
	echo "# gcc $(gcc -dumpfullversion)"
	echo "# loadavg before $(cat /proc/loadavg)"
} >&3

taskset -c "$CPU" "$out/bench" "$ITER" "$REPS" > "$out/samples"
echo "# loadavg after $(cat /proc/loadavg)" >> "$out/samples"
cat "$out/samples" >&3

{
	echo "# disassembly of what was measured"
	for f in notify_direct notify_static notify_table_plain notify_table_lfence \
		 notify_table_lfence_thunk notify_table_retpoline tw_w0 \
		 __x86_indirect_thunk_rax __x86_indirect_thunk_lfence_rax; do
		objdump -d --no-addresses --disassemble="$f" "$out/bench" |
			sed -n '/^<.*>:$/,/^$/p'
	done
} >&3

# The table.  Per round, a variant's figure is its median 1000-call chunk;
# per notify point, the median and the minimum over the rounds; per
# watcher, the median over the rounds of (variant - empty) / 9 and of
# (variant - direct) / 9, each round's variants being run back to back.
# Core cycles: TSC ticks / (TSC ticks per dependent add, median).
awk -v iter="$ITER" -v reps="$REPS" -v cpu="$CPU" '
function median(a, n,   i, j, t) {
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function col(v,   r, a, n) {
	n = 0
	for (r = 0; r < R; r++) if ((r, v) in X) a[++n] = X[r, v]
	return median(a, n)
}
function minof(v,   r, m) {
	m = -1
	for (r = 0; r < R; r++) if ((r, v) in X && (m < 0 || X[r, v] < m)) m = X[r, v]
	return m
}
function diff(v, base,   r, a, n) {
	n = 0
	for (r = 0; r < R; r++) a[++n] = (X[r, v] - X[r, base]) / W
	return median(a, n)
}
/^# iter/ { W = $7 }
/^# tsc_mhz/ { mhz = $3 }
/^sample/ { X[$2, $3] = $4; if ($2 + 1 > R) R = $2 + 1 }
END {
	split("direct static-call table-plain table-lfence table-lfence-thunk table-retpoline", V, " ")
	what["direct"] = "9 plain direct calls (X-macro list)"
	what["static-call"] = "per slot a 5-byte NOP (static key) + direct call (patched inline static call)"
	what["table-plain"] = "table walk, `call *%rax` (spectre_v2=off, eIBRS)"
	what["table-lfence"] = "table walk, inline `lfence; call *%rax` (6.1 retpoline,lfence patch)"
	what["table-lfence-thunk"] = "table walk, call to `lfence; jmp *%rax` thunk"
	what["table-retpoline"] = "table walk, call to generic retpoline thunk (this host'"'"'s 6.1 mode)"
	tpc = col("calib-add")			# TSC ticks per core cycle
	printf "| variant | what it is | notify point, TSC ticks, median (min) | notify point, core cycles, median | per watcher, core cycles (over empty) | per watcher, core cycles more than direct |\n"
	printf "|---|---|---|---|---|---|\n"
	printf "| empty | the notify function with no watcher (harness overhead) | %.1f (%.1f) | %.1f | - | - |\n", col("empty"), minof("empty"), col("empty") / tpc
	for (i = 1; i in V; i++) {
		v = V[i]
		printf "| %s | %s | %.1f (%.1f) | %.1f | %.1f | %+.1f |\n", v, what[v], col(v), minof(v), col(v) / tpc, diff(v, "empty") / tpc, diff(v, "direct") / tpc
	}
	printf "\n%d rounds of %d notify points of %d watchers each on CPU %d; a round'"'"'s figure is its median 1000-call chunk.\n", R, iter, W, cpu
	printf "TSC %.0f MHz; %.4f TSC ticks per dependent add, %.4f per imul / 3, so the core ran at about %.0f MHz.\n", mhz, tpc, col("calib-imul") / 3, mhz / tpc
}' "$out/samples" > "$out/table"
cat "$out/table"
if [ -n "${RAW:-}" ]; then
	{ echo "# the table printed"; cat "$out/table"; } >&3
fi
