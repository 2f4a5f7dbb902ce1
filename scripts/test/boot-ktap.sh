#!/bin/bash
# Boot one scenario into DIR and judge it there (scripts/test/judge.sh:
# DIR/boot.ktap).  DIR keeps what the boot was and printed
# (scripts/guest/boot.sh), and vm-exit, vm.sh's exit status, so that the
# judge needs nothing else.  A COMMAND runs instead of the scenario's RUN
# (make mutants: only a mutant's tests).
#   boot-ktap.sh SCENARIO DIR [COMMAND]
set -eu
. "$(dirname "$0")/../lib/lib.sh"

main() {
	[ $# = 2 ] || [ $# = 3 ] || die "usage: $0 SCENARIO DIR [COMMAND]"
	local name=$1 dir=$2 rc=0
	mkdir -p "$dir"
	OUTDIR=$dir CONSOLE_CHECKED_BY_CALLER=1 "$TOP/scripts/guest/boot.sh" "$name" ${3:+"$3"} > "$dir.vm.log" 2>&1 || rc=$?
	mv "$dir.vm.log" "$dir/vm.log" 2>/dev/null || true
	echo "$rc" > "$dir/vm-exit"
	"$TOP/scripts/test/judge.sh" "$dir"
}

main "$@"
