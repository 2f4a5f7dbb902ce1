#!/bin/bash
# Install the Debian packages the project needs, only those missing.
# Quiet when everything is already there.
set -eu
. "$(dirname "$0")/../lib/lib.sh"

PACKAGES="$SRC_PACKAGE build-essential flex bison bc libelf-dev libssl-dev
	dwarves cpio ccache qemu-system-x86 qemu-utils debootstrap e2fsprogs
	trace-cmd bpftrace gnuplot-nox rsync kmod xz-utils python3 git curl
	python3-ply python3-git sparse clang
	ca-certificates ${EXTRA_HOST_PACKAGES:-}"

missing_packages() {
	local p
	for p in $PACKAGES; do
		dpkg-query -W -f '${Status}\n' "$p" 2>/dev/null |
			grep -q '^install ok installed$' || echo "$p"
	done
}

main() {
	local missing
	missing=$(missing_packages)
	[ -z "$missing" ] && return 0
	log "deps: installing:" $missing
	[ "$(id -u)" = 0 ] || die "need root to install packages: $missing"
	# An apt cache older than a day (or none at all) cannot be trusted.
	if [ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -mtime -1 2>/dev/null | head -1)" ]; then
		run apt-get update -q >/dev/null
	fi
	DEBIAN_FRONTEND=noninteractive run apt-get install -y -q \
		--no-install-recommends $missing >/dev/null
	log "deps: done (linux-source $(debian_version))"
}

main "$@"
