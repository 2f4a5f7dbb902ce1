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
	read -r h1 m1 < <(cache_counts)
	log "build: done in $(( $(date +%s) - t0 ))s: $(cat "$out/include/config/kernel.release"); ccache: $((h1 - h0)) hits, $((m1 - m0)) misses"
}

main "$@"
