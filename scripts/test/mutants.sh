#!/bin/bash
# make mutants: every mutant of tests/mutants/ (a small deliberate bug,
# a patch on top of the series) built, booted in its scenario, and its
# named tests run; KTAP, one result per mutant:
#   ok N NAME killed by T, ...      some of what ran went red
#   not ok N NAME survived          every test passed: fix the test
#   not ok N NAME does not apply | does not build
# Each mutant is built incrementally in one worktree of the series,
# build/linux-mutant (ccache hits for all but its own files), release
# mutants first, then debug ones.  MUTANTS="a b" runs some of them.
# A run writes results/$LINUX/mutants/ only: mutants.ktap, and
# results.tsv, a row per mutant it ran (name, date, series, seconds,
# result).  'make record-mutants' (scripts/test/mutants-record.sh) is the
# explicit step that takes a run into docs/.
set -eu
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/phase.sh"
. "$(dirname "$0")/../lib/scenario.sh"
. "$(dirname "$0")/../lib/ktap.sh"

MUTANT_TREE=${MUTANT_TREE:-$BUILD/linux-mutant}
SERIES_TREE=$TREE
OUT=${OUT:-$RESULTS/mutants}
MUTANTS_DIR=${MUTANTS_DIR:-$TOP/tests/mutants}

# The mutants to run as "FLAVOUR NAME", release ones first.
mutants() {
	local name
	for name in $(mutant_names); do
		[ -z "${MUTANTS:-}" ] || [[ " $MUTANTS " == *" $name "* ]] || continue
		scenario "$(mutant_field "$(mutant_patch "$name")" Scenario | cut -d" " -f1)"
		echo "$S_FLAVOUR $name"
	done | sort -s -r -k1,1
}

# The worktree, at the series' head and with no mutant applied.
reset_tree() {
	local head
	head=$(git -C "$SERIES_TREE" rev-parse HEAD)
	if [ ! -d "$MUTANT_TREE" ]; then
		git -C "$SERIES_TREE" worktree prune
		run git -C "$SERIES_TREE" worktree add -q --detach "$MUTANT_TREE" "$head"
	fi
	git -C "$MUTANT_TREE" checkout -q -f --detach "$head"
}

# red BOOT_KTAP: what went red in a boot, each once, one a line: a
# guest test, kunit, console, skips, or "boot: REASON" when the guest did not
# finish.
red() {
	awk '/^    not ok [0-9]+ / { sub(/:.*/, "", $4); print $4 }
	     /^not ok [0-9]+ (kunit|console|skips)/ { sub(/:.*/, "", $4); print $4 }
	     /^not ok 1 tests: / && !/ failed$/ { sub(/^not ok 1 tests: /, ""); print "boot: " $0 }' "$1" |
		awk '!seen[$0]++'
}

# one N NAME: apply, build, boot and judge one mutant; prints its result.
one() {
	local n=$1 name=$2 patch dir=$OUT/$2
	patch=$(mutant_patch "$name")
	local sc tests guest="" t killed named
	rm -rf "$dir"; mkdir -p "$dir"
	sc=$(mutant_field "$patch" Scenario | cut -d" " -f1)
	scenario "$sc"
	tests=$(mutant_field "$patch" Tests)
	for t in $tests; do [[ $t == *.sh ]] && guest+=" $t"; done
	[ -n "$guest" ] || { echo "not ok $n $name: names no guest test (Tests: $tests)"; return; }
	reset_tree
	git -C "$MUTANT_TREE" apply "$patch" 2> "$dir/apply.log" ||
		{ echo "not ok $n $name: does not apply ($dir/apply.log)"; return; }
	log "mutant $name: building the $S_FLAVOUR kernel"
	"$TOP/scripts/build/kernel.sh" "$S_FLAVOUR" "$MUTANT_TREE" > "$dir/build.log" 2>&1 ||
		{ echo "not ok $n $name: does not build ($dir/build.log)"; return; }
	"$TOP/scripts/guest/probe-kvm.sh" "$S_IMAGE"
	log "mutant $name: booting $sc with$guest"
	"$TOP/scripts/test/boot-ktap.sh" "$sc" "$dir/boot" "/opt/tw/run-tests$guest"
	killed=$(red "$dir/boot/boot.ktap" | paste -sd, | sed 's/,/, /g')
	subtest "$name" "$dir/boot/boot.ktap"
	if [ -z "$killed" ]; then
		echo "not ok $n $name survived"
		return
	fi
	named=$(red "$dir/boot/boot.ktap" | grep -xFf <(echo "$tests" | tr ' ' '\n' | sed 's/\.sh$//') || true)
	[ -n "$named" ] || echo "# $name: red, but none of its named tests ($tests) was"
	echo "ok $n $name killed by $killed"
}

# record KTAP: each mutant's result in KTAP as a row of results.tsv
# (name, date, series, seconds, result), and the run's header
record() {
	local series day name result
	series=$(git -C "$SERIES_TREE" rev-parse --short HEAD); day=$(date -u +%F)
	echo "# make mutants, $day, series $series, $2 mutants in $3 s${MUTANTS:+, MUTANTS=$MUTANTS}" > "$OUT/run-header"
	grep -E '^(not )?ok [0-9]+ ' "$1" | sed -E 's/^(not )?ok [0-9]+ //' | while read -r name result; do
		name=${name%:}
		printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$day" "$series" \
			"$(cat "$OUT/$name.seconds" 2>/dev/null || echo -)" "${result#: }"
	done > "$OUT/results.tsv"
}

main() {
	local list flavour name n=0 t0 t1
	list=$(mutants)
	[ -n "$list" ] || die "no mutant named in MUTANTS='${MUTANTS:-}'"
	prepare_tree
	phase rootfs "$TOP/scripts/build/rootfs.sh"
	dry_run_stop
	# every scenario's patched tree is the mutant's from here on
	export TREE=$MUTANT_TREE
	# A mutant that oopses can leave its guest wedged (the task died
	# holding a lock others wait for) until its scenario's timeout, 20
	# minutes on debug: panic at the oops, which is a kill all the same.
	export TW_APPEND=oops=panic
	mkdir -p "$OUT"
	t0=$(date +%s)
	{
		echo "KTAP version 1"
		echo "1..$(echo "$list" | wc -l)"
		while read -r flavour name; do
			n=$((n + 1)); t1=$(date +%s)
			one $n "$name"
			echo $(( $(date +%s) - t1 )) > "$OUT/$name.seconds"
		done <<< "$list"
	} | tee "$OUT/mutants.ktap"
	reset_tree
	PHASES+=("$(printf '%-26s %5ss' mutants $(( $(date +%s) - t0 )))")
	phase_summary
	record "$OUT/mutants.ktap" "$(echo "$list" | wc -l)" $(( $(date +%s) - t0 ))
	log "mutants: results in ${OUT#$TOP/}; 'make record-mutants' takes them into docs/"
	! grep -q '^not ok' "$OUT/mutants.ktap"
}

main "$@"
