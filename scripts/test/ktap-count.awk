# Count the results of a nested KTAP stream: "PASSED FAILED SKIPPED".
# A result with subtests is their summary and is not counted itself,
# unless it failed while none of its subtests did: a test that timed out,
# crashed or stopped short of its plan fails on its own result line.
#   awk -f ktap-count.awk FILE
match($0, /^ *(not )?ok [0-9]+/) {
	line = $0; sub(/^ */, "", line)
	d = (length($0) - length(line)) / 4
	notok = line ~ /^not /
	parent = kids[d]; kids[d] = 0; kids[d - 1] = 1
	below = bad[d]; bad[d] = 0
	if (notok || below) bad[d - 1] = 1
	if (!parent) {
		if (notok) fail++
		else if (line ~ /# SKIP/) skip++
		else pass++
	} else if (notok && !below) fail++
}
END { printf "%d %d %d\n", pass, fail, skip }
