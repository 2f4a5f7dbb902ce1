#!/bin/bash
# Build every prefix of the series, in both flavours, so that the series
# is bisectable: each patch must build on its own.  Uses a worktree of
# build/linux (build/linux-bisect) and its own object directories, so
# each step is an incremental ccache build.  Prints TAP.
set -eu
. "$(dirname "$0")/lib.sh"

WT=$BUILD/linux-bisect
FLAVOURS=${FLAVOURS:-"release debug"}

main() {
	local tag commits c n=0 i=0 p=0 flavour rc fail=0 subject
	tag="debian/$(debian_version)"
	[ -d "$TREE/.git" ] || die "no $TREE: run 'make tree' first"
	[ -d "$WT" ] || run git -C "$TREE" worktree add -q --detach "$WT" "$tag"
	commits=$(git -C "$TREE" rev-list --reverse "$tag"..HEAD)
	for c in $commits; do n=$((n + 1)); done
	echo "TAP version 13"
	echo "1..$((n * $(echo $FLAVOURS | wc -w)))"
	for c in $commits; do
		git -C "$WT" checkout -q --detach "$c"
		p=$((p + 1))
		subject=$(git -C "$WT" log -1 --format=%s)
		for flavour in $FLAVOURS; do
			i=$((i + 1)); rc=0
			"$TOP/scripts/kernel.sh" "$flavour" "$WT" > "$WT/check-$flavour.log" 2>&1 || rc=$?
			if [ $rc = 0 ]; then
				echo "ok $i $flavour builds with patches 1..$p: $subject"
			else
				tail -20 "$WT/check-$flavour.log" | sed 's/^/# /'
				echo "not ok $i $flavour fails with patches 1..$p: $subject"
				fail=1
			fi
		done
	done
	return $fail
}

main "$@"
