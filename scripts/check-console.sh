#!/bin/bash
# Fail if a kernel console log shows a panic, oops, BUG, WARNING, KASAN,
# kmemleak or lockdep report, and print each with its context.
#   check-console.sh LOG
#   check-console.sh --pre-fork LOG: succeed only if the log's first
#       trouble comes before the boot CPU's FPU set-up line (or the boot
#       died before printing it), which start_kernel() prints before
#       rest_init() forks the first task: no task watcher can have run.
set -eu

PATTERNS='Kernel panic|Oops:|BUG:|WARNING:|general protection fault|KASAN:|UBSAN:|kmemleak: [0-9]+ new suspected|possible circular locking|inconsistent lock state|possible recursive locking|suspicious RCU usage|INFO: task .* blocked|hardirqs last|Call Trace:'

# The line start_kernel() prints in arch_cpu_finalize_init(), before any fork.
PRE_FORK='x86/fpu: Enabled xstate features'

# The log without the one report a test makes on purpose: kmemleak's
# "new suspected memory leaks" line for the leaks of its test module,
# between 90-kmemleak's markers (that test fails on any other leak).
without_expected() {
	awk '/tw-kmemleak-control: begin/ { c = 1 } /tw-kmemleak-control: end/ { c = 0 }
	     !(c && /kmemleak: [0-9]+ new suspected memory leaks/)' "$1"
}

pre_fork() {
	local log=$1 trouble marker
	trouble=$(grep -n -m1 -E "$PATTERNS" "$log" | cut -d: -f1)
	marker=$(grep -n -m1 -F "$PRE_FORK" "$log" | cut -d: -f1)
	# no marker: the boot died before printing it
	[ -n "$trouble" ] && { [ -z "$marker" ] || [ "$trouble" -lt "$marker" ]; }
}

main() {
	[ "${1:-}" = --pre-fork ] && { pre_fork "$2"; return; }
	local log=$1 n
	[ -f "$log" ] || { echo "check-console: no $log" >&2; exit 1; }
	n=$(without_expected "$log" | grep -c -E "$PATTERNS" || true)
	[ "$n" = 0 ] && return 0
	echo "check-console: $n line(s) of kernel trouble in $log:" >&2
	without_expected "$log" | grep -n -E -B5 -A25 -m3 "$PATTERNS" >&2
	echo "check-console: decode with: scripts/decode_stacktrace.sh vmlinux < $log" >&2
	exit 1
}

main "$@"
