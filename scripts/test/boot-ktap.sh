#!/bin/bash
# Boot one scenario and write its KTAP subtest to DIR/boot.ktap: the
# guest's own KTAP (a subtest per test, its plan checked), the KUnit
# suite read off the console (on kernels built with it), and the console
# check.  A guest that timed out, panicked, rebooted or stopped short of
# its plan is not ok, with the reason (scripts/lib/verdict.sh).  A COMMAND
# runs instead of the scenario's RUN (make mutants: only a mutant's tests).
#   boot-ktap.sh SCENARIO DIR [COMMAND]
set -eu
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/scenario.sh"
. "$(dirname "$0")/../lib/verdict.sh"
. "$(dirname "$0")/../lib/ktap.sh"

main() {
	[ $# = 2 ] || [ $# = 3 ] || die "usage: $0 SCENARIO DIR [COMMAND]"
	local name=$1 dir=$2 rc=0 why n=1 kunit=""
	scenario "$name"
	mkdir -p "$dir"
	OUTDIR=$dir CONSOLE_CHECKED_BY_CALLER=1 "$TOP/scripts/guest/boot.sh" "$name" ${3:+"$3"} > "$dir.vm.log" 2>&1 || rc=$?
	mv "$dir.vm.log" "$dir/vm.log" 2>/dev/null || true
	grep -q '^CONFIG_TASK_WATCHERS_KUNIT_TEST=y' "$S_OBJ/.config" && kunit=task_watchers
	{
		echo "KTAP version 1"
		echo "1..$([ -n "$kunit" ] && echo 3 || echo 2)"
		subtest tests "$dir/share/results.tap"
		why=$(why_guest "$dir" $rc "$S_TIMEOUT")
		[ -n "$why" ] || why=$(why_stopped "$dir/share/results.tap")
		if [ -z "$why" ]; then echo "ok $n tests"; else echo "not ok $n tests: $why"; fi
		if [ -n "$kunit" ]; then
			n=$((n + 1))
			"$TOP/scripts/test/kunit-tap.sh" --require $kunit "$dir/console.log" > "$dir/kunit.tap"
			{ echo "KTAP version 1"; echo "1..$(grep -c '^' "$dir/kunit.tap")"; cat "$dir/kunit.tap"; } > "$dir/kunit.ktap"
			subtest kunit "$dir/kunit.ktap"
			why=$(why_stopped "$dir/kunit.ktap")
			if [ -z "$why" ]; then echo "ok $n kunit"; else echo "not ok $n kunit: $why"; fi
		fi
		n=$((n + 1))
		if "$TOP/scripts/test/check-console.sh" "$dir/console.log" > "$dir/console-check.txt" 2>&1; then
			echo "ok $n console: no oops, WARNING, KASAN, lockdep or kmemleak report"
		else
			sed 's/^/# /' "$dir/console-check.txt"
			echo "not ok $n console: kernel trouble ($dir/console.log)"
		fi
	} > "$dir/boot.ktap"
}

main "$@"
