#!/bin/bash
# bench-compare.sh FIRST SECOND: does the 'make bench' whose results are
# in directory SECOND reproduce the one in FIRST (e.g. results/bench-ref
# and results/bench)?  For each part both ran, a table per kernel and
# operation (scripts/bench/bench-compare.awk) ending in "N of M figures agree".
# Exits 1 if a figure does not.
set -eu
. "$(dirname "$0")/../lib/lib.sh"

[ $# = 2 ] || { echo "usage: $0 FIRST-RESULTS-DIR SECOND-RESULTS-DIR" >&2; exit 2; }
rc=0
for part in patches programs sweep; do
	a=$1/$part/raw.csv b=$2/$part/raw.csv
	[ -f "$a" ] && [ -f "$b" ] || continue
	# the kernels in the order the first run booted them
	order=$(awk -F, 'NR > 1 && !seen[$1]++ { printf "%s ", $1 }' "$a")
	printf '\n## %s\n\n' "$part"
	awk -v order="$order" -f "$TOP/scripts/bench/stats.awk" -f "$TOP/scripts/bench/bench-compare.awk" "$a" "$b" || rc=1
done
exit $rc
