#!/bin/bash
# Fail if a kernel console log shows a panic, oops, BUG, WARNING, KASAN,
# kmemleak or lockdep report, and print each with its context.
set -eu

PATTERNS='Kernel panic|Oops:|BUG:|WARNING:|general protection fault|KASAN:|UBSAN:|kmemleak: [0-9]+ new suspected|possible circular locking|inconsistent lock state|possible recursive locking|suspicious RCU usage|INFO: task .* blocked|hardirqs last|Call Trace:'

main() {
	local log=$1 n
	[ -f "$log" ] || { echo "check-console: no $log" >&2; exit 1; }
	n=$(grep -c -E "$PATTERNS" "$log" || true)
	[ "$n" = 0 ] && return 0
	echo "check-console: $n line(s) of kernel trouble in $log:" >&2
	grep -n -E -B5 -A25 -m3 "$PATTERNS" "$log" >&2
	echo "check-console: decode with: scripts/decode_stacktrace.sh vmlinux < $log" >&2
	exit 1
}

main "$@"
