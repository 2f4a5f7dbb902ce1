#!/bin/bash
# Configure and build one kernel flavour of one tree: scripts/build/config.sh,
# then scripts/build/build.sh.  The configuration is redone only when a fragment
# or the tree changed.
set -eu
. "$(dirname "$0")/../lib/lib.sh"

usage() {
	cat <<EOT
usage: $0 FLAVOUR SRCTREE
example: $0 debug build/linux    (builds build/linux/out-debug)
EOT
}

config_stamp() {
	local flavour=$1 tree=$2
	(cat "$TOP"/configs/*.config "$TOP"/configs/"$LINUX"/*.config 2>/dev/null
	 git -C "$tree" rev-parse HEAD) | sha1sum | cut -d' ' -f1
}

main() {
	[ $# = 2 ] || { usage; exit 2; }
	local flavour=$1 tree=$2 out stamp
	out=$(obj_dir "$tree" "$flavour")
	stamp=$(config_stamp "$flavour" "$tree")
	if [ ! -f "$out/.config" ] || [ "$(cat "$out/.config-stamp" 2>/dev/null)" != "$stamp" ]; then
		"$TOP/scripts/build/config.sh" "$flavour" "$tree" "$out"
		echo "$stamp" > "$out/.config-stamp"
	fi
	"$TOP/scripts/build/build.sh" "$tree" "$out"
}

main "$@"
