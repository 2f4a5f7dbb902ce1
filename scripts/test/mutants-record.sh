#!/bin/bash
# make record-mutants: take the last 'make mutants' run of this version
# (results/$LINUX/mutants/) into docs/: each mutant it ran replaces its
# row of docs/data/mutants/$LINUX/results.tsv, a run of the whole set
# becomes last-run.ktap, and the version's table in docs/reliability.md
# is written again from the rows (scripts/test/mutants-table.sh).
# make mutants itself writes nothing that git tracks.
set -eu
. "$(dirname "$0")/../lib/lib.sh"

RUN=${RUN:-$RESULTS/mutants}
DATA=${DATA:-$TOP/docs/data/mutants/$LINUX}

main() {
	local header
	[ -s "$RUN/results.tsv" ] && [ -s "$RUN/run-header" ] ||
		die "no make mutants run of $LINUX in ${RUN#$TOP/}: run 'make mutants' first"
	header=$(cat "$RUN/run-header")
	mkdir -p "$DATA"
	# a run of some of them (MUTANTS=) updates their rows only
	[[ $header == *MUTANTS=* ]] || { echo "$header"; cat "$RUN/mutants.ktap"; } > "$DATA/last-run.ktap"
	{ echo "# name	date	series	seconds	result"
	  { cat "$RUN/results.tsv"; grep -v '^#' "$DATA/results.tsv" 2>/dev/null; } |
		awk -F'\t' '!seen[$1]++' | sort; } > "$DATA/results.tsv.new"
	mv "$DATA/results.tsv.new" "$DATA/results.tsv"
	log "record-mutants: ${DATA#$TOP/}/results.tsv from: $header"
	"$TOP/scripts/test/mutants-table.sh" "$DATA/results.tsv"
}

main "$@"
