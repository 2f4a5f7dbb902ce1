#!/bin/bash
# Boot one scenario of configs/scenarios and run what it names in the
# guest: its kernel, machine, timeout and kernel arguments, the facts the
# guest tests compare against (TW_FLAVOUR, TW_MACHINE, TW_TREE, TW_EXPECT_BANNER,
# TW_FRAGMENTS), each test's time limit (TW_TEST_TIMEOUT)
# and the samples' modules in the share.  OUTDIR holds what was booted
# (record_boot) and what it printed (console.log, output.log, share/);
# the exit status is vm.sh's.  A COMMAND (a shell
# command line) runs instead of what the scenario names, --shell gives
# an interactive shell, --dry-run (or DRY_RUN=1) prints the QEMU command
# line.  TW_APPEND adds kernel arguments to the scenario's (make
# mutants: oops=panic).
#   boot.sh [--dry-run] SCENARIO [COMMAND | --shell]
set -eu
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/scenario.sh"

# The banner a kernel prints as /proc/version, read from its vmlinux.
# (6.1 also keeps a banner without build number and date, for BTF: skip it.)
kernel_banner() { strings -n 20 "$1/vmlinux" | grep -m1 '^Linux version .* #[0-9]' | tr -d '\n'; }

# One guest test's limit (guest-rootfs/run-tests): half its boot's.  The
# tests that start bpftrace vary most with the host's load on the debug
# kernel (60-tracing-order: 42-96 s in earlier make test runs, 243-252 s
# beside kernel builds and other guests): a fixed 300 s was too close.
test_timeout() { echo $((S_TIMEOUT / 2)); }

# The guest command: the facts, then the scenario's program or COMMAND.
guest_command() {
	printf 'export TW_FLAVOUR=%q TW_MACHINE=%q TW_TREE=%q TW_EXPECT_BANNER=%q TW_FRAGMENTS=%q TW_HANG=%q TW_TEST_TIMEOUT=%q\n' \
		"$S_FLAVOUR" "$S_MACHINE" "$S_TREE" "$(kernel_banner "$S_OBJ")" \
		"$("$TOP/scripts/build/config.sh" --fragments "$S_FLAVOUR" "$S_SRC")" "${TW_HANG:-}" \
		"$(test_timeout)"
	if [ -n "$CMD" ]; then echo "$CMD"; else guest_run; fi
}

# record_boot NAME: what this boot is, in OUTDIR, so that the folder
# alone says what ran: the scenario's line, the kernel's fragments and
# .config, its banner, the tree's commit and Debian source (vm.sh adds
# the QEMU command line, qemu-cmdline, and the guest's, share/cmd).
record_boot() {
	awk -v n="$1" '!/^#/ && $1 == n' "$SCENARIOS_FILE" > "$OUTDIR/scenario"
	"$TOP/scripts/build/config.sh" --fragments "$S_FLAVOUR" "$S_SRC" | tr ' ' '\n' |
		sed "s|^$TOP/||" > "$OUTDIR/fragments"
	cp "$S_OBJ/.config" "$OUTDIR/config"
	kernel_banner "$S_OBJ" > "$OUTDIR/banner"
	{ echo "$SRC_PACKAGE $(debian_version)"
	  git -C "$S_SRC" log -1 --format='%H %s'; } > "$OUTDIR/commit"
}

main() {
	local dry=${DRY_RUN:+--dry-run}
	[ "${1:-}" = --dry-run ] && { dry=--dry-run; shift; }
	[ $# = 1 ] || [ $# = 2 ] || die "usage: $0 [--dry-run] SCENARIO [COMMAND | --shell]"
	scenario "$1"
	CMD=${2:-}
	OUTDIR=${OUTDIR:-$RESULTS/$1}
	export OUTDIR KERNEL=$S_IMAGE MACHINE=$S_MACHINE \
		TIMEOUT=$S_TIMEOUT APPEND="$(echo $S_APPEND ${TW_APPEND:-})"
	if [ -n "$dry" ]; then
		[ "$CMD" = --shell ] && exec "$TOP/scripts/guest/vm.sh" --dry-run --shell
		exec "$TOP/scripts/guest/vm.sh" --dry-run "$(guest_run)"
	fi
	rm -rf "$OUTDIR"; mkdir -p "$OUTDIR/share/modules"
	record_boot "$1"
	# the samples' modules (task watchers, kmemleak-test), when built
	cp "$S_OBJ"/samples/*/*.ko "$OUTDIR/share/modules/" 2>/dev/null || true
	# the series the kernel carries, for the report
	[ "$S_TREE" = base ] || cp "$PATCHES/series" "$OUTDIR/share/series"
	[ "$CMD" = --shell ] && exec "$TOP/scripts/guest/vm.sh" --shell
	exec "$TOP/scripts/guest/vm.sh" "$(guest_command)"
}

main "$@"
