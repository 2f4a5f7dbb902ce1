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
# makes for this run) until phases_apart_done collects it, in the order
# the phases started.
phase_apart() {
	local name=$1 t0 rc=0; shift
	[ -z "${DRY_RUN:-}" ] || { echo "phase $name: $*"; return 0; }
	t0=$(date +%s)
	log "=== $name (in parallel)"
	"$@" || rc=$?
	printf '%-26s %5ss %s' "$name" $(( $(date +%s) - t0 )) \
		"$([ $rc = 0 ] && echo ok || echo "FAILED ($rc)")" > "${PHASES_APART:?}/$t0-$name"
	log "=== $name done"
	return $rc
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

# make test overlaps what prepare_boots does in order: the kernels are
# built one after another in the background, the longest boot's kernel
# first (by its scenarios' timeouts), at nice 10, and each boot starts
# as soon as its own kernel and the image are ready (when_ready), not
# when every kernel is.  The guests do not keep a 2-core host busy (the
# debug guest, the longest boot, used 1.1 cores of 2 in a fresh make
# test); the next kernel's build, at nice 10, takes what they leave (that
# debug guest took 704 s beside it, 597-670 s with nothing to build).
# READY holds a file per kernel, FLAVOUR-TREE, and one for the image,
# rootfs: "ok" or "failed".  Builds and image are phase_apart phases.

# kernels_longest_first SCENARIO...: kernels(), the one whose boot has
# the longest timeout first.
kernels_longest_first() {
	local name
	for name in "$@"; do scenario "$name"; echo "$S_TIMEOUT $S_FLAVOUR $S_TREE"; done |
		sort -s -k1,1nr | awk '!seen[$2 " " $3]++ { print $2, $3 }'
}

# boots_in_build_order SCENARIO...: the scenarios in the order their
# kernels are built, the longest first among those of one kernel.
boots_in_build_order() {
	local name kernels rank
	kernels=$(kernels_longest_first "$@")
	for name in "$@"; do
		scenario "$name"
		rank=$(grep -nx "$S_FLAVOUR $S_TREE" <<< "$kernels" | cut -d: -f1)
		echo "$rank $S_TIMEOUT $name"
	done | sort -s -k1,1n -k2,2nr | cut -d' ' -f3
}

# mark READY NAME STATUS
mark() { echo "$3" > "$1/$2.tmp" && mv "$1/$2.tmp" "$1/$2"; }

# build_kernels_apart READY SCENARIO...: the background job that builds
# every kernel, and probes the accelerator with the first one before any
# boot can start.  A kernel that fails does not stop the next.
build_kernels_apart() {
	local ready=$1 flavour tree status probed=""; shift
	while read -r flavour tree; do
		status=ok
		phase_apart "build-$flavour-$tree" nice -n 10 \
			"$TOP/scripts/build/kernel.sh" "$flavour" "$(tree_dir "$tree")" || status=failed
		if [ $status = ok ] && [ -z "$probed" ]; then
			phase_apart accel "$TOP/scripts/guest/probe-kvm.sh" \
				"$(kernel_image "$(obj_dir "$(tree_dir "$tree")" "$flavour")")" || status=failed
			probed=1
		fi
		[ -n "${DRY_RUN:-}" ] || mark "$ready" "$flavour-$tree" $status
	done < <(kernels_longest_first "$@")
}

# rootfs_apart READY: the image, its log shown when it is made.
rootfs_apart() {
	local ready=$1 status=ok
	if [ -n "${DRY_RUN:-}" ]; then phase_apart rootfs "$TOP/scripts/build/rootfs.sh"; return; fi
	phase_apart rootfs "$TOP/scripts/build/rootfs.sh" > "$BUILD/rootfs.log" 2>&1 || status=failed
	cat "$BUILD/rootfs.log" >&2
	mark "$ready" rootfs $status
}

# prepare_apart READY SCENARIO...: the packages and the tree (now), then
# the image and the kernels (in the background, not jobs of this shell:
# they do not take a boot's place in run_parallel's count).  DRY_RUN
# prints them in the order they start.
prepare_apart() {
	local ready=$1; shift
	prepare_tree
	if [ -n "${DRY_RUN:-}" ]; then
		rootfs_apart "$ready"; build_kernels_apart "$ready" "$@"
		return
	fi
	rm -rf "$ready"; mkdir -p "$ready"
	rootfs_apart "$ready" & disown
	build_kernels_apart "$ready" "$@" & disown
}

# when_ready READY NAME...: wait until every one is made or has failed;
# fails, saying which, if one failed.
when_ready() {
	local ready=$1 name rc=0; shift
	for name in "$@"; do
		while [ ! -e "$ready/$name" ]; do sleep 2; done
		[ "$(cat "$ready/$name")" = ok ] || { log "$name was not made"; rc=1; }
	done
	return $rc
}

# made_names SCENARIO...: the READY names of the image and of every
# kernel the scenarios boot
made_names() { echo rootfs; kernels "$@" | tr ' ' -; }
