#!/bin/bash
# Configure and build one kernel flavour of one tree: scripts/build/config.sh,
# then scripts/build/build.sh.  The configuration is redone when a fragment
# or the tree changed, or when the .config is not the one the last build
# here left (a build by hand at another commit drops the options that
# commit's Kconfig does not know, and would keep them dropped).
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

# the stamp of OUT's configuration: the inputs', then the .config's own
stamp_of() {
	echo "$1 $(sha1sum < "$2/.config" | cut -d' ' -f1)"
}

main() {
	[ $# = 2 ] || { usage; exit 2; }
	local flavour=$1 tree=$2 out stamp
	out=$(obj_dir "$tree" "$flavour")
	stamp=$(config_stamp "$flavour" "$tree")
	if [ ! -f "$out/.config" ] || [ "$(cat "$out/.config-stamp" 2>/dev/null)" != "$(stamp_of "$stamp" "$out")" ]; then
		rm -f "$out/.config-stamp"
		"$TOP/scripts/build/config.sh" "$flavour" "$tree" "$out"
	fi
	"$TOP/scripts/build/build.sh" "$tree" "$out"
	# after the build, which may rewrite the .config (syncconfig)
	stamp_of "$stamp" "$out" > "$out/.config-stamp"
}

main "$@"
