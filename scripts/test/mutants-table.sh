#!/bin/bash
# The "Seen to fail" table of docs/reliability.md, from a run of make
# mutants (its KTAP, docs/data/mutants/last-run.ktap) and the mutants'
# headers: written between the table's two marker lines.
#   mutants-table.sh KTAP
set -eu
. "$(dirname "$0")/../lib/lib.sh"

DOC=${MUTANTS_DOC:-$TOP/docs/reliability.md}
MUTANTS_DIR=${MUTANTS_DIR:-$TOP/tests/mutants}
BEGIN='<!-- mutants table: scripts/test/mutants-table.sh -->'
END='<!-- end of mutants table -->'

field() { sed -n "/^---\$/q; s/^$2: *//p" "$1" | head -1; }

table() {
	local ktap=$1 line n name result patch
	echo "$(head -1 "$ktap" | sed 's/^# //'):"
	echo
	echo "| mutant | what is broken | scenario | result |"
	echo "|---|---|---|---|"
	grep -E '^(not )?ok [0-9]+ ' "$ktap" | while read -r line; do
		name=$(echo "$line" | sed -E 's/^(not )?ok [0-9]+ ([^ :]+).*/\2/')
		result=${line#*"$name"}; result=${result#: }; result=${result# }
		[[ $line == not* ]] && result="**${result}**"
		patch=$MUTANTS_DIR/$name.patch
		printf '| `%s` | %s | %s | %s |\n' "$name" "$(field "$patch" Mutant)" \
			"$(field "$patch" Scenario)" "$result"
	done
}

main() {
	[ $# = 1 ] || die "usage: $0 KTAP"
	grep -qxF "$BEGIN" "$DOC" && grep -qxF "$END" "$DOC" || die "$DOC has no mutants table markers"
	table "$1" > "$BUILD/mutants-table.md"
	awk -v b="$BEGIN" -v e="$END" -v t="$BUILD/mutants-table.md" '
		$0 == b { print; while ((getline l < t) > 0) print l; skip = 1; next }
		$0 == e { skip = 0 }
		!skip' "$DOC" > "$DOC.new"
	mv "$DOC.new" "$DOC"
	log "mutants table: $DOC"
}

main "$@"
