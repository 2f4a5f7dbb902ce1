# insn-profile.awk -v ops=N SYSTEM.MAP SNAP-A SNAP-B: per kernel function,
# the instructions executed between two insnprof.c snapshots, divided by
# N; "[user]" is user mode.  Symbols and counts are merged by address.
FILENAME == ARGV[1] { if ($2 ~ /^[TtWw]$/) print $1, "S", $3 | "sort -k1,1 -k2,2r > " tmp(); next }
FILENAME == ARGV[2] { before[$1] = $2; next }
{ d = $2 - before[$1]; if (d) print $1, "C", d | "sort -k1,1 -k2,2r > " tmp() }
END {
	close("sort -k1,1 -k2,2r > " tmp())
	while ((getline line < tmp()) > 0) {
		split(line, f, " ")
		if (f[2] == "S") { fn = f[3]; continue }
		t[f[1] == "0000000000000000" ? "[user]" : fn] += f[3]
	}
	system("rm -f " tmp())
	for (fn in t) printf "%s %.2f\n", fn, t[fn] / ops | "sort -k2,2gr"
}
function tmp() { if (!TMP) { "mktemp" | getline TMP }; return TMP }
