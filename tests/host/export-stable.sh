#!/bin/bash
# 'make export' of the unchanged tree reproduces patches/ byte for byte,
# and the tree carries exactly the patches patches/series lists.
. "$(dirname "$0")/../../scripts/lib/lib.sh"
. "$TOP/guest-rootfs/lib/tap.sh"

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tap_begin
OUTDIR=$tmp "$TOP/scripts/build/export.sh" 2>/dev/null
diff -r "$TOP/patches" "$tmp" | head -40 | tap_diag
diff -rq "$TOP/patches" "$tmp" > /dev/null
tap_result $? "make export reproduces patches/ byte for byte"
want=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$TOP/patches/series" | wc -l)
got=$(git -C "$TREE" rev-list --count "debian/$(debian_version)..HEAD")
tap_expect_eq "$want" "$got" "build/linux has one commit per patch of patches/series"
tap_end
