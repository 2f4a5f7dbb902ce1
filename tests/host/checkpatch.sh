#!/bin/bash
# Every patch of the series passes the tree's checkpatch.pl, run from the
# tree (so the SPDX check runs too), with no error and no warning.  One
# warning is checked here instead: Debian's source has no upstream
# history, so checkpatch.pl cannot find an upstream commit a message
# cites ("Unknown commit id"); each such citation must be one of
# tests/host/data/upstream-commits, with that commit's title.  And one
# idiom is checked here: a macro that the same patch hands to UNROLL()
# at file scope must end each expansion's definitions with their own
# semicolon (as security.c's LSM static calls do), which checkpatch.pl
# reports as a multi-statement macro with a trailing semicolon; those
# two reports on such a macro's #define are dropped, nothing else.
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

# unrolled PATCH: the #define lines (patch line numbers) of the macros
# that PATCH's added lines pass to UNROLL(N, MACRO, ...) at file scope
unrolled() {
	local names
	names=$(grep -oE '^\+UNROLL\([^,]+, *[A-Za-z_][A-Za-z0-9_]*' "$1" | sed -E 's/.*, *//' | sort -u)
	[ -n "$names" ] || return 0
	grep -nE "^\+#define ($(echo $names | tr ' ' '|'))\(" "$1" | cut -d: -f1
}

tap_begin
for p in $(series_patches); do
	out=$(cd "$TREE" && PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --terse --show-types \
		"$PATCHES/$p" 2>&1 | grep -v '^total:')
	for ln in $(unrolled "$PATCHES/$p"); do
		out=$(grep -vE ":$ln: (ERROR:MULTISTATEMENT_MACRO_USE_DO_WHILE|WARNING:TRAILING_SEMICOLON):" <<< "$out")
	done
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
