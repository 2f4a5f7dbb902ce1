#!/bin/bash
# The make targets that prepare without booting, each with the steps
# before it (scripts/lib/phase.sh), and a phase table at the end:
#   prepare.sh tree                 packages, the patched and base trees
#   prepare.sh kernel FLAVOUR TREE  one kernel; TREE: patched or base
#   prepare.sh rootfs               the guest image (it needs the tree)
#   prepare.sh scenario NAME        all that one scenario boots
set -eu
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/phase.sh"
. "$(dirname "$0")/../lib/scenario.sh"

main() {
	case ${1:-} in
	tree) prepare_tree ;;
	kernel) [ $# = 3 ] || die "usage: $0 kernel FLAVOUR patched|base"
		prepare_tree; prepare_kernel "$2" "$3" ;;
	rootfs) prepare_tree; phase rootfs "$TOP/scripts/build/rootfs.sh" ;;
	scenario) [ $# = 2 ] || die "usage: $0 scenario NAME"
		prepare_boots "$2" ;;
	*) die "usage: $0 tree | kernel FLAVOUR TREE | rootfs | scenario NAME" ;;
	esac
	dry_run_stop
	phase_summary
}

main "$@"
