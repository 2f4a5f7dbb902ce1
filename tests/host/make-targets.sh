#!/bin/bash
# Every make target works alone from a fresh clone: under DRY_RUN=1 it
# prints the steps it would take (scripts/lib/phase.sh), and they must be
# every step it needs, in an order that can run (packages, then the
# tree, then kernels, then the image that builds against the tree), and,
# for a target that boots, a QEMU command line for each of its boots.
. "$(dirname "$0")/../../scripts/lib/lib.sh"
. "$TOP/guest-rootfs/lib/tap.sh"

# TARGET: its steps, in order
WANT='
tree:         deps tree
rootfs:       deps tree rootfs
build:        deps tree build-release-patched
build-debug:  deps tree build-debug-patched
build-base:   deps tree build-release-base
check-series: deps tree
warnings:     deps tree
kunit:        deps tree
bench:        deps tree build-release-base build-release-patched rootfs
profile:      deps tree build-release-base build-release-patched rootfs
run:          deps tree build-release-patched rootfs accel boot:run
stress:       deps tree build-debug-patched rootfs accel boot:stress
fuzz:         deps tree build-debug-patched build-debug-base rootfs accel boot:fuzz boot:fuzz-base
mutants:      deps tree rootfs
test:         deps tree rootfs build-debug-patched accel build-release-patched build-release-base boot:debug boot:rodata-off boot:release boot:latency boot:base
'

tap_begin
while read -r target want; do
	[ -n "$target" ] || continue
	target=${target%:}
	# a clean environment: what make test exports (OUT, SCENARIOS) must not leak in
	out=$(cd "$TOP" && env -i PATH="$PATH" HOME="$HOME" DRY_RUN=1 make -s "$target" 2>&1)
	got=$(echo "$out" | sed -n -e 's/^phase \([^:]*\):.*/\1/p' \
		-e 's/^boot \([^:]*\): qemu-system-x86_64 .*/boot:\1/p' | paste -sd' ')
	[ "$got" = "$want" ] || echo "$out" | tap_diag
	tap_expect_eq "$want" "$got" "make $target alone: $want"
done <<< "$WANT"
tap_end
