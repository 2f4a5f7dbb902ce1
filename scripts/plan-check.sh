#!/bin/bash
# plan-check.sh TAP [VM-EXIT]: one TAP result saying whether a guest's TAP
# ends with its plan and has as many results as the plan says.  A guest
# that timed out, hung, panicked or rebooted before the end printed no
# plan, or fewer results than planned: whatever it did print stays, but
# the boot is not ok.
set -eu

main() {
	local tap=$1 vm=${2:-?} n plan
	n=$(grep -cE '^(not )?ok ' "$tap" 2>/dev/null || true)
	plan=$(tail -n 1 "$tap" 2>/dev/null | sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p')
	if [ -n "$plan" ] && [ "$plan" = "${n:-0}" ]; then
		echo "ok 999 guest: every test ran to the end, $n results as planned"
	else
		echo "not ok 999 guest: stopped early: ${n:-0} results, plan '${plan:-none}' (vm.sh exit $vm)"
	fi
}

main "$@"
