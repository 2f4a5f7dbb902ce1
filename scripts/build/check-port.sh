#!/bin/bash
# make check-port: the series of every version stays the port of the
# development version's (scripts/lib/lib.sh's default LINUX), with no
# kernel build.  For each version V, in build/port/V (a git tree holding
# only what the series and checkpatch.pl read of Debian's
# linux-source-V): the series applies with git am; each patch passes
# that tree's checkpatch.pl (tests/host/checkpatch.sh); and the
# range-diff from the development series to V's is the one committed in
# patches/V/backport.range-diff.  A change made to one version only
# changes that range-diff and fails here.  TAP, one subtest per version.
#   PORT_UPDATE=1  write each backport.range-diff anew (after a reviewed
#                  change to one version, to record it)
set -eu
. "$(dirname "$0")/../lib/lib.sh"
. "$TOP/scripts/lib/ktap.sh"

DEV=$LINUX
PORT=$TOP/build/port
RANGE_DIFF=backport.range-diff
# What checkpatch.pl reads of a tree: its own files, SPDX's licences, and
# the top-level entries by which it knows a kernel tree (directories are
# made empty).
CHECKPATCH_FILES="scripts/checkpatch.pl scripts/spelling.txt
	scripts/const_structs.checkpatch scripts/spdxcheck.py
	scripts/spdxexclude LICENSES COPYING CREDITS Kbuild MAINTAINERS
	Makefile README"
KERNEL_DIRS="Documentation arch include drivers fs init ipc kernel lib scripts"

# series_of V: the patch files of V's series, in order
series_of() { series_patches "$TOP/patches/$1"; }

# touched V: the files V's series changes that the source already has
touched() {
	(cd "$TOP/patches/$1" && cat $(series_of "$1")) | awk '
		/^--- \/dev\/null/ { new = 1; next }
		/^--- a\// { sub(/^--- a\//, ""); old[$0] = 1; new = 0; next }
		/^\+\+\+ b\// { sub(/^\+\+\+ b\//, ""); if (new) made[$0] = 1; new = 0 }
		END { for (f in old) if (!(f in made)) print f }' | sort
}

# port_tree V: build/port/V, the pristine files committed and tagged
# "base", the series applied on top (branch task-watchers)
port_tree() {
	local v=$1 dir=$PORT/$1 pkg=linux-source-$1 version p
	version=$(dpkg-query -W -f '${Version}' "$pkg" 2>/dev/null) ||
		die "$pkg is not installed: LINUX=$v make deps"
	rm -rf "$dir"; mkdir -p "$dir"
	log "check-port: $pkg $version: unpacking what the series and checkpatch read"
	# shellcheck disable=SC2046
	tar -C "$dir" -xf "/usr/src/$pkg.tar.xz" --strip-components=1 \
		$(for p in $(touched "$v") $CHECKPATCH_FILES; do echo "$pkg/$p"; done)
	(cd "$dir" && mkdir -p $KERNEL_DIRS)
	git -C "$dir" init -q -b task-watchers
	git -C "$dir" config user.name "Task Watchers build"
	git -C "$dir" config user.email "task-watchers@localhost"
	git -C "$dir" add -A -f
	GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z" \
		git -C "$dir" commit -q -m "Debian $pkg $version, the files the series touches"
	git -C "$dir" tag base
	for p in $(series_of "$v"); do
		git -C "$dir" am -q --committer-date-is-author-date "$TOP/patches/$v/$p" ||
			{ git -C "$dir" am --abort; echo "$p does not apply to $pkg $version"; return 1; }
	done
}

# range_diff V: the range-diff from the development series to V's,
# without commit ids (they depend on which files the base holds)
range_diff() {
	local dir=$PORT/$1
	git -C "$dir" fetch -q "$PORT/$DEV" "+refs/tags/base:refs/dev/base" "+task-watchers:refs/dev/series"
	git -C "$dir" range-diff --no-color --creation-factor=95 \
		refs/dev/base..refs/dev/series base..task-watchers |
		sed -E 's/^( *[0-9-]+: +)[0-9a-f-]+ ([=!<>]) ( *[0-9-]+: +)[0-9a-f-]+ /\1\2 \3/'
}

check_version() {
	local v=$1 n=0 want=$TOP/patches/$1/$RANGE_DIFF got
	echo "TAP version 13"
	n=$((n + 1))
	if out=$(port_tree "$v" 2>&1); then
		echo "ok $n the series applies to linux-source-$v"
	else
		echo "$out" | sed 's/^/# /'; echo "not ok $n the series applies to linux-source-$v"
		echo "1..$n"; return
	fi
	n=$((n + 1))
	if TREE=$PORT/$v PATCHES=$TOP/patches/$v "$TOP/tests/host/checkpatch.sh" > "$PORT/$v.checkpatch.tap" 2>&1; then
		echo "ok $n checkpatch.pl of linux-source-$v: $(grep -c '^ok' "$PORT/$v.checkpatch.tap") patches clean"
	else
		grep -v '^ok' "$PORT/$v.checkpatch.tap" | sed 's/^/# /'
		echo "not ok $n checkpatch.pl of linux-source-$v"
	fi
	if [ "$v" != "$DEV" ]; then
		n=$((n + 1))
		got=$(range_diff "$v")
		[ "${PORT_UPDATE:-0}" != 1 ] || { echo "$got" > "$want"; log "check-port: wrote ${want#$TOP/}"; }
		if [ "$got" = "$(cat "$want" 2>/dev/null)" ]; then
			echo "ok $n the range-diff from $DEV is ${want#$TOP/}"
		else
			diff -u "$want" <(echo "$got") | head -60 | sed 's/^/# /'
			echo "not ok $n the range-diff from $DEV is ${want#$TOP/}: the two series drifted (PORT_UPDATE=1 records a reviewed change)"
		fi
	fi
	echo "1..$n"
}

main() {
	local v n=0 t0=$SECONDS out
	for v in $(kernel_versions); do LINUX=$v "$TOP/scripts/build/deps.sh"; done
	mkdir -p "$PORT"
	out=$PORT/check-port.ktap
	{
		echo "KTAP version 1"
		echo "1..$(kernel_versions | wc -l)"
		# the development version first: the others are compared with it
		for v in $DEV $(kernel_versions | grep -vxF "$DEV"); do
			n=$((n + 1))
			check_version "$v" > "$PORT/$v.tap"
			subtest "$v" "$PORT/$v.tap"
			if grep -q '^not ok' "$PORT/$v.tap"; then echo "not ok $n $v"; else echo "ok $n $v"; fi
		done
	} | tee "$out"
	log "check-port: $((SECONDS - t0)) s"
	! grep -q '^not ok' "$out"
}

main "$@"
