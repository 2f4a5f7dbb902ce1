#!/bin/bash
# Build one kernel (bzImage, modules, vmlinux) out of tree with ccache, showing a
# progress line every 250 compiled objects.  The full log is kept in
# OBJDIR/build.log.
set -eu
. "$(dirname "$0")/../lib/lib.sh"

JOBS=${JOBS:-$(($(nproc) + 1))}

usage() {
	cat <<EOT
usage: $0 SRCTREE OBJDIR [make targets...]
example: $0 build/linux build/linux/out-release
EOT
}

progress() {
	local n=0 t0 line
	t0=$(date +%s)
	while IFS= read -r line; do
		case $line in
		"  CC "*|"  AS "*)
			n=$((n + 1))
			[ $((n % 250)) = 0 ] &&
				log "build: $n objects compiled ($(( $(date +%s) - t0 ))s)" ;;
		"  LD "*vmlinux*|"  BTF "*|*"is ready"*) log "build: ${line#  }" ;;
		*" error: "*|*"Error "[0-9]*) echo "$line" ;;
		esac
	done
	return 0
}

# "HITS MISSES" so far in ccache's statistics.
cache_counts() {
	ccache --print-stats 2>/dev/null | awk '
		$1 ~ /^(direct|preprocessed)_cache_hit$/ { h += $2 }
		$1 == "cache_miss" { m = $2 }
		END { print h + 0, m + 0 }'
}

# The banner (/proc/version) of a kernel image: vmlinux, or bzImage
# unpacked by the tree's extract-vmlinux.
banner() {
	local tree=$1 img=$2
	case $img in
	*/vmlinux) cat "$img" ;;
	*) "$tree/scripts/extract-vmlinux" "$img" ;;
	esac | strings -n 20 | grep -m1 '^Linux version .* #[0-9]'
}

# bzImage must carry this vmlinux.  ccache cannot see the .incbin by
# which arch/x86/boot/compressed/piggy.S pulls in the compressed kernel,
# and piggy.S itself holds only the kernel's sizes: a build whose
# compressed and uncompressed sizes both equal an earlier build's gets
# that build's piggy.o from the cache, and its bzImage boots the earlier
# kernel.  Seen twice in make mutants, whose tests then passed on a
# kernel without the mutant (make test's 10-smoke compares /proc/version
# with vmlinux and would fail).  Assemble piggy.S again without ccache.
same_kernel() {
	[ "$(banner "$1" "$(kernel_image "$2")")" = "$(banner "$1" "$2/vmlinux")" ]
}

check_payload() {
	local tree=$1 out=$2
	same_kernel "$tree" "$out" && return 0
	log "build: bzImage holds another kernel than vmlinux (ccache, piggy.o): reassembling it without ccache"
	rm -f "$out/arch/x86/boot/compressed/piggy.o"
	CCACHE_DISABLE=1 make -C "$tree" O="$out" CC="ccache gcc" bzImage >> "$out/build.log" 2>&1 < /dev/null ||
		die "bzImage rebuild failed, full log: $out/build.log"
	same_kernel "$tree" "$out" || die "bzImage still does not hold $out/vmlinux"
}

main() {
	[ $# -ge 2 ] || { usage; exit 2; }
	local tree=$1 out=$2 t0 rc h0 m0 h1 m1; shift 2
	local targets=${*:-bzImage modules}
	out=$(cd "$out" && pwd)
	[ -f "$out/.config" ] || die "$out/.config missing: run scripts/build/config.sh first"
	t0=$(date +%s)
	read -r h0 m0 < <(cache_counts)
	log "build: $tree -> $out ($targets, -j$JOBS, ccache)"
	set +e
	# the log exists before tail follows it (make's redirection may not yet)
	: > "$out/build.log"
	make -C "$tree" O="$out" -j"$JOBS" CC="ccache gcc" $targets \
		> "$out/build.log" 2>&1 < /dev/null &
	local pid=$!
	tail -n +1 -f --pid=$pid "$out/build.log" | progress >&2
	wait $pid; rc=$?
	set -e
	if [ $rc != 0 ]; then
		grep -B2 -A8 -m5 -E 'error:|Error [0-9]' "$out/build.log" >&2 || tail -30 "$out/build.log" >&2
		die "build failed, full log: $out/build.log"
	fi
	[[ " $targets " != *" bzImage "* ]] || check_payload "$tree" "$out"
	read -r h1 m1 < <(cache_counts)
	log "build: done in $(( $(date +%s) - t0 ))s: $(cat "$out/include/config/kernel.release"); ccache: $((h1 - h0)) hits, $((m1 - m0)) misses"
}

main "$@"
