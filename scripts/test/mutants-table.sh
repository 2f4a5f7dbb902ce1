#!/bin/bash
# A version's "Seen to fail" table of docs/reliability.md: a row for each
# of its mutants (scripts/lib/lib.sh, mutant_names), its header's words
# and its latest recorded result (docs/data/mutants/$LINUX/results.tsv:
# name, date, series, seconds, result), written between the version's
# two marker lines.
#   mutants-table.sh TSV
set -eu
. "$(dirname "$0")/../lib/lib.sh"

DOC=${MUTANTS_DOC:-$TOP/docs/reliability.md}
BEGIN="<!-- mutants table $LINUX: scripts/test/mutants-table.sh -->"
END="<!-- end of mutants table $LINUX -->"


table() {
	local tsv=$1 patch name row killed=0 all=0
	echo "| mutant | what is broken | scenario | result | run |"
	echo "|---|---|---|---|---|"
	for name in $(mutant_names); do
		patch=$(mutant_patch "$name")
		all=$((all + 1))
		row=$(awk -F'\t' -v n="$name" '$1 == n' "$tsv")
		if [ -z "$row" ]; then
			row="-	-	-	-	**not run yet**"
		elif [[ $(cut -f5 <<< "$row") == "killed by "* ]]; then
			killed=$((killed + 1))
		else
			row=$(awk -F'\t' 'BEGIN { OFS = "\t" } { $5 = "**" $5 "**"; print }' <<< "$row")
		fi
		printf '| `%s` | %s | %s | %s |\n' "$name" "$(mutant_field "$patch" Mutant)" \
			"$(mutant_field "$patch" Scenario | cut -d' ' -f1)" \
			"$(awk -F'\t' '{ printf "%s | %s, series %s, %s s", $5, $2, $3, $4 }' <<< "$row")"
	done
	echo
	echo "$killed of $all mutants killed."
}

main() {
	[ $# = 1 ] || die "usage: $0 TSV"
	grep -qxF "$BEGIN" "$DOC" && grep -qxF "$END" "$DOC" || die "$DOC has no mutants table markers"
	table "$1" > "$DOC.table"
	awk -v b="$BEGIN" -v e="$END" -v t="$DOC.table" '
		$0 == b { print; while ((getline l < t) > 0) print l; skip = 1; next }
		$0 == e { skip = 0 }
		!skip' "$DOC" > "$DOC.new"
	mv "$DOC.new" "$DOC"; rm -f "$DOC.table"
	log "mutants table: $DOC"
}

main "$@"
