#!/bin/bash
# make test: build what is missing, run the host tests and the guest tests
# on every kernel, print one TAP stream (kselftest style) and finish with
# "N passed, N failed".  Exits non-zero on any failure.
set -eu
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/phase.sh"

OUT=${OUT:-$RESULTS/test}
# label:flavour:tree[:kernel-args:test] for every boot the guest tests run
# on; by default every test; "+" separates kernel arguments.  base: the unpatched tree, for the tests whose
# behaviour must not change; rodata-off: the read-only table test must see
# the table writable when the kernel does not protect .rodata.
KERNELS=${KERNELS:-"release:release:$TREE debug:debug:$TREE base:release:$BASE_TREE
	rodata-off:debug:$TREE:rodata=off+kmemleak=off:30-table-readonly.sh"}

host_tests() {
	TW_TAP=$OUT/host.tap "$TOP/guest-rootfs/run-tests" "$TOP"/tests/host/*.sh > "$OUT/host.log" 2>&1 || true
}

# boot_guest DIR FLAVOUR OBJ APPEND TESTS: one boot running the guest tests.
boot_guest() {
	local dir=$1 flavour=$2 obj=$3 append=$4 tests=$5
	rm -rf "$dir"; mkdir -p "$dir/share/modules"
	# the samples' modules (task watchers, kmemleak-test), when built
	cp "$obj"/samples/*/*.ko "$dir/share/modules/" 2>/dev/null || true
	# two NUMA nodes: the cpuset and mempolicy tests move tasks between
	# them; 1 GiB: the whole suite passes in it, and every kmemleak scan
	# and KASAN's boot-time work grow with memory (under TCG, with 1 GiB
	# a scan takes two thirds of the time it takes with 2 GiB, and the
	# debug kernel reaches init in under half the time)
	MEM=${MEM:-1G} NUMA_NODES=${NUMA_NODES:-2} TIMEOUT=${TIMEOUT:-3600} OUTDIR=$dir KERNEL=$obj/arch/x86/boot/bzImage APPEND=${append//+/ } \
		"$TOP/scripts/vm.sh" "$(guest_command "$flavour" "$obj" /opt/tw/run-tests $tests)" \
		> "$dir/vm.log" 2>&1
}

# guest_tests LABEL FLAVOUR TREE [KERNEL-ARG [TEST]]: boot it, run the guest
# tests; the boot itself is one more result (console clean, guest reported).
guest_tests() {
	local label=$1 flavour=$2 tree=$3 append=${4:-} tests=${5:-} dir=$OUT/$1 rc=0 again=""
	local obj=$tree/out-$flavour
	boot_guest "$dir" "$flavour" "$obj" "$append" "$tests" || rc=$?
	# Trouble before the first fork cannot come from the series (seen
	# under TCG on a loaded host: an interrupt during IO-APIC or boot CPU
	# set-up): boot once more, keep the first boot's logs, and say so.
	if ! "$TOP/scripts/check-console.sh" "$dir/console.log" > /dev/null 2>&1 &&
	   "$TOP/scripts/check-console.sh" --pre-fork "$dir/console.log"; then
		rm -rf "$dir.first-boot"; mv "$dir" "$dir.first-boot"
		again="# the first boot met kernel trouble before the first fork (not the series): booted again; its log: $dir.first-boot/console.log"
		rc=0; boot_guest "$dir" "$flavour" "$obj" "$append" "$tests" || rc=$?
	fi
	{
		[ -n "$again" ] && echo "$again"
		cat "$dir/share/results.tap" 2>/dev/null || echo "not ok 1 guest reported no results (vm.sh exit $rc, see $dir/vm.log)"
		"$TOP/scripts/plan-check.sh" "$dir/share/results.tap" "$rc"
		"$TOP/scripts/kunit-tap.sh" $(kunit_required "$obj") "$dir/console.log"
		if "$TOP/scripts/check-console.sh" "$dir/console.log" > "$dir/console-check.txt" 2>&1; then
			echo "ok 1000 boot: no oops, WARNING, KASAN, lockdep or kmemleak report on the console"
		else
			sed 's/^/# /' "$dir/console-check.txt"
			echo "not ok 1000 boot: kernel trouble on the console ($dir/console.log)"
		fi
	} > "$dir/guest.tap"
}

# Each flavour:tree to build once, in the order KERNELS first names it.
build_list() {
	local k
	for k in $KERNELS; do echo "$k" | cut -d: -f2,3; done | awk '!seen[$0]++'
}

# --require SUITE for the KUnit suites this kernel was built with.
kunit_required() {
	grep -q '^CONFIG_TASK_WATCHERS_KUNIT_TEST=y' "$1/.config" && echo "--require task_watchers"
	return 0
}

# Renumber every result of the given TAP files into one stream, prefixed.
merge_tap() {
	awk '
	FNR == 1 { prefix = FILENAME; sub(/.*\/test\//, "", prefix); sub(/\/?(guest|host)\.tap$/, "", prefix); if (prefix == "") prefix = "host" }
	/^(not )?ok / {
		v = ($1 == "not") ? "not ok" : "ok"; sub(/^(not )?ok [0-9]+ ?/, "")
		printf "%s %d %s: %s\n", v, ++n, prefix, $0; next
	}
	/^#/ { print }
	END { printf "1..%d\n", n }' "$@"
}

# The guest tests' wall times, slowest first, as run-tests reported them.
test_times() {
	local k label
	echo "# guest test           time  kernel"
	for k in $KERNELS; do
		label=${k%%:*}
		sed -n "s/^# \([0-9][0-9]-[a-z0-9-]*\): \([0-9]*\)s\$/\2 \1 $label/p" \
			"$OUT/$label/share/results.tap" 2>/dev/null
	done | sort -rn | awk '{ printf "# %-20s %4ss  %s\n", $2, $1, $3 }'
}

main() {
	local k label flavour tree pass fail skip
	mkdir -p "$OUT"
	phase deps "$TOP/scripts/deps.sh"
	phase tree "$TOP/scripts/tree.sh"
	for k in $(build_list); do
		IFS=: read -r flavour tree <<< "$k"
		phase "build-$flavour-$(basename "$tree")" "$TOP/scripts/kernel.sh" "$flavour" "$tree"
	done
	phase rootfs "$TOP/scripts/rootfs.sh"
	phase accel "$TOP/scripts/probe-kvm.sh"
	phase host-tests host_tests
	for k in $KERNELS; do
		IFS=: read -r label flavour tree append tests <<< "$k"
		phase "guest-$label" guest_tests "$label" "$flavour" "$tree" "$append" "$tests"
	done
	{ echo "TAP version 13"; merge_tap "$OUT/host.tap" $(for k in $KERNELS; do echo "$OUT/${k%%:*}/guest.tap"; done); } > "$OUT/summary.tap"
	cat "$OUT/summary.tap"
	test_times
	phase_summary
	pass=$(grep '^ok ' "$OUT/summary.tap" | grep -vc '# SKIP' || true)
	skip=$(grep '^ok ' "$OUT/summary.tap" | grep -c '# SKIP' || true)
	fail=$(grep -c '^not ok ' "$OUT/summary.tap" || true)
	echo "# logs: $OUT"
	echo "$pass passed, $fail failed, $skip skipped"
	[ "$fail" = 0 ]
}

main "$@"
