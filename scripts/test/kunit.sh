#!/bin/bash
# make kunit: the series' KUnit suite as kunit.py runs it, from the
# .kunitconfig the series ships (kernel/task_watchers.kunitconfig): a
# small kernel of its own, UML by default (the table walk: UML has no
# static calls), KUNIT_ARCH=x86_64 under QEMU for the static-call slots.
# Built with ccache in build/kunit-ARCH; prints kunit.py's KTAP summary.
set -eu
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/phase.sh"

ARCH_=${KUNIT_ARCH:-um}
KUNITCONFIG=kernel/task_watchers.kunitconfig

run_kunit() {
	local dir=$BUILD/kunit-$ARCH_
	[ -f "$TREE/$KUNITCONFIG" ] || die "no $KUNITCONFIG in $TREE: the series is older than its .kunitconfig"
	(cd "$TREE" && python3 tools/testing/kunit/kunit.py run --kunitconfig="$KUNITCONFIG" \
		--arch="$ARCH_" --build_dir="$dir" --jobs="$(nproc)" --make_options CC="ccache gcc")
}

main() {
	prepare_tree >&2
	dry_run_stop
	phase "kunit-$ARCH_" run_kunit
	phase_summary
}

main "$@"
