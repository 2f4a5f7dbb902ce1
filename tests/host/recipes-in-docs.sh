#!/bin/bash
# Every recipe that docs/tracing.md shows is a file that a guest test
# runs (tracing/recipes/, guest-rootfs/tests/66-tracing-recipes.sh): the
# doc shows each file whole, in a block after its "### `tracing/recipes/
# NAME`" heading, so that the text a user copies is the text tested.
# And every recipe file is shown.
. "$(dirname "$0")/../../scripts/lib/lib.sh"
. "$TOP/guest-rootfs/lib/tap.sh"
DOC=$TOP/docs/tracing.md

# shown NAME: the block of DOC after NAME's heading
shown() {
	awk -v h="### \`tracing/recipes/$1\`" '
		$0 == h { want = 1; next }
		want && /^```/ { if (inside) exit; inside = 1; next }
		inside { print }' "$DOC"
}

tap_begin
for f in "$TOP"/tracing/recipes/*.sh; do
	name=$(basename "$f")
	diff <(shown "$name") "$f" | tap_diag
	[ "$(shown "$name")" = "$(cat "$f")" ]
	tap_result $? "docs/tracing.md shows tracing/recipes/$name as it is"
	grep -q "recipe ${name%.sh}" "$TOP/guest-rootfs/tests/66-tracing-recipes.sh"
	tap_result $? "tests/66-tracing-recipes.sh runs $name"
done
tap_end
