# insn-profile.awk KALLSYMS SNAP-A SNAP-B: per kernel function, the
# instructions executed between two insnprof.c snapshots; "[user]" is
# user mode, "[kernel]" kernel code before the first symbol.  Symbols
# (kallsyms or System.map format) and counts are merged by address.
FILENAME == ARGV[1] { if ($2 ~ /^[TtWw]$/) print $1, "S", $3 | sorted(); next }
FILENAME == ARGV[2] { before[$1] = $2; next }
{ d = $2 - before[$1]; if (d) print $1, "C", d | sorted() }
END {
	close(sorted())
	while ((getline line < tmp()) > 0) {
		split(line, f, " ")
		if (f[2] == "S") { fn = f[3]; continue }
		t[f[1] == "0000000000000000" ? "[user]" : fn == "" ? "[kernel]" : fn] += f[3]
	}
	system("rm -f " tmp())
	for (fn in t) print fn, t[fn]
}
# by address, a symbol before the counts at its own address
function sorted() { return "sort -k1,1 -k2,2r > " tmp() }
function tmp() { if (!TMP) { "mktemp" | getline TMP }; return TMP }
