#!/bin/bash
# make fuzz: trinity, bounded (guest-rootfs/fuzz/trinity.sh), on the
# 'fuzz' scenarios of configs/scenarios: the series' debug kernel and
# the unpatched tree's, built alike, booted side by side.  KTAP: each
# boot's own results (trinity reached its bound, no taint, no kmemleak
# report), then the consoles compared: a report only the series' kernel
# shows fails; one both show is a bug of the Debian kernel, listed
# (docs/reliability.md).
# Results in results/fuzz/.
set -eu
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/phase.sh"
. "$(dirname "$0")/../lib/scenario.sh"
. "$(dirname "$0")/../lib/verdict.sh"
. "$(dirname "$0")/../lib/ktap.sh"

OUT=${OUT:-$RESULTS/fuzz}

# reports LOG: the console's kernel-trouble lines (check-console.sh),
# without what differs between two boots of one bug: times, offsets,
# addresses, pids, CPUs
reports() {
	"$TOP/scripts/test/check-console.sh" --lines "$1" |
		sed -E 's/^\[[ 0-9.]*\] *//; s/\+0x[0-9a-f]+\/0x[0-9a-f]+//g;
			s/0x[0-9a-f]+|[0-9a-f]{12,}/ADDR/g; s/([a-z_-]+)\/[0-9]+/\1\/PID/g;
			s/(CPU|PID|pid|task)[: ]+[0-9]+/\1 N/g' | sort -u
}

# fuzz_boot NAME: boot and judge it (scripts/test/boot-ktap.sh); its
# console is compared below, not judged alone
fuzz_boot() { "$TOP/scripts/test/boot-ktap.sh" "$1" "$OUT/$1"; }

# boot_verdict NAME: why the judge found the boot's guest tests not
# whole (timed out, panicked, stopped short), or nothing
boot_verdict() { sed -n -e 's/^not ok 1 tests: //p' "$OUT/$1/boot.ktap"; }

main() {
	local name
	prepare_boots $(scenarios fuzz)
	dry_run_stop $(scenarios fuzz)
	rm -rf "$OUT"; mkdir -p "$OUT"
	log "fuzz: booting $(scenarios fuzz | paste -sd' ') side by side"
	for name in $(scenarios fuzz); do fuzz_boot "$name" & done
	phase fuzz wait
	summary | tee "$OUT/fuzz.ktap"
	phase_summary
	! grep -q '^not ok' "$OUT/fuzz.ktap"
}

summary() {
	local name n=0 why patched="" base="" only both
	echo "KTAP version 1"
	echo "1..$(( $(scenarios fuzz | wc -l) + 1 ))"
	for name in $(scenarios fuzz); do
		n=$((n + 1)); scenario "$name"
		subtest "$name" "$OUT/$name/share/results.tap"
		why=$(boot_verdict "$name")
		if [ -z "$why" ]; then echo "ok $n $name"; else echo "not ok $n $name: $why"; fi
		reports "$OUT/$name/console.log" > "$OUT/$name.reports"
		[ "$S_TREE" = base ] && base=$OUT/$name.reports || patched=$OUT/$name.reports
	done
	n=$((n + 1))
	if [ -z "$patched" ] || [ -z "$base" ]; then
		echo "ok $n console: compared with the unpatched kernel # SKIP SCENARIOS='${SCENARIOS:-}' boots one of them"
		return
	fi
	both=$(comm -12 "$patched" "$base"); only=$(comm -23 "$patched" "$base")
	[ -z "$both" ] || echo "$both" | sed 's/^/# on both kernels (not the series'"'"'): /'
	[ -z "$(comm -13 "$patched" "$base")" ] || comm -13 "$patched" "$base" | sed 's/^/# only unpatched: /'
	if [ -z "$only" ]; then
		echo "ok $n console: no report on the series' kernel that the unpatched one lacks"
	else
		echo "$only" | sed 's/^/# only with the series: /'
		echo "not ok $n console: reports only with the series ($OUT/*/console.log)"
	fi
}

main "$@"
