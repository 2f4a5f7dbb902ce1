#!/bin/bash
# Build every prefix of the series, in both flavours, so that the series
# is bisectable: each patch must build on its own.  Uses a worktree of
# build/linux (build/linux-bisect) and its own object directories, so
# each step is an incremental ccache build.  Prints TAP.  All prefixes
# are built in one flavour before the next, and each prefix's bzImage is
# kept as $SAVE/NN-FLAVOUR (NN: number of patches, 01 to the whole
# series), which is what 'make bench' measures patch by patch, with the
# source tree it was built from in NN-FLAVOUR.tree: a prefix whose tree
# has not changed since it last built is not built again.
set -eu
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/phase.sh"
. "$(dirname "$0")/../lib/scenario.sh"

WT=$BUILD/linux-bisect
FLAVOURS=${FLAVOURS:-$(series_flavours)}
SAVE=${SAVE:-$BUILD/series-kernels}

main() {
	local tag commits c img tree_id n=0 i=0 p=0 flavour rc fail=0 subject
	prepare_tree >&2
	dry_run_stop
	tag="$(base_tag)"
	[ -d "$WT" ] || run git -C "$TREE" worktree add -q --detach "$WT" "$tag"
	commits=$(git -C "$TREE" rev-list --reverse "$tag"..HEAD)
	for c in $commits; do n=$((n + 1)); done
	echo "TAP version 13"
	echo "1..$((n * $(echo $FLAVOURS | wc -w)))"
	mkdir -p "$SAVE"
	for flavour in $FLAVOURS; do
		p=0
		for c in $commits; do
			p=$((p + 1)); i=$((i + 1)); rc=0
			subject=$(git -C "$TREE" log -1 --format=%s "$c")
			img=$SAVE/$(printf %02d $p)-$flavour
			echo "$(printf %02d $p) $subject" >> "$SAVE/index.tmp"
			# the source tree is what builds: a reworded commit needs no build
			tree_id=$(git -C "$TREE" rev-parse "$c^{tree}")
			if [ -f "$img" ] && [ "$(cat "$img.tree" 2>/dev/null)" = "$tree_id" ]; then
				echo "ok $i $flavour builds with patches 1..$p: $subject (built before, tree ${tree_id:0:12})"
				continue
			fi
			git -C "$WT" checkout -q --detach "$c"
			"$TOP/scripts/build/kernel.sh" "$flavour" "$WT" > "$WT/check-$flavour.log" 2>&1 || rc=$?
			if [ $rc = 0 ]; then
				cp "$(kernel_image "$(obj_dir "$WT" "$flavour")")" "$img"
				echo "$tree_id" > "$img.tree"
				echo "ok $i $flavour builds with patches 1..$p: $subject"
			else
				tail -20 "$WT/check-$flavour.log" | sed 's/^/# /'
				echo "not ok $i $flavour fails with patches 1..$p: $subject"
				fail=1
			fi
		done
	done
	sort -u "$SAVE/index.tmp" > "$SAVE/index" && rm -f "$SAVE/index.tmp"
	return $fail
}

main "$@"
