#!/bin/bash
# Every mutant of this version (tests/mutants/, and tests/mutants/VERSION/
# for one only that version has) still applies to the series as it is
# (build/linux): a mutant that no longer applies tests nothing.  Each is
# a patch whose header (above "---") names its scenario, the tests that
# must go red and what was seen; on another kernel version, its port in
# tests/mutants/VERSION/ if it has one (scripts/lib/lib.sh, mutant_patch).
. "$(dirname "$0")/../../scripts/lib/lib.sh"
. "$TOP/guest-rootfs/lib/tap.sh"

tap_begin
for m in $(mutant_names); do
	m=$(mutant_patch "$m")
	git -C "$TREE" apply --check "$m" 2>&1 | tap_diag
	git -C "$TREE" apply --check "$m" 2>/dev/null
	tap_result $? "mutant $(basename "$m" .patch) applies to the series"
done
tap_end
