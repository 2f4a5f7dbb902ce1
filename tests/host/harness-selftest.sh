#!/bin/bash
# The harness's own parsers, on canned input: run-tests must turn every
# kind of test outcome into the right KTAP, a boot that did not finish
# must be not ok whatever it printed, check-console must catch a
# WARNING and pass a clean log, the bench table must have the right
# statistics.
. "$(dirname "$0")/../../scripts/lib/lib.sh"
. "$TOP/guest-rootfs/lib/tap.sh"
DATA=$TOP/tests/host/data

. "$TOP/scripts/lib/verdict.sh"
. "$TOP/scripts/lib/ktap.sh"
. "$TOP/scripts/lib/phase.sh"

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/t"
printf '#!/bin/sh\necho "ok 1 a"\necho "ok 2 b # SKIP no x"\necho 1..2\n' > "$tmp/t/1-pass"
printf '#!/bin/sh\necho "ok 1 a"\necho "not ok 2 b"\necho 1..2\nexit 1\n' > "$tmp/t/2-fail"
printf '#!/bin/sh\necho "ok 1 a"\necho 1..1\nexit 3\n' > "$tmp/t/3-crash"
printf '#!/bin/sh\necho nothing\n' > "$tmp/t/4-silent"
printf '#!/bin/sh\necho "ok 1 a"\nsleep 30\n' > "$tmp/t/5-hang"
printf '#!/bin/sh\necho "ok 1 a"\necho 1..3\n' > "$tmp/t/6-short"
printf '#!/bin/sh\necho "ok 1 a"\n' > "$tmp/t/7-noplan"
printf '#!/bin/sh\necho "ok 1 # SKIP no y"\necho 1..1\n' > "$tmp/t/8-harness-skip"
printf '#!/bin/sh\n# tw-needs: flavour=debug\necho "ok 1 a"\necho 1..1\n' > "$tmp/t/9-debug"
printf '#!/bin/sh\necho "no z here"\nexit 4\n' > "$tmp/t/9-ksft-skip"
chmod +x "$tmp"/t/*

tap_begin

# make test's boots wait on READY marks (scripts/lib/phase.sh): a failed
# kernel makes when_ready fail, but only after every name it waits for
# is made, so no build is left running when make test reports.
mkdir "$tmp/ready"
echo ok > "$tmp/ready/rootfs"; echo failed > "$tmp/ready/debug-patched"
(sleep 3; echo ok > "$tmp/ready/release-base") &
when_ready "$tmp/ready" rootfs debug-patched release-base 2> /dev/null; rc=$?
[ $rc = 1 ] && [ -e "$tmp/ready/release-base" ]
tap_result $? "when_ready: fails on a kernel that was not made, after waiting for the rest"
when_ready "$tmp/ready" rootfs release-base
tap_result $? "when_ready: passes when everything is made"
# 3 s per test: the quick ones must not time out on a loaded host
TW_TEST_TIMEOUT=3 TW_FLAVOUR=release TW_TAP=$tmp/out.tap "$TOP/guest-rootfs/run-tests" "$tmp"/t/* > /dev/null
# (what a timed-out test was stuck in is checked below, not here)
got=$(grep -vE '^# [0-9]-[a-z-]*: [0-9]+s$' "$tmp/out.tap" |
	awk '/^    # timed out; its processes:$/ { stuck = 1; next } stuck && /^    # / { next } { stuck = 0; print }' | tr '\n' '|')
H='    KTAP version 1|    # Subtest:'
want="KTAP version 1|1..9|# 9-debug: not run: needs flavour=debug, this is release|"\
"$H 1-pass|    1..2|    ok 1 a|    ok 2 b # SKIP no x|ok 1 1-pass|"\
"$H 2-fail|    1..2|    ok 1 a|    not ok 2 b|not ok 2 2-fail: 1 of 2 failed|"\
"$H 3-crash|    1..1|    ok 1 a|not ok 3 3-crash: exited 3 with no failing result|"\
"$H 4-silent|    # nothing|not ok 4 4-silent: printed no result (exit 0)|"\
"$H 5-hang|    ok 1 a|not ok 5 5-hang: timed out after 3s|"\
"$H 6-short|    1..3|    ok 1 a|not ok 6 6-short: stopped early: 1 results, plan 1..3|"\
"$H 7-noplan|    ok 1 a|not ok 7 7-noplan: printed no plan (1 results)|"\
"$H 8-harness-skip|    1..1|    ok 1 whole test # SKIP no y|ok 8 8-harness-skip|"\
"$H 9-ksft-skip|    # no z here|ok 9 9-ksft-skip # SKIP no z here|"
tap_expect_eq "$want" "$got" "run-tests: a KTAP subtest per test (version, header, its plan first); crashes, silence, hangs, short and missing plans are not ok; exit 4 with no result is a skip; a debug-only test is not run on release"
# What a timed-out test was stuck in, with 3 s for its child to reach
# its sleep (1 s was seen too short on a loaded host).
printf '#!/bin/sh\necho "ok 1 a"\nsleep 30\n' > "$tmp/stuck"
chmod +x "$tmp/stuck"
TW_TEST_TIMEOUT=3 TW_TAP=$tmp/stuck.tap "$TOP/guest-rootfs/run-tests" "$tmp/stuck" > /dev/null
grep -qE '^    # +[0-9]+ +[0-9]+ S +[a-z_]*sleep[a-z_]* .* sleep 30$' "$tmp/stuck.tap"
tap_result $? "run-tests: a test that timed out shows its processes, each with its state and the kernel function it sleeps in"
grep -qx '    # kernel stack of [0-9]* (sleep):' "$tmp/stuck.tap"
tap_result $? "run-tests: ... and their kernel stacks"
# bash ignores SIGINT and SIGQUIT in its background jobs; run-tests'
# tests, its background jobs, must have them as run-tests' caller has.
printf '#!/bin/bash\n[ "$(grep SigIgn /proc/$$/status)" = "$WANT" ]\necho "ok 1 # $?"\necho 1..1\n' > "$tmp/signals"
chmod +x "$tmp/signals"
WANT=$(grep SigIgn /proc/$$/status) TW_TAP=$tmp/signals.tap "$TOP/guest-rootfs/run-tests" "$tmp/signals" > /dev/null
grep -qx '    ok 1 # 0' "$tmp/signals.tap"
tap_result $? "run-tests: a test ignores the signals its caller ignores, as a foreground command would, not SIGINT and SIGQUIT"
tap_expect_eq "6 6 3" "$(awk -f "$TOP/scripts/test/ktap-count.awk" "$tmp/out.tap")" \
	"ktap-count: leaves counted, and a test that failed on its own line"

# The host's nesting (make test: a boot within the run, the guest's tests
# within the boot) is KTAP that the kernel's own parser reads: kunit.py
# parse finds every result, as ktap-count does.
TW_TAP=$tmp/pass.tap "$TOP/guest-rootfs/run-tests" "$tmp/t/1-pass" "$tmp/t/8-harness-skip" > /dev/null
{ echo "KTAP version 1"; echo "1..1"; subtest tests "$tmp/pass.tap"; echo "ok 1 tests"; } > "$tmp/boot.ktap"
{ echo "KTAP version 1"; echo "1..1"; subtest release "$tmp/boot.ktap"; echo "ok 1 release"; } > "$tmp/run.ktap"
got=$(python3 "$TREE/tools/testing/kunit/kunit.py" parse "$tmp/run.ktap" 2>&1 |
	sed -n 's/.*Testing complete. Ran \([0-9]*\) tests: passed: \([0-9]*\), skipped: \([0-9]*\).*/\2 0 \3/p')
tap_expect_eq "$(awk -f "$TOP/scripts/test/ktap-count.awk" "$tmp/run.ktap")" "$got" \
	"kunit.py parse reads make test's nested KTAP and counts what ktap-count counts"

# A boot's KTAP must be whole: each canned boot folder (what
# boot-ktap.sh leaves: the scenario's line, the .config, vm.sh's exit
# status, console, the guest's KTAP) must go red in judge.sh, with its
# reason.
guest() {	# guest NAME KTAP CONSOLE RC-FILE?
	mkdir -p "$tmp/$1/share"; printf "$2" > "$tmp/$1/share/results.tap"
	printf "$3" > "$tmp/$1/console.log"; [ "$4" = rc ] && echo 0 > "$tmp/$1/share/rc"
	echo "x test patched release numa 300 - tests" > "$tmp/$1/scenario"
	: > "$tmp/$1/config"; echo $([ "$1" = timeout ] && echo 124 || echo 0) > "$tmp/$1/vm-exit"
}
whole='KTAP version 1\n1..2\nok 1 a\nok 2 b\n'
guest whole "$whole" 'Linux version\n' rc
guest truncated 'KTAP version 1\n1..3\nok 1 a\nok 2 b\n' '' rc
guest missing-plan '' '' rc
guest plan-mismatch 'KTAP version 1\n1..2\nok 1 a\nok 2 b\nok 3 c\n' '' rc
guest timeout "$whole" '' norc
guest reboot 'KTAP version 1\n1..2\nok 1 a\n' 'reboot: Restarting system\n' norc
guest panic 'KTAP version 1\n1..2\nok 1 a\n' 'Kernel panic - not syncing: x\n' norc
verdicts() {
	local c
	for c in whole truncated missing-plan plan-mismatch timeout reboot panic; do
		CONFIGS=$tmp/sk/none "$TOP/scripts/test/judge.sh" "$tmp/$c"
		echo "$c: $(sed -n -e 's/^ok 1 tests$/ok/p' -e 's/^not ok 1 tests: //p' "$tmp/$c/boot.ktap")"
	done
}
want='whole: ok|truncated: stopped early: 2 results, plan 1..3|missing-plan: no KTAP: the runner printed nothing|'\
'plan-mismatch: stopped early: 3 results, plan 1..2|timeout: timed out after 300s (configs/scenarios)|'\
'reboot: the guest rebooted|panic: the kernel panicked|'
tap_expect_eq "$want" "$(verdicts | tr '\n' '|')" \
	"a boot is not ok when its KTAP is truncated, planless or off its plan, or it timed out, rebooted or panicked"

"$TOP/scripts/test/check-console.sh" "$DATA/console-warning.log" > "$tmp/cc.out" 2>&1
rc=$?
[ $rc != 0 ] && grep -q 'kernel/fork.c:2330' "$tmp/cc.out"
tap_result $? "check-console fails on a WARNING and shows its context"
"$TOP/scripts/test/check-console.sh" "$DATA/console-clean.log" > "$tmp/cc.out" 2>&1
tap_result $? "check-console passes a clean boot log"
"$TOP/scripts/test/check-console.sh" "$DATA/console-kmemleak-control.log" > /dev/null 2>&1 &&
	! "$TOP/scripts/test/check-console.sh" "$DATA/console-kmemleak-leak.log" > /dev/null 2>&1
tap_result $? "check-console lets kmemleak's report of the deliberate leaks pass between 90-kmemleak's markers, and no other"
"$TOP/scripts/test/check-console.sh" "$DATA/console-bad-return.log" > /dev/null 2>&1 &&
	! "$TOP/scripts/test/check-console.sh" "$DATA/console-bad-return-unmarked.log" > /dev/null 2>&1 &&
	! "$TOP/scripts/test/check-console.sh" "$DATA/console-bad-return-other.log" > /dev/null 2>&1
tap_result $? "check-console lets the warning about the test watcher's bad INIT return pass between 20-tw-events' markers, and no other warning"

got=$("$TOP/scripts/test/kunit-tap.sh" --require other "$DATA/console-kunit.log" | tr '\n' '|')
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
	awk -v order="a b" -f "$TOP/scripts/bench/stats.awk" -f "$TOP/scripts/bench/$1" "$tmp/raw.csv" | tail -2 | tr '\n' '|'
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
got=$("$TOP/scripts/bench/bench-compare.sh" "$tmp/r1" "$tmp/r2" | grep -E '^\| [ab] |agree$' | cut -d'|' -f2,7,9 | tr '\n' ';')
want=' a | +5.882% | yes ; b | +9.615% | NO ;1 of 2 figures agree;'
tap_expect_eq "$want" "$got" "bench-compare: a change inside the difference's interval agrees, one outside does not"
! "$TOP/scripts/bench/bench-compare.sh" "$tmp/r1" "$tmp/r2" > /dev/null
tap_result $? "bench-compare fails when a figure does not agree"

# mutants-table: a row per mutant from its header and its latest result,
# a survivor or one never run in bold, the rest of the file kept
mkdir "$tmp/m"
printf 'Mutant: a is broken\nScenario: release\nTests: 40-x.sh\n---\n' > "$tmp/m/a.patch"
printf 'Mutant: b is broken\nScenario: debug\nTests: 50-y.sh\n---\n' > "$tmp/m/b.patch"
printf 'Mutant: c is broken\nScenario: debug\nTests: 50-y.sh\n---\n' > "$tmp/m/c.patch"
printf '# name\tdate\tseries\tseconds\tresult\na\t2026-01-01\tabc\t60\tkilled by 40-x\nb\t2026-01-02\tdef\t90\tsurvived\n' > "$tmp/m/results.tsv"
printf 'before\n<!-- mutants table %s: scripts/test/mutants-table.sh -->\nold\n<!-- end of mutants table %s -->\nafter\n' "$LINUX" "$LINUX" > "$tmp/m/doc.md"
MUTANTS_DOC=$tmp/m/doc.md MUTANTS_DIR=$tmp/m MUTANT_OVERLAY=$tmp/m/none "$TOP/scripts/test/mutants-table.sh" "$tmp/m/results.tsv" 2> /dev/null
got=$(grep -E '^(before|after|old|\| `|[0-9]+ of)' "$tmp/m/doc.md" | tr '\n' ';')
want='before;| `a` | a is broken | release | killed by 40-x | 2026-01-01, series abc, 60 s |;'\
'| `b` | b is broken | debug | **survived** | 2026-01-02, series def, 90 s |;'\
'| `c` | c is broken | debug | **not run yet** | -, series -, - s |;1 of 3 mutants killed.;after;'
tap_expect_eq "$want" "$got" "mutants-table: a row per mutant from its header and latest result, survivors and mutants never run in bold, the rest of the file kept"
# skips: skips.awk names each skipped case by its subtests, and
# skips.sh fails on a skip nobody expects and on an expected one that
# did not happen
printf 'KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: tests\n    1..2\n        KTAP version 1\n        # Subtest: 61-x\n        1..2\n        ok 1 a # SKIP no y\n        ok 2 b\n    ok 1 61-x\n        KTAP version 1\n        # Subtest: 62-z\n        1..1\n        ok 1 c # SKIP no w\n    ok 2 62-z\nok 1 tests\n' > "$tmp/skips.ktap"
tap_expect_eq 'tests/61-x: a # SKIP no y|tests/62-z: c # SKIP no w|' \
	"$(awk -f "$TOP/scripts/test/skips.awk" "$tmp/skips.ktap" | tr '\n' '|')" \
	"skips.awk: each skipped case, named by the subtests it is in"
mkdir -p "$tmp/sk/configs/skips"
printf '# comment\ntests/61-x: a # SKIP no y\ntests/62-z: c # SKIP no w\n' > "$tmp/sk/configs/skips/x"
CONFIGS=$tmp/sk/configs "$TOP/scripts/test/skips.sh" x "$tmp/skips.ktap" > "$tmp/sk.out" 2>&1
tap_result $? "skips.sh: the skips a scenario expects pass"
printf 'tests/61-x: a # SKIP no y\ntests/61-x: b # SKIP gone\ntests/64-r: d # SKIP not run here\n' > "$tmp/sk/configs/skips/x"
CONFIGS=$tmp/sk/configs "$TOP/scripts/test/skips.sh" x "$tmp/skips.ktap" > "$tmp/sk.out" 2>&1; rc=$?
tap_diag < "$tmp/sk.out"
[ $rc != 0 ] && grep -q 'unexpected skip: tests/62-z: c # SKIP no w' "$tmp/sk.out" &&
	grep -q 'expected skip did not happen.*tests/61-x: b # SKIP gone' "$tmp/sk.out" && ! grep -q 64-r "$tmp/sk.out"
tap_result $? "skips.sh fails on an unexpected skip and on an expected one that did not happen, not on one of a test that did not run"
# The numa machine runs one TCG thread on a QEMU whose multi-threaded
# TCG can run code the guest rewrote (before 8.1: docs/data/int3-oops),
# and MTTCG on a fixed one; the icount machine is always one thread.
# vm.sh --dry-run with a stand-in qemu-system-x86_64 that only says its
# version.
mkdir "$tmp/qemu"
accel_of() {
	printf '#!/bin/sh\necho "QEMU emulator version %s (Debian 1:%s)"\n' "$1" "$1" \
		> "$tmp/qemu/qemu-system-x86_64"
	chmod +x "$tmp/qemu/qemu-system-x86_64"
	PATH=$tmp/qemu:$PATH MACHINE=$2 KERNEL=/none OUTDIR=$tmp/qemu/out ACCEL=tcg \
		"$TOP/scripts/guest/vm.sh" --dry-run true 2>&1 | grep -o -- '-accel [^ ]*' | head -n 1
}
for v in 7.2.22:numa:tcg,thread=single 8.0.5:numa:tcg,thread=single \
	 8.1.0:numa:tcg 10.0.0:numa:tcg 7.2.22:icount:tcg; do
	IFS=: read -r ver machine want <<< "$v"
	got=$(accel_of "$ver" "$machine")
	[ "$got" = "-accel $want" ]
	tap_result $? "vm.sh: QEMU $ver, $machine machine: -accel $want (got ${got:-nothing})"
done

tap_end
