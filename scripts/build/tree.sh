#!/bin/bash
# Make build/linux: Debian's linux-source-$LINUX as a git tree whose first
# commit is the pristine source (tagged), with patches/series applied on
# top as commits (git am -3).  Also keeps build/linux-base, a worktree at
# the pristine tag, for baseline kernels.
#
# Re-running is cheap: nothing happens while patches/ is unchanged.  When
# patches/ changed, the series is re-applied from the base, unless the tree
# holds commits that were never exported (then it stops and says so).
set -eu
. "$(dirname "$0")/../lib/lib.sh"

SERIES=$PATCHES/series
FORCE=${FORCE:-0}

usage() {
	cat <<EOT
usage: $0
Unpack $SRC_TARBALL into $TREE and apply $SERIES.
  FORCE=1  re-apply the series even over unexported commits in the tree
EOT
}

git_tree() { git -C "$TREE" "$@"; }

unpack_source() {
	local tag=$1 tmp=$BUILD/unpack.$$
	[ -r "$SRC_TARBALL" ] || die "$SRC_TARBALL missing: run scripts/build/deps.sh"
	log "tree: unpacking linux-source $(debian_version) into $TREE"
	rm -rf "$tmp" && mkdir -p "$tmp"
	run tar -C "$tmp" -xf "$SRC_TARBALL"
	mv "$tmp/$SRC_PACKAGE" "$TREE" && rmdir "$tmp"
	git_tree init -q -b base
	git_tree config user.name "Task Watchers build"
	git_tree config user.email "task-watchers@localhost"
	git_tree config gc.auto 0
	printf '/out-*/\n' >> "$TREE/.git/info/exclude"
	# Debian's .gitignore ignores every top-level entry ("/*"): force.
	git_tree add -A -f
	GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z" \
		git_tree commit -q -m "Debian $SRC_PACKAGE $(debian_version), pristine"
	git_tree tag "$tag"
	git_tree checkout -q -b task-watchers
}

apply_series() {
	local tag=$1 p n=0
	git_tree checkout -q task-watchers
	git_tree reset -q --hard "$tag"
	for p in $(series_patches); do
		n=$((n + 1))
		if ! git_tree am -q -3 --committer-date-is-author-date \
				"$PATCHES/$p" >/dev/null 2>"$BUILD/am.log"; then
			git_tree am --abort 2>/dev/null || true
			cat "$BUILD/am.log" >&2
			die "patch $n, $p, does not apply to $SRC_PACKAGE $(debian_version) (tag $tag)"
		fi
		log "tree: applied $p"
	done
	echo "$(series_stamp) $(git_tree rev-parse HEAD)" > "$TREE/.git/tw-series-stamp"
	log "tree: $n patches on top of $tag"
}

ensure_base_worktree() {
	local tag=$1
	if [ -d "$BASE_TREE" ] &&
	   [ "$(git -C "$BASE_TREE" rev-parse HEAD)" = "$(git_tree rev-parse "$tag^{commit}")" ]; then
		return 0
	fi
	rm -rf "$BASE_TREE"; git_tree worktree prune
	run git -C "$TREE" worktree add -q --detach "$BASE_TREE" "$tag"
}

main() {
	[ "${1:-}" = -h ] && { usage; return 0; }
	local tag stamp head
	tag=$(base_tag)
	[ -n "$(debian_version)" ] || die "$SRC_PACKAGE is not installed: run scripts/build/deps.sh"
	mkdir -p "$BUILD"
	if [ -d "$TREE/.git" ] && ! git_tree rev-parse -q --verify "refs/tags/$tag" >/dev/null; then
		die "$TREE was made from $(git_tree describe --tags --abbrev=0 base 2>/dev/null), but $SRC_PACKAGE is now $(debian_version): move it away (rm -rf $TREE $BASE_TREE) and re-run"
	fi
	[ -d "$TREE/.git" ] || unpack_source "$tag"
	log "tree: linux-source $(debian_version), base tag $tag"
	{ read -r stamp head < "$TREE/.git/tw-series-stamp"; } 2>/dev/null || stamp=none
	if [ "$stamp" != "$(series_stamp)" ]; then
		if [ "$stamp" != none ] && [ "$head" != "$(git_tree rev-parse HEAD)" ] && [ "$FORCE" != 1 ]; then
			die "patches/ changed and $TREE has unexported commits: 'make export' first, or FORCE=1"
		fi
		apply_series "$tag"
	fi
	ensure_base_worktree "$tag"
}

main "$@"
