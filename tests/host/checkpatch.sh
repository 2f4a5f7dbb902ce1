#!/bin/bash
# Every patch of the series passes the tree's checkpatch.pl, run from the
# tree (so the SPDX check runs too), with no error and no warning but one:
# "Originally-by:", which credits Matt Helsley's 2006 design, is not in
# checkpatch's list of tags, though maintainers use it (git log
# --grep=Originally-by: in any kernel tree).
# "Unknown commit id" is not an error of the patch either: Debian's
# source has no upstream history for checkpatch to find an upstream
# commit a message cites in.
# Debian's python3 runs spdxcheck.py (python3-ply, python3-git), whatever
# python3 comes first in PATH.
. "$(dirname "$0")/../../scripts/lib/lib.sh"
. "$TOP/guest-rootfs/lib/tap.sh"

tap_begin
for p in $(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$PATCHES/series"); do
	out=$(cd "$TREE" && PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --terse --show-types \
		"$PATCHES/$p" 2>&1 | grep -v '^total:' |
		grep -v 'BAD_SIGN_OFF: Non-standard signature: Originally-by:$' |
		grep -v 'UNKNOWN_COMMIT_ID: Unknown commit id')
	echo "$out" | grep . | tap_diag
	[ -z "$out" ]
	tap_result $? "checkpatch.pl $p"
done
[ "$TAP_N" = 0 ] && tap_skip "${PATCHES#$TOP/}/series is empty" "checkpatch.pl"
tap_end
