# Nesting KTAP documents for the host scripts (sourced).

# subtest NAME FILE: FILE, a KTAP document, as the body of subtest NAME,
# indented: the version line, the "# Subtest:" header, then FILE's plan
# and results (KTAP's order, which kunit.py's parser reads).  A missing
# or empty FILE gives a body with no plan, which its parent reports.
subtest() {
	local file=$2
	[ -f "$file" ] || file=/dev/null
	printf '    KTAP version 1\n    # Subtest: %s\n' "$1"
	awk 'NR == 1 && /^K?TAP version/ { next } { print "    " $0 }' "$file"
}
