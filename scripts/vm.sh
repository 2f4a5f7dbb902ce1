#!/bin/bash
# Boot a kernel in QEMU with the guest image and run one command in it, like
# 'vng --exec'.  The command's output streams to stdout, the kernel console
# goes to OUTDIR/console.log, files the guest writes to /mnt/tw land in
# OUTDIR/share, and the command's exit status is this script's.  A panic,
# oops, BUG, WARNING, KASAN or lockdep report on the console fails the run.
set -eu
. "$(dirname "$0")/lib.sh"

KERNEL=${KERNEL:-$TREE/out-release/arch/x86/boot/bzImage}
IMAGE=${IMAGE:-$BUILD/rootfs.ext4}
OUTDIR=${OUTDIR:-$RESULTS/vm/$(date +%Y%m%d-%H%M%S)-$$}
TIMEOUT=${TIMEOUT:-900}
SMP=${SMP:-2}
CPU=${CPU:-max}
MEM=${MEM:-2G}
APPEND=${APPEND:-}
QEMU_EXTRA=${QEMU_EXTRA:-}
NUMA_NODES=${NUMA_NODES:-}

usage() {
	cat <<EOT
usage: $0 COMMAND...     run COMMAND (a shell command line) in the guest
       $0 --shell        interactive shell on this terminal
Environment: KERNEL=bzImage IMAGE=rootfs.ext4 OUTDIR=dir TIMEOUT=s SMP=n CPU=model
  MEM=size APPEND="kernel args" ACCEL=tcg|kvm QEMU_EXTRA="more qemu args"
  NUMA_NODES=n (n NUMA nodes sharing MEM equally, CPUs round robin; unset: no NUMA)
example: $0 'uname -r'
EOT
}

# acpi=noirq: under TCG a debug kernel (KASAN, lockdep) runs the PCI _PRT
# AML methods into their 30 s loop timeout three times per boot; without
# ACPI IRQ routing it boots in 37 s instead of 116 s.  Virtio uses MSI-X.
# rcu_cpu_stall_timeout=300: on a loaded host a KASAN kernel's boot-time
# W+X page-table walk (DEBUG_WX) can hold a vCPU for over the default 21 s
# and report a spurious RCU stall.
BASE_APPEND="console=ttyS0 root=/dev/vda rw init=/opt/tw/init panic=-1 acpi=noirq"
BASE_APPEND="$BASE_APPEND rcupdate.rcu_cpu_stall_timeout=300"

# TCG unless KVM was probed to boot fast here (scripts/probe-kvm.sh).
accel() { echo "${ACCEL:-$(cat "$BUILD/accel" 2>/dev/null || echo tcg)}"; }

# NUMA_NODES=n: n guest nodes, one socket each with SMP/n CPUs (a node
# boundary inside a socket makes the scheduler's topology check WARN), and
# MEM split equally, so the guest's totals are unchanged.  Unset (the
# default, which benchmarks use): no NUMA options at all.
numa_args() {
	local n=${NUMA_NODES:-} mib i
	[ -n "$n" ] || return 0
	case $MEM in
	*[Gg]) mib=$(( ${MEM%[Gg]} * 1024 )) ;;
	*[Mm]) mib=${MEM%[Mm]} ;;
	*[!0-9]*) die "NUMA_NODES: cannot split MEM=$MEM (use M or G)" ;;
	*) mib=$MEM ;;
	esac
	[ "$n" -ge 1 ] && [ $((mib % n)) = 0 ] && [ $((SMP % n)) = 0 ] ||
		die "NUMA_NODES=$n: MEM=$MEM and SMP=$SMP must split into $n equal nodes"
	for i in $(seq 0 $((n - 1))); do
		echo -n " -object memory-backend-ram,id=numa-m$i,size=$((mib / n))M"
		echo -n " -numa node,nodeid=$i,memdev=numa-m$i -numa cpu,node-id=$i,socket-id=$i"
	done
}

qemu_cmd() {
	local console_dev=$1
	echo qemu-system-x86_64 -accel "$(accel)" -cpu "$CPU" -smp "$SMP${NUMA_NODES:+,sockets=$NUMA_NODES}" -m "$MEM" \
		-nodefaults -no-reboot -display none \
		-kernel "$KERNEL" \
		-append "'$BASE_APPEND $APPEND'" \
		-drive "file=$IMAGE,if=virtio,format=raw,snapshot=on" \
		-virtfs "local,path=$OUTDIR/share,mount_tag=tw,security_model=none" \
		-serial "file:$OUTDIR/console.log" \
		-device virtio-serial-pci -chardev "$console_dev" \
		-device virtconsole,chardev=hvc $NUMA_ARGS $QEMU_EXTRA
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
	echo "cpus=$SMP nodes=${NUMA_NODES:-1}" > "$OUTDIR/share/machine"
	: > "$OUTDIR/output.log"
	cmd=$(qemu_cmd "file,id=hvc,path=$OUTDIR/output.log")
	echo "$cmd" > "$OUTDIR/qemu-cmdline"
	log "vm: booting $KERNEL ($(accel), timeout ${TIMEOUT}s): $(printf '%s\n' "$*" | tail -n 1 | cut -c1-80)"
	timeout "$TIMEOUT" bash -c "$cmd" < /dev/null &
	local qpid=$!
	tail -n +1 -f --pid=$qpid "$OUTDIR/output.log" 2>/dev/null || true
	wait $qpid || rc=$?
	[ $rc = 124 ] && { log "vm: timed out after ${TIMEOUT}s"; tail -30 "$OUTDIR/console.log" >&2; return 124; }
	[ $rc = 0 ] || { log "vm: qemu failed ($rc)"; return $rc; }
	"$(dirname "$0")/check-console.sh" "$OUTDIR/console.log" || return 1
	[ -f "$OUTDIR/share/rc" ] || { log "vm: guest never reported an exit status"; tail -30 "$OUTDIR/console.log" >&2; return 125; }
	rc=$(cat "$OUTDIR/share/rc")
	log "vm: guest command exited $rc; logs in $OUTDIR"
	return "$rc"
}

main() {
	[ $# -ge 1 ] && [ "$1" != -h ] || { usage; exit 2; }
	[ -f "$KERNEL" ] || die "no kernel at $KERNEL: run 'make build'"
	[ -f "$IMAGE" ] || die "no guest image at $IMAGE: run 'make rootfs'"
	NUMA_ARGS=$(numa_args) || exit 1
	mkdir -p "$OUTDIR/share"
	if [ "$1" = --shell ]; then run_shell; else run_command "$@"; fi
}

main "$@"
