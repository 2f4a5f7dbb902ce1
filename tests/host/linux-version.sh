#!/bin/bash
# LINUX chooses the kernel version in one place (scripts/lib/lib.sh):
# every version of patches/ gets the same layout (its source package,
# series, trees and results each in a folder named by the version), the
# default is the newest version, and a version without a series is
# refused.
. "$(dirname "$0")/../../scripts/lib/lib.sh"
. "$TOP/guest-rootfs/lib/tap.sh"

# paths [LINUX]: what lib.sh derives for LINUX (unset: its default),
# relative to the top
paths() {
	env -i PATH="$PATH" HOME="$HOME" ${1:+LINUX="$1"} bash -c \
		'. "$1/scripts/lib/lib.sh" && echo "$LINUX $SRC_PACKAGE ${PATCHES#$TOP/} ${COVER_LETTER#$TOP/} ${MUTANT_OVERLAY#$TOP/} ${TREE#$TOP/} ${BASE_TREE#$TOP/} ${RESULTS#$TOP/}"' _ "$TOP"
}

# layout V: the paths every version has
layout() {
	echo "$1 linux-source-$1 patches/$1 patches/$1/cover-letter.txt patches/$1/mutants build/$1/linux build/$1/linux-base results/$1"
}

versions=$(kernel_versions)
tap_begin
for v in $versions; do
	tap_expect_eq "$(layout "$v")" "$(paths "$v")" "LINUX=$v: the layout of every version"
done
newest=$(tail -1 <<< "$versions")
tap_expect_eq "$(layout "$newest")" "$(paths)" "no LINUX: the newest version, $newest"
out=$(paths 5.10 2>&1); rc=$?
echo "$out" | tap_diag
[ $rc != 0 ] && [[ $out == *"no series in"* ]]
tap_result $? "LINUX=5.10 is refused: no series for it"
tap_end
