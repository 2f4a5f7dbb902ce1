#!/bin/bash
# Configure one kernel: merge the repository's kconfig fragments onto
# allnoconfig with the tree's merge_config.sh (-n), then
# check, as kunit.py does, that every option a fragment asks for really is
# what the final .config says.  Fails with the list of options that are not.
set -eu
. "$(dirname "$0")/../lib/lib.sh"

usage() {
	cat <<EOT
usage: $0 [--verify] FLAVOUR SRCTREE OBJDIR
       $0 --fragments FLAVOUR SRCTREE   (names of the fragments used)
Merge configs/{guest,common,FLAVOUR}.config, each followed by its
configs/\$LINUX/ namesake if there is one (and configs/FLAVOUR-series.config
when SRCTREE carries the series) into OBJDIR/.config and verify it.
With --verify, only check an existing OBJDIR/.config.
example: $0 release build/linux build/linux/out-release
EOT
}

# Fragments of ours, in merge order; later ones win.  configs/VERSION/F
# follows configs/F with what this kernel version names its own way.
# FLAVOUR-series and module-watchers hold options the series adds: each
# applies to a tree that defines them (not the pristine tree or an early
# prefix).
fragments() {
	local flavour=$1 tree=$2 f
	for f in guest common "$flavour"; do
		echo "$TOP/configs/$f.config"
		[ ! -f "$TOP/configs/$LINUX/$f.config" ] || echo "$TOP/configs/$LINUX/$f.config"
	done
	for f in "$TOP/configs/$flavour-series.config" "$TOP/configs/module-watchers.config"; do
		[ -f "$f" ] && tree_defines_all "$tree" "$f" && echo "$f"
	done
	return 0
}

# tree_defines_all SRCTREE FRAGMENT: every option of FRAGMENT has a
# "config" entry in SRCTREE's Kconfig files.
tree_defines_all() {
	local sym
	for sym in $(grep -oE 'CONFIG_[A-Za-z0-9_]+' "$2" | sed 's/^CONFIG_//' | sort -u); do
		grep -rqsxE --include="Kconfig*" "(menu)?config $sym" "$1" || return 1
	done
}

# Print "CONFIG_X wanted=V got=W" for every mismatch.  "n" stands for unset.
verify_config() {
	local config=$1; shift
	awk '
	function parse(line,   m) {
		if (match(line, /^# CONFIG_[A-Za-z0-9_]+ is not set/)) {
			split(line, m, " "); key = m[2]; val = "n"; return 1
		}
		if (match(line, /^CONFIG_[A-Za-z0-9_]+=/)) {
			key = substr(line, 1, index(line, "=") - 1)
			val = substr(line, index(line, "=") + 1); return 1
		}
		return 0
	}
	FNR == 1 { file++ }
	file < nfrag && parse($0) { want[key] = val; next }
	file == nfrag && parse($0) { have[key] = val }
	END {
		for (k in want) {
			got = (k in have) ? have[k] : "n"
			if (got != want[k]) { printf "%s wanted=%s got=%s\n", k, want[k], got; bad++ }
		}
		exit bad > 0
	}' nfrag=$(($# + 1)) "$@" "$config"
}

main() {
	if [ "${1:-}" = --fragments ]; then
		fragments "$2" "$3" | sed -e "s|^$TOP/configs/||" -e 's/\.config$//' | paste -sd' '
		return
	fi
	if [ "${1:-}" = --verify ]; then
		shift; [ $# = 3 ] || { usage; exit 2; }
		verify_config "$3/.config" $(fragments "$1" "$2")
		return
	fi
	[ $# = 3 ] || { usage; exit 2; }
	local flavour=$1 tree=$2 out=$3 frags
	[ -f "$TOP/configs/$flavour.config" ] || die "no configs/$flavour.config"
	frags=$(fragments "$flavour" "$tree")
	mkdir -p "$out"; out=$(cd "$out" && pwd); tree=$(cd "$tree" && pwd)
	log "config: $flavour in $out"
	(cd "$tree" && ARCH=x86 run scripts/kconfig/merge_config.sh -n -O "$out" $frags) > "$out/merge_config.log" 2>&1 ||
		{ cat "$out/merge_config.log" >&2; die "merge_config.sh failed"; }
	if ! verify_config "$out/.config" $frags > "$out/config-mismatch.txt"; then
		cat "$out/config-mismatch.txt" >&2
		die "config: options above did not end up as the fragments asked (dependency missing?)"
	fi
	log "config: $(wc -l < "$out/.config") lines, all $(cat $frags | grep -c CONFIG_) fragment options verified"
}

main "$@"
