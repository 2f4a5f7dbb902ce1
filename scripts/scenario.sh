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
	S_OBJ=$S_SRC/out-$S_FLAVOUR
	S_IMAGE=$S_OBJ/arch/x86/boot/bzImage
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
	*) echo "/opt/tw/$S_RUN" ;;
	esac
}
