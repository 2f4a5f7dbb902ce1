# Phase helpers for the entry scripts (sourced): timed banners and a
# closing per-phase summary, as kunit.py prints for its phases.
PHASES=()

# phase NAME COMMAND...: run COMMAND under a banner and record its time.
phase() {
	local name=$1 t0 rc=0; shift
	t0=$(date +%s)
	log "=== $name"
	"$@" || rc=$?
	PHASES+=("$(printf '%-26s %5ss %s' "$name" $(( $(date +%s) - t0 )) "$([ $rc = 0 ] && echo ok || echo "FAILED ($rc)")")")
	return $rc
}

phase_summary() {
	local p
	echo "# phase                       time"
	for p in "${PHASES[@]}"; do echo "# $p"; done
}

# The banner a kernel prints as /proc/version, read from its vmlinux.
# (6.1 also keeps a banner without build number and date, for BTF: skip it.)
kernel_banner() { strings -n 20 "$1/vmlinux" | grep -m1 '^Linux version .* #[0-9]' | tr -d '\n'; }

# guest_command FLAVOUR OBJDIR PROGRAM [ARGS]: the guest command line that
# runs PROGRAM with the facts tests compare against.
guest_command() {
	local flavour=$1 out=$2; shift 2
	printf 'export TW_FLAVOUR=%q TW_EXPECT_BANNER=%q TW_FRAGMENTS=%q\n' "$flavour" \
		"$(kernel_banner "$out")" "$("$TOP/scripts/config.sh" --fragments "$flavour" "$out/..")"
	echo "$*"
}
