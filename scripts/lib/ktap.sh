# Nesting KTAP documents for the host scripts (sourced).

# subtest NAME FILE: FILE, a KTAP or TAP document, as the body of
# subtest NAME, indented: the version line, the "# Subtest:" header,
# then FILE's plan, wherever FILE has it (guest-rootfs/lib/tap.sh prints
# it last), and its results: KTAP's order, which kunit.py's parser
# reads.  A missing or empty FILE gives a body with no plan, which its
# parent reports.
subtest() {
	local file=$2
	[ -f "$file" ] || file=/dev/null
	printf '    KTAP version 1\n    # Subtest: %s\n' "$1"
	awk 'NR == FNR { if (plan == "" && /^1\.\.[0-9]+$/) plan = $0; next }
	     FNR == 1 && plan != "" { print "    " plan }
	     FNR == 1 && /^K?TAP version/ { next }
	     $0 == plan && !moved { moved = 1; next }
	     { print "    " $0 }' "$file" "$file"
}
