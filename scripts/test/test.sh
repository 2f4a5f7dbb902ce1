#!/bin/bash
# make test: build what is missing, run the host tests, boot every 'test'
# scenario of configs/scenarios and run its guest tests, and print one
# nested KTAP stream (kselftest, KUnit): a subtest per boot holding the
# guest's own KTAP (its plan, a subtest per test), its KUnit results and
# its console check.  Ends with "N passed, N failed, N skipped" counted
# over the leaves (scripts/test/ktap-count.awk); exits non-zero on a failure.
# A boot that timed out, panicked, rebooted or stopped short of its plan
# is not ok, with the reason; so is a skip that the boot's scenario does
# not expect, or an expected one that did not happen (scripts/test/skips.sh:
# judge.sh checks each boot's, this script the host tests').
# SCENARIOS="a b" runs some of them.  --recheck (make recheck) boots
# nothing: it judges each boot of the last run again from its folder
# (scripts/test/judge.sh) and prints the stream and the counts again.
set -eu
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/phase.sh"
. "$(dirname "$0")/../lib/scenario.sh"
. "$(dirname "$0")/../lib/verdict.sh"
. "$(dirname "$0")/../lib/ktap.sh"

OUT=${OUT:-$RESULTS/test}

# The host tests, once every kernel is made: they read them (.config,
# vmlinux).  (TW_HANG is for the guest's runner only.)
host_tests() {
	when_ready "$READY" $(made_names $(scenarios test)) || true
	phase_apart host-tests run_host_tests
}

run_host_tests() {
	TW_HANG="" TW_TAP=$OUT/host.tap "$TOP/guest-rootfs/run-tests" "$TOP"/tests/host/*.sh > "$OUT/host.log" 2>&1 || true
}

# The whole stream: the host tests, their skips against what the host
# expects (a boot's own are in its KTAP: judge.sh), then each boot, as
# subtests.
summary() {
	local name n=2 why
	echo "KTAP version 1"
	echo "1..$(( 2 + $(scenarios test | wc -l) ))"
	subtest host "$OUT/host.tap"
	why=$(why_stopped "$OUT/host.tap")
	if [ -z "$why" ]; then echo "ok 1 host"; else echo "not ok 1 host: $why"; fi
	if "$TOP/scripts/test/skips.sh" host "$OUT/host.tap"; then
		echo "ok 2 host skips: each one configs/skips/host expects"
	else
		echo "not ok 2 host skips: not what configs/skips/host expects"
	fi
	for name in $(scenarios test); do
		n=$((n + 1))
		subtest "$name" "$OUT/$name/boot.ktap"
		why=$(cat "$OUT/$name/not-booted" 2>/dev/null || why_stopped "$OUT/$name/boot.ktap")
		if [ -z "$why" ]; then echo "ok $n $name"; else echo "not ok $n $name: $why"; fi
	done
}

# counts: the stream, the tests' times and "N passed, N failed, N
# skipped"; fails if anything did
counts() {
	local pass fail skip
	summary > "$OUT/summary.ktap"
	cat "$OUT/summary.ktap"
	test_times
	read -r pass fail skip < <(awk -f "$TOP/scripts/test/ktap-count.awk" "$OUT/summary.ktap")
	echo "# logs: ${OUT#$TOP/}"
	echo "$pass passed, $fail failed, $skip skipped"
	[ "$fail" = 0 ]
}

# recheck: each boot of the last run judged again from its folder alone
recheck() {
	local name last
	[ -f "$OUT/summary.ktap" ] || die "no run to recheck in ${OUT#$TOP/}: make test first"
	last=$(awk -f "$TOP/scripts/test/ktap-count.awk" "$OUT/summary.ktap")
	for name in $(scenarios test); do
		[ ! -f "$OUT/$name/not-booted" ] || continue
		"$TOP/scripts/test/judge.sh" "$OUT/$name"
	done
	counts || true
	set -- $last
	echo "# the run itself counted $1 passed, $2 failed, $3 skipped"
	[ "$(awk -f "$TOP/scripts/test/ktap-count.awk" "$OUT/summary.ktap")" = "$last" ]
}

# The guest tests' wall times, slowest first, as run-tests reported them.
test_times() {
	local name
	echo "# guest test           time  scenario"
	for name in $(scenarios test); do
		sed -n "s/^# \([0-9][0-9]-[a-z0-9-]*\): \([0-9]*\)s\$/\2 \1 $name/p" \
			"$OUT/$name/share/results.tap" 2>/dev/null
	done | sort -rn | awk '{ printf "# %-20s %4ss  %s\n", $2, $1, $3 }'
}

# The boots and the host tests, GUEST_JOBS at a time (default: as many as
# the host has cores), the boots in the order their kernels are built and
# the longest first (by their timeouts), then the host tests; each starts
# when its place comes and what it needs is built (scripts/lib/phase.sh,
# prepare_apart).  One guest does not keep two host cores busy: on a
# 2-core host, make test with nothing to build took 622-644 s so, 684-757 s
# one boot at a time, though the debug guest itself is slower beside the
# others.  Each is a phase.
run_parallel() {
	local name jobs=${GUEST_JOBS:-$(nproc)}
	for name in $(boots_in_build_order $(scenarios test)) host; do
		[ "$(jobs -pr | wc -l)" -lt "$jobs" ] || wait -n || true
		if [ "$name" = host ]; then
			host_tests &
		else
			boot_when_ready "$name" &
		fi
	done
	wait
}

# boot_when_ready NAME: the scenario's boot once its kernel and the image
# are made; if one of them failed, the boot says so in its place.
boot_when_ready() {
	local name=$1
	scenario "$name"
	mkdir -p "$OUT/$name"
	rm -f "$OUT/$name/boot.ktap"
	if when_ready "$READY" rootfs "$S_FLAVOUR-$S_TREE"; then
		phase_apart "guest-$name" "$TOP/scripts/test/boot-ktap.sh" "$name" "$OUT/$name"
	else
		echo "its kernel or the guest image was not made" > "$OUT/$name/not-booted"
	fi
}

main() {
	local rc=0 t0
	[ -n "$(scenarios test)" ] || die "no test scenario named in SCENARIOS='${SCENARIOS:-}'"
	[ "${1:-}" != --recheck ] || { recheck; return; }
	mkdir -p "$OUT"
	t0=$(date +%s)
	READY=$OUT/ready
	PHASES_APART=$OUT/phases
	[ -n "${DRY_RUN:-}" ] || { rm -rf "$PHASES_APART" "$OUT"/*/not-booted; mkdir -p "$PHASES_APART"; }
	prepare_apart "$READY" $(scenarios test)
	dry_run_stop $(boots_in_build_order $(scenarios test))
	run_parallel
	# the image and every kernel are made before the last boot, but their
	# phase lines may still be on their way
	when_ready "$READY" $(made_names $(scenarios test)) || true
	phases_apart_done
	phase_summary || rc=1
	echo "# all phases, wall time       $(( $(date +%s) - t0 ))s"
	counts || rc=1
	return $rc
}

main "$@"
