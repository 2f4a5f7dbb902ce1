#!/bin/bash
# Boot a kernel in QEMU with the guest image and run one command in it, like
# 'vng --exec'.  The command's output streams to stdout, the kernel console
# goes to OUTDIR/console.log, files the guest writes to /mnt/tw land in
# OUTDIR/share.  Exit status: the command's, or 124 if the boot ran past
# TIMEOUT, 125 if the guest never reported one, 1 if the console shows
# kernel trouble (scripts/test/check-console.sh; CONSOLE_CHECKED_BY_CALLER=1
# leaves that to the caller), QEMU's own if it failed.
# scripts/guest/boot.sh boots the scenarios of configs/scenarios with it.
set -eu
. "$(dirname "$0")/../lib/lib.sh"

KERNEL=${KERNEL:?KERNEL=bzImage: scripts/guest/boot.sh picks a scenario\'s}
IMAGE=${IMAGE:-$BUILD/rootfs.ext4}
OUTDIR=${OUTDIR:-$RESULTS/vm/$(date +%Y%m%d-%H%M%S)-$$}
TIMEOUT=${TIMEOUT:-900}
MACHINE=${MACHINE:-numa}
CPU=${CPU:-max}
APPEND=${APPEND:-}
QEMU_EXTRA=${QEMU_EXTRA:-}

usage() {
	cat <<EOT
usage: $0 [--dry-run] COMMAND...  run COMMAND (a shell command line) in the guest
       $0 [--dry-run] --shell     interactive shell on this terminal
--dry-run prints the QEMU command line and boots nothing.
Environment: KERNEL=bzImage IMAGE=rootfs.ext4 OUTDIR=dir TIMEOUT=s CPU=model
  MACHINE=numa|icount APPEND="kernel args" ACCEL=tcg|kvm QEMU_EXTRA="more qemu args"
example: $0 'uname -r'
EOT
}

# The machines of configs/scenarios, as M_SMP M_MIB M_NODES M_CPU
# M_APPEND M_QEMU M_ACCEL.
#  numa: two vCPUs and 1 GiB in two NUMA nodes, one socket each (a node
#   boundary inside a socket makes the scheduler's topology check WARN).
#  icount: the deterministic guest that 'make bench', 'make profile' and
#   'make run' measure on: TCG with -icount shift=0, so that the guest
#   clock counts executed instructions (one vCPU, as icount requires);
#   no RDRAND or RDSEED, no address-space randomisation and a CPU RNG
#   not trusted, so that every boot of a kernel runs the same code.
set_machine() {
	M_CPU=$CPU M_APPEND="" M_QEMU="" M_ACCEL=$(accel)
	case $MACHINE in
	numa) M_SMP=2 M_MIB=1024 M_NODES=2
		[ "$M_ACCEL" != tcg ] || M_ACCEL=$(tcg_threads) ;;
	icount) M_SMP=1 M_MIB=2048 M_NODES=1 M_ACCEL=tcg M_CPU=max,-rdrand,-rdseed
		M_APPEND="nokaslr norandmaps random.trust_cpu=off" M_QEMU="-icount shift=0" ;;
	*) die "unknown MACHINE=$MACHINE (numa, icount)" ;;
	esac
}

# acpi=noirq: under TCG a debug kernel (KASAN, lockdep) runs the PCI _PRT
# AML methods into their 30 s loop timeout three times per boot; without
# ACPI IRQ routing it boots in 37 s instead of 116 s.  Virtio uses MSI-X.
# rcu_cpu_stall_timeout=300: on a loaded host a KASAN kernel's boot-time
# W+X page-table walk (DEBUG_WX) can hold a vCPU for over the default 21 s
# and report a spurious RCU stall.
# no_timer_check: start_kernel()'s IO-APIC timer check counts timer
# interrupts over a busy-wait; under TCG on a loaded host the vCPU can be
# descheduled for the whole wait, and the boot dies with "IO-APIC + timer
# doesn't work!" before the first fork (cirros and lima's CI met the same
# and pass the same option).  QEMU's IO-APIC routes the timer correctly.
BASE_APPEND="console=ttyS0 root=/dev/vda rw init=/opt/tw/init panic=-1 acpi=noirq"
BASE_APPEND="$BASE_APPEND rcupdate.rcu_cpu_stall_timeout=300 no_timer_check"

# TCG unless KVM was probed to boot fast here (scripts/guest/probe-kvm.sh).
accel() { echo "${ACCEL:-$(cat "$BUILD/accel" 2>/dev/null || echo tcg)}"; }

# Multi-threaded TCG before QEMU 8.1 can run code that the guest has just
# rewritten: a vCPU translating a block while another vCPU writes into it
# links the stale translation, because system mode locked the page only
# after reading the code (fixed by QEMU commit deba78709ae8, "accel/tcg:
# Always lock pages before translation").  A kernel's text_poke_bp()
# then leaves a CPU executing the int3 it wrote first, long after the
# patch is done: "Oops: int3" in the debug guest while 80-module-watchers
# flips the slow-walk keys (docs/data/int3-oops/).  There, one thread runs
# the vCPUs in turn, between blocks, so no translation overlaps a write.
tcg_threads() {
	local v
	v=$(qemu-system-x86_64 --version | sed -n '1s/.*version \([0-9]*\.[0-9]*\).*/\1/p')
	if [ "$(printf '%s\n' 8.1 "$v" | sort -V | head -n 1)" = 8.1 ]; then
		echo tcg
	else
		echo tcg,thread=single
	fi
}

# numa_args MIB NODES: the QEMU options for NODES equal nodes.
numa_args() {
	local mib=$1 n=$2 i
	[ "$n" -gt 1 ] || return 0
	for i in $(seq 0 $((n - 1))); do
		echo -n " -object memory-backend-ram,id=numa-m$i,size=$((mib / n))M"
		echo -n " -numa node,nodeid=$i,memdev=numa-m$i -numa cpu,node-id=$i,socket-id=$i"
	done
}

qemu_cmd() {
	local console_dev=$1
	echo qemu-system-x86_64 -accel "$M_ACCEL" -cpu "$M_CPU" -smp "$M_SMP,sockets=$M_NODES" -m "${M_MIB}M" \
		-nodefaults -no-reboot -display none \
		-kernel "$KERNEL" \
		-append "'$BASE_APPEND${M_APPEND:+ $M_APPEND}${APPEND:+ $APPEND}'" \
		-drive "file=$IMAGE,if=virtio,format=raw,snapshot=on" \
		-virtfs "local,path=$OUTDIR/share,mount_tag=tw,security_model=none" \
		-serial "file:$OUTDIR/console.log" \
		-device virtio-serial-pci -chardev "$console_dev" \
		-device virtconsole,chardev=hvc$(numa_args "$M_MIB" "$M_NODES") $M_QEMU $QEMU_EXTRA
}

run_shell() {
	local cmd
	cmd=$(qemu_cmd stdio,id=hvc,signal=off)
	log "vm: shell on $(basename "$KERNEL"); console log in $OUTDIR/console.log"
	eval "$cmd"
}

run_command() {
	local cmd rc=0
	printf '%s\n' "$*" > "$OUTDIR/share/cmd"
	# what QEMU is told to give the guest, for 10-smoke to compare
	echo "cpus=$M_SMP nodes=$M_NODES" > "$OUTDIR/share/machine"
	: > "$OUTDIR/output.log"
	cmd=$(qemu_cmd "file,id=hvc,path=$OUTDIR/output.log")
	echo "$cmd" > "$OUTDIR/qemu-cmdline"
	log "vm: booting $KERNEL ($M_ACCEL, $MACHINE, timeout ${TIMEOUT}s): $(printf '%s\n' "$*" | tail -n 1 | cut -c1-80)"
	timeout "$TIMEOUT" bash -c "$cmd" < /dev/null &
	local qpid=$!
	tail -n +1 -f --pid=$qpid "$OUTDIR/output.log" 2>/dev/null || true
	wait $qpid || rc=$?
	[ $rc = 124 ] && { log "vm: timed out after ${TIMEOUT}s"; tail -30 "$OUTDIR/console.log" >&2; return 124; }
	[ $rc = 0 ] || { log "vm: qemu failed ($rc)"; return $rc; }
	# callers that check the console themselves, with its report, say so
	[ -n "${CONSOLE_CHECKED_BY_CALLER:-}" ] ||
		"$(dirname "$0")/../test/check-console.sh" "$OUTDIR/console.log" || return 1
	[ -f "$OUTDIR/share/rc" ] || { log "vm: guest never reported an exit status"; tail -30 "$OUTDIR/console.log" >&2; return 125; }
	rc=$(cat "$OUTDIR/share/rc")
	log "vm: guest command exited $rc; logs in $OUTDIR"
	return "$rc"
}

main() {
	local dry=""
	[ "${1:-}" = --dry-run ] && { dry=1; shift; }
	[ $# -ge 1 ] && [ "$1" != -h ] || { usage; exit 2; }
	set_machine
	if [ -n "$dry" ]; then
		[ "$1" = --shell ] && qemu_cmd stdio,id=hvc,signal=off || qemu_cmd "file,id=hvc,path=$OUTDIR/output.log"
		return
	fi
	[ -f "$KERNEL" ] || die "no kernel at $KERNEL: run 'make build'"
	[ -f "$IMAGE" ] || die "no guest image at $IMAGE: run 'make rootfs'"
	mkdir -p "$OUTDIR/share"
	if [ "$1" = --shell ]; then run_shell; else run_command "$@"; fi
}

main "$@"
