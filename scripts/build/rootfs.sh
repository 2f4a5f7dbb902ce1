#!/bin/bash
# Build the guest's root filesystem image, build/rootfs.ext4:
#   1. debootstrap --variant=minbase bookworm plus the packages below into
#      build/rootfs/ (cached; redone only when the package list changes);
#   2. the project's guest files (guest-rootfs/, tracing/, C and BPF
#      programs built here on the host, the series' kselftests) into
#      /opt/tw of that tree;
#   3. mkfs.ext4 -d: no loop mount, no root mount.
# The image is rebuilt only when one of its inputs changed.
set -eu
. "$(dirname "$0")/../lib/lib.sh"

SUITE=${SUITE:-bookworm}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
IMAGE=${IMAGE:-$BUILD/rootfs.ext4}
IMAGE_SIZE=${IMAGE_SIZE:-3G}
ROOT=$BUILD/rootfs
# make, gcc and libc6-dev: the kernbench-like job of 'make bench';
# trinity: 'make fuzz'; bpftool: loads guest-rootfs/bpf/'s sched_ext scheduler
GUEST_PACKAGES="bpftrace trace-cmd auditd keyutils numactl stress-ng forkstat
	procps kmod util-linux iproute2 strace make gcc libc6-dev trinity bpftool
	man-db ${EXTRA_PACKAGES:-}"

usage() {
	cat <<EOT
usage: $0
Make $IMAGE.  EXTRA_PACKAGES="a b" adds Debian packages to the guest.
EOT
}

package_stamp() { echo "$SUITE $MIRROR" $GUEST_PACKAGES | tr -s ' \t\n' ' ' | sha1sum | cut -d' ' -f1; }

make_base() {
	local stamp=$1 t0
	[ "$(cat "$ROOT.stamp" 2>/dev/null)" = "$stamp" ] && return 0
	t0=$(date +%s)
	log "rootfs: debootstrap $SUITE (minbase) + $(echo $GUEST_PACKAGES | wc -w) packages, ~1-2 min"
	rm -rf "$ROOT" "$ROOT.stamp"
	run debootstrap --variant=minbase --include="$(echo $GUEST_PACKAGES | tr ' ' ,)" \
		"$SUITE" "$ROOT" "$MIRROR" > "$BUILD/debootstrap.log" 2>&1 ||
		{ tail -20 "$BUILD/debootstrap.log" >&2; die "debootstrap failed, log: $BUILD/debootstrap.log"; }
	rm -rf "$ROOT"/var/cache/apt/archives/*.deb "$ROOT"/var/lib/apt/lists/*
	echo "$stamp" > "$ROOT.stamp"
	log "rootfs: debootstrap done in $(( $(date +%s) - t0 ))s, $(du -sh "$ROOT" | cut -f1)"
}

# The project's files under /opt/tw; C programs are built here, static
# (their sources stay in /opt/tw/src: the kernbench-like job builds them).
install_guest_files() {
	local dst=$ROOT/opt/tw src
	rm -rf "$dst"; mkdir -p "$dst/bin"
	cp -a "$TOP/guest-rootfs/." "$dst/"
	cp -a "$TOP/tracing" "$TOP/configs" "$dst/"
	for src in "$TOP"/guest-rootfs/src/*.c; do
		[ -e "$src" ] || continue
		gcc -O2 -Wall -Werror -static -pthread -I"$TOP/guest-rootfs/src" \
			-I"$TREE/tools/testing/selftests" \
			-o "$dst/bin/$(basename "$src" .c)" "$src" ||
			die "guest program $src does not build"
	done
	# BPF objects, relocated against the guest kernel's BTF when loaded
	for src in "$TOP"/guest-rootfs/bpf/*.bpf.c; do
		[ -e "$src" ] || continue
		clang -O2 -g -target bpf -Wall -Werror -c -o "$dst/bin/$(basename "$src" .c).o" "$src" ||
			die "BPF program $src does not build"
	done
	install_kselftests "$dst/kselftest"
	# the tracing tools' man pages, made from their headers
	mkdir -p "$ROOT/usr/local/share/man/man8"
	for src in "$TOP"/tracing/tools/tw-*; do
		"$TOP/tracing/tools/mkman.sh" "$src" > "$ROOT/usr/local/share/man/man8/$(basename "$src").8"
	done
	echo "tw-guest" > "$ROOT/etc/hostname"
}

# The series' own kselftests, built from the patched tree as kselftest
# installs them (run_kselftest.sh and tools/testing/selftests/task_watchers
# under DIR); static, like the programs above.
install_kselftests() {
	make -s -C "$TREE/tools/testing/selftests" TARGETS=task_watchers O="$BUILD/kselftest" \
		KSFT_INSTALL_PATH="$1" LDFLAGS=-static install > "$BUILD/kselftest.log" 2>&1 ||
		{ tail -20 "$BUILD/kselftest.log" >&2; die "the task_watchers kselftests do not build"; }
}

inputs_stamp() {
	(cd "$TOP" && find guest-rootfs tracing configs -type f -print0 | sort -z | xargs -0 sha1sum
	 sha1sum "$TREE/tools/testing/selftests/kselftest_harness.h"
	 find "$TREE/tools/testing/selftests/task_watchers" -type f -print0 | sort -z | xargs -0 sha1sum
	 cat "$ROOT.stamp"; echo "$IMAGE_SIZE") | sha1sum | cut -d' ' -f1
}

main() {
	[ "${1:-}" = -h ] && { usage; return 0; }
	local stamp
	mkdir -p "$BUILD"
	make_base "$(package_stamp)"
	stamp=$(inputs_stamp)
	if [ -f "$IMAGE" ] && [ "$(cat "$IMAGE.stamp" 2>/dev/null)" = "$stamp" ]; then
		return 0
	fi
	install_guest_files
	rm -f "$IMAGE"
	run mkfs.ext4 -q -F -L twroot -d "$ROOT" "$IMAGE" "$IMAGE_SIZE"
	echo "$stamp" > "$IMAGE.stamp"
	log "rootfs: $IMAGE ready"
}

main "$@"
