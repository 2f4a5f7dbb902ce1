#!/bin/bash
# Smoke tests: the kernel that booted is the one the host built, the
# options the config fragments ask for are live, and bpftrace and
# trace-cmd both see a known number of real events (23 forks, a prime
# as bpftrace's CONTRIBUTING-TOOLS.md suggests, so stray events show).
. /opt/tw/lib/tap.sh
FORKS=23

test_banner() {
	tap_expect_eq "${TW_EXPECT_BANNER:-unset}" "$(cat /proc/version)" \
		"booted kernel is the one built on the host (/proc/version)"
}

# The guest has the CPUs and NUMA nodes QEMU was given (vm.sh writes
# them to the share): a kernel that lost its APIC or its SRAT would run
# every later test on one CPU and one node, and they would skip.
test_machine() {
	local want
	want=$(cat /mnt/tw/machine 2>/dev/null)
	tap_expect_eq "${want:-unset}" "cpus=$(nproc --all) nodes=$(ls -d /sys/devices/system/node/node[0-9]* 2>/dev/null | wc -l)" \
		"the guest has the CPUs and NUMA nodes QEMU gave it"
}

# Every option the fragments ask for, in merge order (a later mention
# wins), is in /proc/config.gz; as kunit.py's is_subset_of(), "is not
# set" is also met by an option that is not there at all (its menu is
# off).  One awk over both: a grep per option (79, some twice) is an
# exec each, and an exec takes 0.2-0.4 s on the debug guest under TCG.
test_config_live() {
	local frag
	awk '
		FNR == NR { if (/^CONFIG_/) { k = $0; sub(/=.*/, "", k); live[k] = $0 }; next }
		/^CONFIG_[A-Za-z0-9_]*=/ { k = $0; sub(/=.*/, "", k); want[k] = $0 }
		/^# CONFIG_[A-Za-z0-9_]* is not set$/ { k = $2; want[k] = $0 }
		END {
			for (k in want) {
				n++
				if (want[k] ~ /^#/ ? (k in live) : live[k] != want[k]) { print "not live: " want[k]; bad = 1 }
			}
			print n + 0 " options checked"
			exit bad || n <= 50
		}' <(zcat /proc/config.gz) \
		<(for frag in ${TW_FRAGMENTS:?}; do cat "/opt/tw/configs/$frag.config"; done) | tap_diag
	tap_result "${PIPESTATUS[0]}" "every option of configs/{${TW_FRAGMENTS// /,}}.config is live (/proc/config.gz)"
	[ -d /sys/kernel/tracing/events/sched/sched_process_fork ]
	tap_result $? "tracefs is mounted and has sched events"
}

test_bpftrace_counts_forks() {
	local out=/tmp/bpftrace-smoke.out pid n
	bpftrace -e 'BEGIN { printf("attached\n"); }
		tracepoint:sched:sched_process_fork
		/args->parent_comm == "forkn"/ { @forks = count(); }' > "$out" 2>&1 &
	pid=$!
	if ! wait_for_line "$out" '^attached' 60 $pid; then
		kill $pid 2>/dev/null; tap_diag < "$out"
		tap_result 1 "bpftrace attaches to tracepoint:sched:sched_process_fork"
		return
	fi
	forkn $FORKS
	kill -INT $pid; wait $pid
	n=$(sed -n 's/^@forks: //p' "$out")
	tap_expect_eq $FORKS "${n:-0}" "bpftrace counts the $FORKS forks of a workload"
}

test_trace_cmd_records_forks() {
	local dat=/tmp/smoke.dat n
	trace-cmd record -q -o "$dat" -e sched:sched_process_fork forkn $FORKS \
		> /tmp/trace-cmd.out 2>&1 || tap_diag < /tmp/trace-cmd.out
	n=$(trace-cmd report -i "$dat" 2>/dev/null | grep -cE 'sched_process_fork: +comm=forkn ')
	tap_expect_eq $FORKS "$n" "trace-cmd records and reports the $FORKS forks of a workload"
}

tap_begin
test_banner
test_machine
test_config_live
test_bpftrace_counts_forks
test_trace_cmd_records_forks
tap_end
