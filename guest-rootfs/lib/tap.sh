# TAP helpers for guest test scripts (sourced).  Each test script prints
# "TAP version 13", one result line per case, and its plan at the end.
TAP_N=0
TAP_FAIL=0

tap_begin() { echo "TAP version 13"; }
tap_end() { echo "1..$TAP_N"; [ "$TAP_FAIL" = 0 ]; }
tap_diag() { sed 's/^/# /'; }

# tap_result RC DESCRIPTION: ok when RC is 0.
tap_result() {
	local rc=$1; shift
	TAP_N=$((TAP_N + 1))
	if [ "$rc" = 0 ]; then
		echo "ok $TAP_N $*"
	else
		echo "not ok $TAP_N $*"
		TAP_FAIL=$((TAP_FAIL + 1))
	fi
}

# tap_expect_eq WANT GOT DESCRIPTION
tap_expect_eq() {
	local want=$1 got=$2; shift 2
	[ "$want" = "$got" ] || echo "wanted '$want', got '$got'" | tap_diag
	[ "$want" = "$got" ]; tap_result $? "$*"
}

# tap_skip REASON DESCRIPTION: only for a missing prerequisite.
tap_skip() {
	local why=$1; shift
	TAP_N=$((TAP_N + 1))
	echo "ok $TAP_N $* # SKIP $why"
}

# wait_for_line FILE REGEX SECONDS [PID]: wait until FILE has a line
# matching REGEX; give up early if process PID has died.
wait_for_line() {
	local i
	for i in $(seq $(($3 * 10))); do
		grep -q -E "$2" "$1" 2>/dev/null && return 0
		[ -n "${4:-}" ] && ! kill -0 "$4" 2>/dev/null && return 1
		sleep 0.1
	done
	return 1
}
