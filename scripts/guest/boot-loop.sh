#!/bin/bash
# Boot a scenario's kernel N times, JOBS at a time, to userspace and back
# (the guest runs 'true'), and check every console: early-boot trouble
# under TCG must not be there, not once, including on a loaded host (two
# 2-vCPU guests on 2 cores is twice as many vCPUs as cores).  KTAP, one
# result per boot; logs in results/boot-loop/SCENARIO/N/.
#   boot-loop.sh SCENARIO [N [JOBS]]      (30 boots, 2 at a time)
set -eu
. "$(dirname "$0")/../lib/lib.sh"

one_boot() {
	local dir=$OUT/$1 rc=0 t0=$SECONDS
	OUTDIR=$dir CONSOLE_CHECKED_BY_CALLER=1 "$TOP/scripts/guest/boot.sh" "$SCENARIO" true > "$dir.log" 2>&1 || rc=$?
	if [ $rc = 0 ] && "$TOP/scripts/test/check-console.sh" "$dir/console.log" > "$dir.check" 2>&1; then
		echo "ok $1 boot $1 clean ($((SECONDS - t0))s)"
	else
		sed 's/^/# /' "$dir.check" 2>/dev/null | head -40
		echo "not ok $1 boot $1: vm exit $rc, console in $dir/console.log"
	fi
}

main() {
	SCENARIO=${1:?usage: $0 SCENARIO [N [JOBS]]}
	local n=${2:-30} jobs=${3:-2} i
	OUT=$RESULTS/boot-loop/$SCENARIO
	rm -rf "$OUT"; mkdir -p "$OUT"
	echo "KTAP version 1"
	echo "1..$n"
	for i in $(seq "$n"); do
		[ "$(jobs -pr | wc -l)" -lt "$jobs" ] || wait -n
		one_boot "$i" > "$OUT/$i.ktap" &
	done
	wait
	for i in $(seq "$n"); do cat "$OUT/$i.ktap"; done
}

main "$@" | tee "${TMPDIR:-/tmp}/boot-loop.ktap"
awk -f "$(dirname "$0")/../test/ktap-count.awk" "${TMPDIR:-/tmp}/boot-loop.ktap" |
	{ read -r p f s; echo "$p passed, $f failed"; [ "$f" = 0 ]; }
