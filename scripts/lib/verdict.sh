# Why a KTAP stream or a boot is not whole (sourced by scripts/test/test.sh,
# and by tests/host/harness-selftest.sh on canned cases).  Each prints
# the reason, or nothing when there is none.

# why_stopped KTAP: no plan, fewer or more top-level results than
# planned, or a failed test.
why_stopped() {
	[ -s "$1" ] || { echo "no KTAP: the runner printed nothing"; return; }
	awk '/^1\.\.[0-9]+$/ && !seen { plan = substr($0, 4) + 0; seen = 1 }
	     /^(not )?ok [0-9]+/ { n++ } /^not ok / { bad++ }
	     END {
		if (!seen) print "no plan: the runner stopped before it began"
		else if (n != plan) printf "stopped early: %d results, plan 1..%d\n", n, plan
		else if (bad) printf "%d of %d failed\n", bad, n
	     }' "$1"
}

# why_guest DIR VM-EXIT TIMEOUT: a boot (vm.sh's OUTDIR) that timed out,
# panicked, rebooted or never reported its command's exit status.
why_guest() {
	local dir=$1 rc=$2 timeout=$3
	if [ "$rc" = 124 ]; then echo "timed out after ${timeout}s (configs/scenarios)"
	elif grep -q 'Kernel panic' "$dir/console.log" 2>/dev/null; then echo "the kernel panicked"
	elif grep -q 'reboot: Restarting' "$dir/console.log" 2>/dev/null; then echo "the guest rebooted"
	elif [ ! -f "$dir/share/rc" ]; then echo "the guest never finished (vm.sh exit $rc)"
	fi
}
