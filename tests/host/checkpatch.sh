#!/bin/bash
# Every patch of the series passes the tree's checkpatch.pl.  One warning
# is accepted: "Non-standard signature: Originally-by:", the tag the
# kernel uses to credit an earlier author (here Matt Helsley, 2006) and
# that checkpatch.pl does not list.
. "$(dirname "$0")/../../scripts/lib.sh"
. "$TOP/guest-rootfs/lib/tap.sh"

tap_begin
for p in $(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$TOP/patches/series"); do
	out=$(cd "$TREE" && ./scripts/checkpatch.pl --terse --no-tree --show-types "$TOP/patches/$p" 2>&1 |
		grep -E '(ERROR|WARNING|CHECK)' | grep -v "Non-standard signature: Originally-by:" |
		grep -v '^total:')
	echo "$out" | grep -E 'ERROR|WARNING' | tap_diag
	! echo "$out" | grep -qE 'ERROR|WARNING'
	tap_result $? "checkpatch.pl $p"
done
[ "$TAP_N" = 0 ] && tap_skip "patches/series is empty" "checkpatch.pl"
tap_end
