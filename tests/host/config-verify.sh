#!/bin/bash
# Each built kernel's .config holds every option its fragments ask for.
. "$(dirname "$0")/../../scripts/lib/lib.sh"
. "$TOP/guest-rootfs/lib/tap.sh"

tap_begin
for out in "$TREE"/out-* "$BASE_TREE"/out-*; do
	[ -f "$out/.config" ] || continue
	flavour=${out##*/out-}
	tree=${out%/out-*}
	# out-warnings (make warnings) is a debug .config only compiled from
	[ -f "$TOP/configs/$flavour.config" ] || continue
	"$TOP/scripts/build/config.sh" --verify "$flavour" "$tree" "$out" 2>&1 | tap_diag
	tap_result "${PIPESTATUS[0]}" "$(basename "$tree")/out-$flavour/.config has every fragment option"
done
tap_end
