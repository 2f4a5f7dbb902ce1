#!/bin/bash
# The harness's own parsers, on canned input: run-tests must turn every
# kind of test outcome into the right TAP, check-console must catch a
# WARNING and pass a clean log, the bench table must have the right
# statistics.
. "$(dirname "$0")/../../scripts/lib.sh"
. "$TOP/guest-rootfs/lib/tap.sh"
DATA=$TOP/tests/host/data

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/t"
printf '#!/bin/sh\necho "ok 1 a"\necho "ok 2 b # SKIP no x"\n' > "$tmp/t/1-pass"
printf '#!/bin/sh\necho "ok 1 a"\necho "not ok 2 b"\nexit 1\n' > "$tmp/t/2-fail"
printf '#!/bin/sh\necho "ok 1 a"\nexit 3\n' > "$tmp/t/3-crash"
printf '#!/bin/sh\necho nothing\n' > "$tmp/t/4-silent"
printf '#!/bin/sh\nsleep 5\n' > "$tmp/t/5-hang"
chmod +x "$tmp"/t/*

tap_begin
TW_TEST_TIMEOUT=1 TW_TAP=$tmp/out.tap "$TOP/guest-rootfs/run-tests" "$tmp"/t/* > /dev/null
got=$(grep -E '^(not )?ok|^1\.\.' "$tmp/out.tap" | tr '\n' '|')
want='ok 1 1-pass: a|ok 2 1-pass: b # SKIP no x|ok 3 2-fail: a|not ok 4 2-fail: b|ok 5 3-crash: a|not ok 6 3-crash: exited 3 with no failing result|not ok 7 4-silent: printed no result (exit 0)|not ok 8 5-hang: timed out after 1s|1..8|'
tap_expect_eq "$want" "$got" "run-tests renumbers results and catches crashes, silence and hangs"

# a test for another flavour is not run, and says so
printf '#!/bin/sh\n# tw-flavour: debug\necho "ok 1 a"\n' > "$tmp/t/6-debug"; chmod +x "$tmp/t/6-debug"
TW_FLAVOUR=release TW_TAP=$tmp/flavour.tap "$TOP/guest-rootfs/run-tests" "$tmp/t/1-pass" "$tmp/t/6-debug" > /dev/null
got=$(grep -E '^(not )?ok|^1\.\.|not run' "$tmp/flavour.tap" | tr '\n' '|')
want='ok 1 1-pass: a|ok 2 1-pass: b # SKIP no x|# 6-debug: not run: a debug-kernel test, this is release|1..2|'
tap_expect_eq "$want" "$got" "run-tests runs a tw-flavour: debug test only on the debug kernel"

# a guest's TAP must end with its plan, and the plan must match
printf 'ok 1 a\nnot ok 2 b\n1..2\n' > "$tmp/whole.tap"
printf 'ok 1 a\nok 2 b\n' > "$tmp/truncated.tap"
printf 'ok 1 a\n1..2\n' > "$tmp/short.tap"
printf '1..0\n' > "$tmp/empty-plan.tap"
got=$(for f in whole truncated short empty-plan missing; do "$TOP/scripts/plan-check.sh" "$tmp/$f.tap" 124 | cut -d' ' -f1,2; done | tr '\n' '|')
tap_expect_eq 'ok 999|not ok|not ok|ok 999|not ok|' "$got" \
	"plan-check: a whole TAP is ok; truncated, short or missing TAP is not"

"$TOP/scripts/check-console.sh" "$DATA/console-warning.log" > "$tmp/cc.out" 2>&1
rc=$?
[ $rc != 0 ] && grep -q 'kernel/fork.c:2330' "$tmp/cc.out"
tap_result $? "check-console fails on a WARNING and shows its context"
"$TOP/scripts/check-console.sh" "$DATA/console-clean.log" > "$tmp/cc.out" 2>&1
tap_result $? "check-console passes a clean boot log"
"$TOP/scripts/check-console.sh" "$DATA/console-kmemleak-control.log" > /dev/null 2>&1 &&
	! "$TOP/scripts/check-console.sh" "$DATA/console-kmemleak-leak.log" > /dev/null 2>&1
tap_result $? "check-console lets kmemleak's report of the deliberate leaks pass between 90-kmemleak's markers, and no other"
"$TOP/scripts/check-console.sh" --pre-fork "$DATA/console-early.log" &&
	! "$TOP/scripts/check-console.sh" --pre-fork "$DATA/console-late.log" &&
	! "$TOP/scripts/check-console.sh" --pre-fork "$DATA/console-clean.log"
tap_result $? "check-console --pre-fork tells trouble before the first fork from trouble after it"

got=$("$TOP/scripts/kunit-tap.sh" --require other "$DATA/console-kunit.log" | tr '\n' '|')
want='ok 1 kunit: task_watchers.task_watchers_test_order|not ok 2 kunit: task_watchers.task_watchers_test_first_error|ok 3 kunit: task_watchers.task_watchers_test_empty # SKIP not today|not ok 4 kunit: suite other printed no results|'
tap_expect_eq "$want" "$got" "kunit-tap turns a console's KTAP into one result per case"
# bench tables on canned runs, worked by hand: per boot a = 100 102 104
# and b = 103 103 106 (mean, sd, Student's t 95% interval with t = 4.30
# for 2 degrees of freedom, median; the step's interval is the root of
# the squares of both).  Each boot ran two rounds, one below its value
# and one above, so a table that took rounds for boots would differ.
# bench_table AWKFILE ROW: the table's last two rows; ROW, a raw.csv
# line for printf, puts each value in place.
bench_table() {
	local k b v
	{
		echo "kernel,boot,mode,n,ns,rate_per_s"
		for k in a:1:100 a:2:102 a:3:104 b:1:103 b:2:103 b:3:106; do
			IFS=: read -r k b v <<< "$k"
			printf "$2" "$k" "$b" $((v - 1)) "$k" "$b" $((v + 1))
		done
	} > "$tmp/raw.csv"
	awk -v order="a b" -f "$TOP/scripts/stats.awk" -f "$TOP/scripts/$1" "$tmp/raw.csv" | tail -2 | tr '\n' '|'
}
want='| a | fork | 3 | 102 | 2.0 | ±5.0 | +0.000% | +0.000% |  | 102 | +0.000% ||| b | fork | 3 | 104 | 1.7 | ±4.3 | +1.961% | +1.961% | ±6.440% | 103 | +0.980% ||'
tap_expect_eq "$want" "$(bench_table bench-summary.awk '%s,%d,fork,1,%d,0\n')" \
	"bench-summary: mean, sd, 95% interval, median and change against the first kernel"
want='| fork | a | 3 | 102.0 | 2.0 | ±5.0 | 0.0 | +0.000% | +0.000% ||| fork | b | 3 | 104.0 | 1.7 | ±4.3 | -2.0 | -1.961% | -1.961% ||'
tap_expect_eq "$want" "$(bench_table bench-rates.awk '%s,%d,fork,%d,1000000000,0\n')" \
	"bench-rates: operations/s, sd, 95% interval and cost against the first kernel, in the 2006 layout"
want='| a | 102 ±5 | +0.000% | ||| b | 104 ±4 | +1.961% | +1.961% ±6.440% ||'
tap_expect_eq "$want" "$(bench_table bench-steps.awk '%s,%d,fork,1,%d,0\n')" \
	"bench-steps: per kernel, mean ± interval, change against the first kernel, step ± its interval"
# bench-compare on the same canned runs and a second one: a moves by 6,
# outside a's own interval (4.97) but inside the difference's
# (sqrt(4.97^2 + 4.97^2) = 7.03); b moves by 10, outside
# sqrt(4.30^2 + 2.48^2) = 4.96.  The script must tell them apart and fail.
mkdir -p "$tmp/r1/patches" "$tmp/r2/patches"
bench_table bench-summary.awk '%s,%d,fork,1,%d,0\n' > /dev/null
cp "$tmp/raw.csv" "$tmp/r1/patches/"
{
	echo "kernel,boot,mode,n,ns,rate_per_s"
	printf '%s,%d,fork,1,%d,0\n' a 1 106 a 2 108 a 3 110 b 1 113 b 2 114 b 3 115
} > "$tmp/r2/patches/raw.csv"
got=$("$TOP/scripts/bench-compare.sh" "$tmp/r1" "$tmp/r2" | grep -E '^\| [ab] |agree$' | cut -d'|' -f2,7,9 | tr '\n' ';')
want=' a | +5.882% | yes ; b | +9.615% | NO ;1 of 2 figures agree;'
tap_expect_eq "$want" "$got" "bench-compare: a change inside the difference's interval agrees, one outside does not"
! "$TOP/scripts/bench-compare.sh" "$tmp/r1" "$tmp/r2" > /dev/null
tap_result $? "bench-compare fails when a figure does not agree"
tap_end
