#!/bin/bash
# Decide once per machine whether the guest runs under KVM or TCG, and
# record it in build/accel for scripts/guest/vm.sh.  KVM is used only if a boot
# to userspace and back takes under PROBE_SECONDS: nested KVM on these
# machines exists but is far slower than TCG (a minute to decompress).
set -eu
. "$(dirname "$0")/../lib/lib.sh"

PROBE_SECONDS=${PROBE_SECONDS:-20}
KERNEL=${1:?usage: probe-kvm.sh BZIMAGE}

main() {
	local accel=tcg t0 dir
	[ -f "$BUILD/accel" ] && { log "accel: $(cat "$BUILD/accel") (probed earlier; rm $BUILD/accel to probe again)"; return 0; }
	if [ -w /dev/kvm ]; then
		dir=$(mktemp -d)
		t0=$(date +%s)
		if ACCEL=kvm TIMEOUT=$PROBE_SECONDS OUTDIR=$dir KERNEL=$KERNEL \
				"$TOP/scripts/guest/vm.sh" true > "$dir/probe.log" 2>&1; then
			accel=kvm
		fi
		log "accel: KVM boot $( [ $accel = kvm ] && echo succeeded || echo 'failed or exceeded the limit' ) after $(( $(date +%s) - t0 ))s (limit ${PROBE_SECONDS}s)"
		rm -rf "$dir"
	fi
	echo $accel > "$BUILD/accel"
	log "accel: using $accel"
}

main "$@"
