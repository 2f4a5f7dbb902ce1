#!/bin/bash
# make run's last table: each watcher's net cost (the guest's
# tracing/watcher-cost.sh, RUNDIR/share/watcher-cost.tsv) beside its own
# instructions per call from the per-function profile
# (scripts/bench/insn-profile.sh): a profile of the very kernel that
# booted (results/profile/LABEL/console.log carries its banner), else
# "-"; and, marked as such, the recorded profile of the series
# (docs/data/bench-switch/profile/direct-OP.txt: the same series
# and configuration, booted in another run).  The profile
# counts a function's own instructions, callees not included, per fork
# (INIT, CLONE, EXIT, FREE: one call each) or per fork+exec (EXEC); it
# never sets ids (UID, GID: "-").
#   usage: watcher-cost-table.sh RUNDIR   (the table also goes to RUNDIR/watcher-cost.md)
set -eu
. "$(dirname "$0")/../lib/lib.sh"

RUN=${1:?usage: $0 RUNDIR}
PROFILES=${PROFILES:-$RESULTS/profile}
REF=${REF:-$TOP/docs/data/bench-switch/profile/direct}
TSV=$RUN/share/watcher-cost.tsv

# the label of a profile of the kernel RUN booted, if any
banner() { sed -n 's/^\[[ 0-9.]*\] \(Linux version .*\)$/\1/p' "$1" | head -1; }
profile_label() {
	local want c
	want=$(banner "$RUN/console.log")
	[ -n "$want" ] || return 0
	for c in "$PROFILES"/*/console.log; do
		[ -f "$c" ] && [ "$(banner "$c")" = "$want" ] && { basename "$(dirname "$c")"; return; }
	done
	return 0
}

main() {
	local label
	[ -s "$TSV" ] || die "no $TSV: the guest's tracing/watcher-cost.sh wrote nothing"
	label=$(profile_label)
	{
		if [ -n "$label" ]; then
			echo "profile: $PROFILES/$label-{fork,exec}.txt, a profile of this kernel"
		else
			echo "profile: none of this kernel in $PROFILES (\"-\"); scripts/bench/insn-profile.sh run:$(kernel_image "$(obj_dir "$TREE" release)") makes one"
		fi
		echo "ref: $REF-{fork,exec}.txt, the recorded profile of the series"
		echo
		echo "| event/watcher | calls | net median, bpftrace | net mean, bpftrace | net median, hist | net mean, hist | profile insn/call | ref insn/call |"
		echo "|---|---|---|---|---|---|---|---|"
		{
			for op in fork exec; do
				[ -z "$label" ] || [ ! -f "$PROFILES/$label-$op.txt" ] ||
					sed "s/^/P $op /" "$PROFILES/$label-$op.txt"
				[ ! -f "$REF-$op.txt" ] || sed "s/^/R $op /" "$REF-$op.txt"
			done
			sed 's/^/T /' "$TSV"
		} | awk '
			$1 == "P" { prof[$2, $3] = $4; next }
			$1 == "R" { ref[$2, $3] = $4; next }
			{ k = $2 "/" $3; if (!(k in seen)) { seen[k]; order[++n] = k }
			  calls[k, $4] = $5; med[k, $4] = $7; mean[k, $4] = $8 }
			function fig(a, ev, fn,   op) {
				op = ev == "exec" ? "exec" : (ev == "uid" || ev == "gid") ? "" : "fork"
				return (op != "" && (op, fn) in a) ? a[op, fn] : "-"
			}
			function or(a, k) { return (k in a) ? a[k] : "-" }
			END {
				for (i = 1; i <= n; i++) {
					k = order[i]; split(k, f, "/"); b = k SUBSEP "bpftrace"; h = k SUBSEP "hist"
					printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", k, (b in calls) ? calls[b] : calls[h],
						or(med, b), or(mean, b), or(med, h), or(mean, h), fig(prof, f[1], f[2]), fig(ref, f[1], f[2])
				}
			}'
	} | tee "$RUN/watcher-cost.md"
}

main "$@"
