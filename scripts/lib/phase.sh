# Phase helpers for the entry scripts (sourced): timed banners and a
# closing per-phase summary, as kunit.py prints for its phases.
PHASES=()

# phase NAME COMMAND...: run COMMAND under a banner, record its time and
# whether it failed, and return its status.  With DRY_RUN=1, print what
# would run instead: entry scripts stop after their preparing phases
# (dry_run_stop), so 'DRY_RUN=1 make TARGET' shows every step TARGET
# takes from a fresh clone, and the QEMU command line of its boots.
phase() {
	local name=$1 t0 rc=0; shift
	[ -z "${DRY_RUN:-}" ] || { echo "phase $name: $*"; return 0; }
	t0=$(date +%s)
	log "=== $name"
	"$@" || rc=$?
	PHASES+=("$(printf '%-26s %5ss %s' "$name" $(( $(date +%s) - t0 )) "$([ $rc = 0 ] && echo ok || echo "FAILED ($rc)")")")
	[ $rc = 0 ] || log "=== $name FAILED ($rc)"
	return $rc
}

# phase_apart NAME COMMAND...: a phase run in the background: its line
# of the table waits in a file of PHASES_APART (a directory the caller
# makes for this run) until phases_apart_done collects it.
phase_apart() {
	local name=$1 t0 rc=0; shift
	t0=$(date +%s)
	log "=== $name (in parallel)"
	"$@" || rc=$?
	printf '%-26s %5ss %s' "$name" $(( $(date +%s) - t0 )) \
		"$([ $rc = 0 ] && echo ok || echo "FAILED ($rc)")" > "${PHASES_APART:?}/$name"
	log "=== $name done"
}

phases_apart_done() {
	local f
	for f in "${PHASES_APART:?}"/*; do
		[ -e "$f" ] || continue
		PHASES+=("$(cat "$f")"); rm -f "$f"
	done
}

# dry_run_stop [SCENARIO...]: under DRY_RUN, print the scenarios' QEMU
# command lines and exit.
dry_run_stop() {
	local name
	[ -n "${DRY_RUN:-}" ] || return 0
	for name in "$@"; do echo "boot $name: $("$TOP/scripts/guest/boot.sh" --dry-run "$name")"; done
	exit 0
}

# phase_summary: the table of phases; fails if any phase failed.
phase_summary() {
	local p rc=0
	echo "# phase                       time"
	for p in "${PHASES[@]}"; do
		echo "# $p"
		[[ $p == *FAILED* ]] && rc=1
	done
	return $rc
}

# The steps before a boot, in the one order they can run in: deps,
# tree, kernels, rootfs (its C programs build against the tree's
# kselftest_harness.h), accel (probes with a built kernel).  Each make
# target asks for the last step it needs and gets the ones before it.

# prepare_tree: packages and the patched tree
prepare_tree() {
	phase deps "$TOP/scripts/build/deps.sh"
	phase tree "$TOP/scripts/build/tree.sh"
}

# prepare_kernel FLAVOUR TREE: one kernel (TREE: patched or base)
prepare_kernel() {
	phase "build-$1-$2" "$TOP/scripts/build/kernel.sh" "$1" "$(tree_dir "$2")"
}

# prepare_boots SCENARIO...: all those scenarios boot.  The guest image
# needs only the tree, and debootstrap mostly waits on the network and
# the disk: it is made beside the kernels, and its phase is the wait for
# it once they are built.
prepare_boots() {
	local flavour tree rootfs=""
	prepare_tree
	if [ -z "${DRY_RUN:-}" ]; then
		"$TOP/scripts/build/rootfs.sh" > "$BUILD/rootfs.log" 2>&1 &
		rootfs=$!
	fi
	while read -r flavour tree; do prepare_kernel "$flavour" "$tree"; done < <(kernels "$@")
	if [ -n "$rootfs" ]; then
		phase rootfs wait_logged "$rootfs" "$BUILD/rootfs.log"
	else
		phase rootfs "$TOP/scripts/build/rootfs.sh"
	fi
	scenario "$1"
	phase accel "$TOP/scripts/guest/probe-kvm.sh" "$S_IMAGE"
}

# wait_logged PID LOG: wait for a background step, then show its log.
wait_logged() {
	local rc=0
	wait "$1" || rc=$?
	cat "$2" >&2
	return $rc
}

# prepare_bench: what 'make bench' and 'make profile' boot besides the
# series' prefixes (check-series.sh): the bench scenarios' kernels, the
# image
prepare_bench() {
	local flavour tree
	prepare_tree
	while read -r flavour tree; do prepare_kernel "$flavour" "$tree"; done < <(kernels $(SCENARIOS="" scenarios bench))
	phase rootfs "$TOP/scripts/build/rootfs.sh"
}
