#!/bin/bash
# Skips as a contract: every skip a run's boot printed must be one its
# scenario expects, and every skip it expects must have happened.  A
# scenario's expected skips are configs/skips/NAME (every version) and
# configs/$LINUX/skips/NAME (this version only), one a line as
# scripts/test/skips.awk prints them: "TEST: CASE # SKIP REASON".  The
# host tests are the scenario "host".  Prints each difference as a
# diagnostic and fails if there is one.
#   skips.sh NAME=KTAP...
set -eu
. "$(dirname "$0")/../lib/lib.sh"

CONFIGS=${CONFIGS:-$TOP/configs}

# expected NAME: the skips NAME expects, sorted
expected() {
	cat "$CONFIGS/skips/$1" "$CONFIGS/$LINUX/skips/$1" 2>/dev/null |
		grep -v -e '^#' -e '^[[:space:]]*$' | sort || true
}

main() {
	local arg name ktap bad=0
	for arg in "$@"; do
		name=${arg%%=*} ktap=${arg#*=}
		[ -f "$ktap" ] || continue
		while IFS= read -r line; do
			echo "# $name: unexpected skip: $line"; bad=1
		done < <(comm -13 <(expected "$name") <(awk -f "$TOP/scripts/test/skips.awk" "$ktap" | sort))
		while IFS= read -r line; do
			echo "# $name: expected skip did not happen (configs/skips/$name): $line"; bad=1
		done < <(comm -23 <(expected "$name") <(awk -f "$TOP/scripts/test/skips.awk" "$ktap" | sort))
	done
	return $bad
}

main "$@"
