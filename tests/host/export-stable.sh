#!/bin/bash
# 'make export' of the unchanged tree reproduces $PATCHES byte for byte,
# and the tree carries exactly the patches its series lists.  The series
# and the files export does not write (the cover letter's text, the
# mutant overlay and a backport's range-diff) are not compared.
. "$(dirname "$0")/../../scripts/lib/lib.sh"
. "$TOP/guest-rootfs/lib/tap.sh"

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tap_begin
OUTDIR=$tmp "$TOP/scripts/build/export.sh" 2>/dev/null
diff -r -x cover-letter.txt -x mutants -x backport.range-diff "$PATCHES" "$tmp" | head -40 | tap_diag
diff -rq -x cover-letter.txt -x mutants -x backport.range-diff "$PATCHES" "$tmp" > /dev/null
tap_result $? "make export reproduces ${PATCHES#$TOP/} byte for byte"
want=$(series_patches | wc -l)
got=$(git -C "$TREE" rev-list --count "$(base_tag)..HEAD")
tap_expect_eq "$want" "$got" "${TREE#$TOP/} has one commit per patch of ${PATCHES#$TOP/}/series"
tap_end
