# insn-profile.awk: per kernel function, the instructions of an
# interval.  Input, sorted by address: "ADDR S NAME" for each text symbol
# (from kallsyms), "ADDR C COUNT" for each address executed, a symbol
# before the counts at its own address.  "[user]" is user mode (address
# 0), "[kernel]" kernel code before the first symbol.
$2 == "S" { fn = $3; next }
{ t[$1 == "0000000000000000" ? "[user]" : fn == "" ? "[kernel]" : fn] += $3 }
END { for (f in t) print f, t[f] }
