#!/bin/bash
# Turn the KUnit results in a kernel console log into flat TAP lines, one
# per test case ("ok N kunit: suite.case"), using the tree's own KTAP
# extractor (kunit.py parse --raw_output=kunit).  With --require SUITE,
# a suite that printed nothing is one failure.
set -eu
. "$(dirname "$0")/../lib/lib.sh"

main() {
	local require="" log
	[ "${1:-}" = --require ] && { require=$2; shift 2; }
	log=$1
	python3 "$TREE/tools/testing/kunit/kunit.py" parse --raw_output=kunit "$log" 2>/dev/null |
	awk -v require="$require" '
	/^    # Subtest: / { suite = $3; seen[suite] = 1; next }
	/^    (not )?ok [0-9]+ / {
		line = $0; sub(/^    /, "", line)
		v = (line ~ /^not /) ? "not ok" : "ok"
		sub(/^(not )?ok [0-9]+ /, "", line)
		printf "%s %d kunit: %s.%s\n", v, ++n, suite, line
	}
	END {
		if (require != "" && !(require in seen))
			printf "not ok %d kunit: suite %s printed no results\n", ++n, require
	}'
}

main "$@"
