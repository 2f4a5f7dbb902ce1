#!/bin/bash
# make warnings: sparse (C=2) and W=1 on every .c file the series
# touches, in the patched tree and in the unpatched one, each in an
# object directory of its own (out-warnings, the debug configuration,
# which builds the most of them: lockdep, irq-flag tracing, the debugfs
# test watcher and KUnit).
# A warning that the patched file has and the unpatched one has not
# (the file and the message, without line and column) fails; a file the
# series adds must have none.  Prints TAP, a line per file.
#   FILES="kernel/fork.c ..."   only those (default: every .c file of the
#                               series but scripts/, host programs)
set -eu
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/phase.sh"

# configure TREE's out-warnings once, and prepare it (headers, objtool)
prepare_out() {
	local tree=$1 out=$1/out-warnings
	[ -f "$out/.config" ] || "$TOP/scripts/build/config.sh" debug "$tree" "$out" >&2
	make -C "$tree" O="$out" -j"$(nproc)" -s prepare >&2
}

# warnings TREE FILE: what sparse and W=1 say of FILE, line numbers left
# out; a FILE that does not build says so
warnings() {
	local tree=$1 f=$2 out rc=0
	[ -f "$tree/$f" ] || return 0
	rm -f "$tree/out-warnings/${f%.c}.o"
	out=$(make -C "$tree" O="$tree/out-warnings" C=2 W=1 CC="ccache gcc" "${f%.c}.o" 2>&1) || rc=$?
	{ [ $rc = 0 ] || echo "$f: error: make ${f%.c}.o failed ($rc)"
	  echo "$out" | sed -n -E 's|^(\.\./)?([^:]+):[0-9]+:([0-9]+:)? (warning\|error): |\2: \4: |p'
	} | sort
}

main() {
	local tag files f new rc=0 i=0
	prepare_tree
	dry_run_stop
	command -v sparse > /dev/null || die "no sparse: make deps"
	tag="$(base_tag)"
	[ -d "$BASE_TREE" ] || git -C "$TREE" worktree add -q --detach "$BASE_TREE" "$tag"
	files=${FILES:-$(git -C "$TREE" diff --name-only "$tag"..HEAD -- '*.c' | grep -v '^scripts/')}
	prepare_out "$TREE"
	prepare_out "$BASE_TREE"
	echo "TAP version 13"
	echo "1..$(echo $files | wc -w)"
	for f in $files; do
		i=$((i + 1))
		new=$(comm -13 <(warnings "$BASE_TREE" "$f") <(warnings "$TREE" "$f"))
		if [ -z "$new" ]; then
			echo "ok $i $f: no sparse or W=1 warning the unpatched file has not"
		else
			echo "$new" | sed 's/^/# /'
			echo "not ok $i $f: new sparse or W=1 warnings"
			rc=1
		fi
	done
	return $rc
}

main "$@"
