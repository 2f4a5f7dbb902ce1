#!/bin/bash
# Fail if a kernel console log shows kernel trouble (a panic, oops, BUG,
# WARNING, KASAN, kmemleak or lockdep report: guest-rootfs/lib/kernel-trouble),
# and print each with its context.
# With --lines, print only the trouble lines themselves and succeed
# (make fuzz compares two consoles' lines).
#   check-console.sh [--lines] LOG
set -eu
TROUBLE=$(dirname "$0")/../../guest-rootfs/lib/kernel-trouble

# The log without the two reports tests make on purpose: kmemleak's
# "new suspected memory leaks" line for the leaks of its test module,
# between 90-kmemleak's markers (that test fails on any other leak), and
# the warning ("cut here" to "end trace") about the bad values the
# debugfs test watcher returns from INIT between 20-tw-events' markers.
without_expected() {
	awk '/tw-kmemleak-control: begin/ { c = 1 } /tw-kmemleak-control: end/ { c = 0 }
	     /tw-bad-return: begin/ { w = 1 } /tw-bad-return: end/ { w = 0 }
	     w && /-\[ cut here \]-/ { block = $0; next }
	     block != "" { block = block "\n" $0
		if (!/---\[ end trace/) next
		if (block !~ /task watcher tw_debugfs_init returned/) print block
		block = ""; next }
	     !(c && /kmemleak: [0-9]+ new suspected memory leaks/)
	     END { if (block != "") print block }' "$1"
}

main() {
	local lines="" log n patterns
	[ "${1:-}" = --lines ] && { lines=1; shift; }
	log=$1
	[ -f "$log" ] || { echo "check-console: no $log" >&2; exit 1; }
	patterns=$(grep -v '^#' "$TROUBLE" | paste -sd'|')
	[ -z "$lines" ] || { without_expected "$log" | grep -E "$patterns" || true; return 0; }
	n=$(without_expected "$log" | grep -c -E "$patterns" || true)
	[ "$n" = 0 ] && return 0
	echo "check-console: $n line(s) of kernel trouble in $log:" >&2
	without_expected "$log" | grep -n -E -B5 -A25 -m3 "$patterns" >&2
	echo "check-console: decode with: scripts/decode_stacktrace.sh vmlinux < $log" >&2
	exit 1
}

main "$@"
