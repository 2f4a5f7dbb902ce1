#!/bin/bash
# Skips as a contract: every skip a boot printed must be one its
# scenario expects, and every skip it expects of a test that ran must
# have happened.  A scenario's expected skips are configs/skips/NAME
# (every version) and configs/$LINUX/skips/NAME (this version only), one
# a line as scripts/test/skips.awk prints them: "TEST: CASE # SKIP
# REASON"; "include OTHER" takes OTHER's list too.  The host tests are
# the scenario "host".  Prints each
# difference as a diagnostic and fails if there is one.  judge.sh checks
# each boot with it, test.sh the host tests.
#   skips.sh NAME KTAP
set -eu
. "$(dirname "$0")/../lib/lib.sh"

CONFIGS=${CONFIGS:-$TOP/configs}
AWK=$TOP/scripts/test/skips.awk

# expected NAME KTAP: the skips NAME expects of the tests KTAP ran, sorted
# (make mutants runs a few tests of a scenario: the others' skips are not
# missed)
# listed NAME: NAME's expected skips, its includes' with them
listed() {
	local line
	cat "$CONFIGS/skips/$1" "$CONFIGS/$LINUX/skips/$1" 2>/dev/null |
		grep -v -e '^#' -e '^[[:space:]]*$' | while IFS= read -r line; do
			if [[ $line == "include "* ]]; then listed "${line#include }"; else echo "$line"; fi
		done
}

expected() {
	listed "$1" |
		awk 'NR == FNR { ran[$0] = 1; next } { p = $0; sub(/: .*/, "", p) } p in ran' \
			<(awk -v subtests=1 -f "$AWK" "$2") - | sort -u
}

main() {
	[ $# = 2 ] || die "usage: $0 NAME KTAP"
	local name=$1 ktap=$2 bad=0 line
	while IFS= read -r line; do
		echo "# $name: unexpected skip: $line"; bad=1
	done < <(comm -13 <(expected "$name" "$ktap") <(awk -f "$AWK" "$ktap" | sort))
	while IFS= read -r line; do
		echo "# $name: expected skip did not happen (configs/skips/$name): $line"; bad=1
	done < <(comm -23 <(expected "$name" "$ktap") <(awk -f "$AWK" "$ktap" | sort))
	return $bad
}

main "$@"
