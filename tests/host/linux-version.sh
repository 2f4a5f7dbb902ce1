#!/bin/bash
# LINUX chooses the kernel version in one place (scripts/lib/lib.sh): the
# source package, the series, the build and results directories follow,
# 6.1 keeps the product's own paths, and a version without a series is
# refused.
. "$(dirname "$0")/../../scripts/lib/lib.sh"
. "$TOP/guest-rootfs/lib/tap.sh"

# paths LINUX: what lib.sh derives for LINUX, relative to the top
paths() {
	env -i PATH="$PATH" HOME="$HOME" LINUX="$1" bash -c \
		'. "$1/scripts/lib/lib.sh" && echo "$SRC_PACKAGE ${PATCHES#$TOP/} ${TREE#$TOP/} ${BASE_TREE#$TOP/} ${RESULTS#$TOP/}"' _ "$TOP"
}

tap_begin
tap_expect_eq "linux-source-6.1 patches build/linux build/linux-base results" \
	"$(paths 6.1)" "LINUX=6.1: the product's paths"
tap_expect_eq "linux-source-6.12 patches/6.12 build/6.12/linux build/6.12/linux-base results/6.12" \
	"$(paths 6.12)" "LINUX=6.12: the port's own series, trees and results"
out=$(paths 5.10 2>&1); rc=$?
echo "$out" | tap_diag
[ $rc != 0 ] && [[ $out == *"no series in"* ]]
tap_result $? "LINUX=5.10 is refused: no series for it"
tap_end
