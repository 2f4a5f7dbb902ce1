# Every skipped result of a nested KTAP document, one a line:
# "PATH: DESCRIPTION # SKIP REASON", PATH the names of the subtests it is
# in below the document's top ("tests/61-tracing-latency"), its number
# left out so that a list of them stays put when tests are added.  With
# -v subtests=1, the PATH of every subtest instead, one a line.
#   awk [-v subtests=1] -f skips.awk FILE
function depth(l) { return (length(l) - length(trimmed(l))) / 4 }
function trimmed(l) { sub(/^ */, "", l); return l }
function path(d,   p, i) { for (i = 1; i <= d; i++) p = p (i > 1 ? "/" : "") name[i]; return p }
/^ *# Subtest: / {
	d = depth($0); l = trimmed($0); sub(/^# Subtest: /, "", l); name[d] = l
	if (subtests) print path(d)
	next
}
!subtests && /^ *ok [0-9]+ .*# SKIP/ {
	d = depth($0); l = trimmed($0); sub(/^ok [0-9]+ /, "", l)
	print path(d) ": " l
}
