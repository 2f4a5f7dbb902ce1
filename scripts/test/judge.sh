#!/bin/bash
# Judge one boot from its results folder alone and write DIR/boot.ktap:
# the guest's own KTAP (a subtest per test, its plan checked), the KUnit
# suite read off the console (when the kernel the folder's .config
# describes has it), and the console check.  A guest that timed out
# (the folder's scenario line says its timeout), panicked, rebooted or
# stopped short of its plan is not ok, with the reason
# (scripts/lib/verdict.sh); so is a skip the scenario does not expect, or
# an expected one that did not happen (scripts/test/skips.sh).  boot-ktap.sh calls it after each boot, and
# 'make recheck' again on the folders of the last run.
#   judge.sh DIR
set -eu
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/verdict.sh"
. "$(dirname "$0")/../lib/ktap.sh"

main() {
	[ $# = 1 ] || die "usage: $0 DIR"
	local dir=$1 rc name timeout why n=1 kunit=""
	[ -f "$dir/scenario" ] && [ -f "$dir/vm-exit" ] || die "$dir holds no boot record (scenario, vm-exit)"
	rc=$(cat "$dir/vm-exit")
	read -r name _ _ _ _ timeout _ < "$dir/scenario"
	grep -q '^CONFIG_TASK_WATCHERS_KUNIT_TEST=y' "$dir/config" && kunit=task_watchers
	{
		echo "KTAP version 1"
		echo "1..$([ -n "$kunit" ] && echo 4 || echo 3)"
		subtest tests "$dir/share/results.tap"
		why=$(why_guest "$dir" "$rc" "$timeout")
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
	} > "$dir/boot.ktap.new"
	n=$((n + 1))
	if "$TOP/scripts/test/skips.sh" "$name" "$dir/boot.ktap.new" > "$dir/skips.txt"; then
		echo "ok $n skips: each one configs/skips/$name expects" >> "$dir/boot.ktap.new"
	else
		cat "$dir/skips.txt" >> "$dir/boot.ktap.new"
		echo "not ok $n skips: not what configs/skips/$name expects" >> "$dir/boot.ktap.new"
	fi
	mv "$dir/boot.ktap.new" "$dir/boot.ktap"
}

main "$@"
