#!/bin/bash
# Every patch of the series passes the tree's checkpatch.pl.
. "$(dirname "$0")/../../scripts/lib.sh"
. "$TOP/guest-rootfs/lib/tap.sh"

tap_begin
for p in $(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$TOP/patches/series"); do
	out=$(cd "$TREE" && ./scripts/checkpatch.pl --terse --no-tree "$TOP/patches/$p" 2>&1)
	rc=$?
	[ $rc = 0 ] || echo "$out" | tap_diag
	tap_result $rc "checkpatch.pl $p"
done
[ "$TAP_N" = 0 ] && tap_skip "patches/series is empty" "checkpatch.pl"
tap_end
