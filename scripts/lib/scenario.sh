# The scenario list, configs/scenarios, for the entry scripts (sourced).
# A scenario names one boot: the kernel (tree, flavour), the machine, the
# timeout, the kernel arguments and what the guest runs.
SCENARIOS_FILE=${SCENARIOS_FILE:-$TOP/configs/scenarios}

# scenarios TARGET: the names of TARGET's scenarios, in file order;
# SCENARIOS="a b" picks some of them.
scenarios() {
	local name
	for name in $(awk -v t="$1" '!/^#/ && $2 == t { print $1 }' "$SCENARIOS_FILE"); do
		[ -z "${SCENARIOS:-}" ] || [[ " $SCENARIOS " == *" $name "* ]] && echo "$name"
	done
	return 0
}

# scenario NAME: set S_TARGET S_TREE S_FLAVOUR S_MACHINE S_TIMEOUT
# S_APPEND S_RUN, and S_SRC, S_OBJ and S_IMAGE: the source tree, the
# object tree and the kernel image.
scenario() {
	local line
	line=$(awk -v n="$1" '!/^#/ && $1 == n' "$SCENARIOS_FILE")
	[ -n "$line" ] || die "no scenario '$1' in $SCENARIOS_FILE"
	read -r _ S_TARGET S_TREE S_FLAVOUR S_MACHINE S_TIMEOUT S_APPEND S_RUN <<< "$line"
	[ "$S_APPEND" = - ] && S_APPEND=""
	S_APPEND=${S_APPEND//,/ }
	S_SRC=$(tree_dir "$S_TREE")
	S_OBJ=$(obj_dir "$S_SRC" "$S_FLAVOUR")
	S_IMAGE=$(kernel_image "$S_OBJ")
}

# tree_dir patched|base: the source tree
tree_dir() {
	case $1 in
	patched) echo "$TREE" ;;
	base) echo "$BASE_TREE" ;;
	*) die "unknown tree '$1' in $SCENARIOS_FILE" ;;
	esac
}

# kernels SCENARIO...: "FLAVOUR TREE" for each kernel the scenarios
# boot, each once, in the order they are first named.
kernels() {
	local name
	for name in "$@"; do scenario "$name"; echo "$S_FLAVOUR $S_TREE"; done |
		awk '!seen[$0]++'
}

# guest_run: the guest command line for the current scenario's RUN.
guest_run() {
	case $S_RUN in
	tests) echo /opt/tw/run-tests ;;
	tests:*) echo "/opt/tw/run-tests ${S_RUN#tests:}" | tr , ' ' ;;
	bench) die "a bench scenario runs what scripts/bench/bench.sh writes" ;;
	*) echo "/opt/tw/$S_RUN" ;;
	esac
}

# bench_kernel base|full: "LABEL:OBJDIR" of that bench scenario
bench_kernel() {
	local name
	for name in $(SCENARIOS="" scenarios bench); do
		scenario "$name"
		[ "$S_TREE" = "$([ "$1" = base ] && echo base || echo patched)" ] &&
			{ echo "$1:$S_OBJ"; return; }
	done
	die "no bench scenario of the $1 tree in $SCENARIOS_FILE"
}

# series_flavours: the flavours of the test scenarios' patched kernels,
# which make check-series builds at every prefix
series_flavours() {
	kernels $(SCENARIOS="" scenarios test) | awk '$2 == "patched" { print $1 }' | paste -sd' '
}

# bench_machine: S_MACHINE and S_TIMEOUT for every bench boot, from the
# first bench scenario (the series' prefixes boot as its kernels do)
bench_machine() {
	scenario "$(SCENARIOS="" scenarios bench | head -1)"
}
