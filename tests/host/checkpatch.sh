#!/bin/bash
# Every patch of the series passes the tree's checkpatch.pl, run from the
# tree (so the SPDX check runs too), with no error and no warning.  One
# warning is checked here instead: Debian's source has no upstream
# history, so checkpatch.pl cannot find an upstream commit a message
# cites ("Unknown commit id"); each such citation must be one of
# tests/host/data/upstream-commits, with that commit's title.
# Debian's python3 runs spdxcheck.py (python3-ply, python3-git), whatever
# python3 comes first in PATH.
. "$(dirname "$0")/../../scripts/lib/lib.sh"
. "$TOP/guest-rootfs/lib/tap.sh"
UPSTREAM=$TOP/tests/host/data/upstream-commits

# cited PATCH: each 'commit ID ("TITLE")' of PATCH's message, "ID TITLE"
cited() {
	sed '/^---$/q' "$1" | tr '\n' ' ' | tr -s ' ' |
		grep -oE 'commit [0-9a-f]{12,40} \("[^"]+"\)' |
		sed -E 's/^commit ([0-9a-f]+) \("(.*)"\)$/\1 \2/'
}

# upstream ID TITLE: ID abbreviates a commit of the list whose subject is TITLE
upstream() {
	local id=$1; shift
	grep -v '^#' "$UPSTREAM" | grep -qx "$id[0-9a-f]* $*"
}

tap_begin
for p in $(series_patches); do
	out=$(cd "$TREE" && PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --terse --show-types \
		"$PATCHES/$p" 2>&1 | grep -v '^total:')
	while read -r id title; do
		if upstream "$id" "$title"; then
			out=$(grep -v "UNKNOWN_COMMIT_ID: Unknown commit id '$id'" <<< "$out")
		else
			out+=$'\n'"cites commit $id (\"$title\"), which is not in ${UPSTREAM#$TOP/}"
		fi
	done < <(cited "$PATCHES/$p")
	echo "$out" | grep . | tap_diag
	! grep -q . <<< "$out"
	tap_result $? "checkpatch.pl $p"
done
[ "$TAP_N" = 0 ] && tap_skip "${PATCHES#$TOP/}/series is empty" "checkpatch.pl"
tap_end
