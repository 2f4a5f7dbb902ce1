#!/bin/bash
# The notify points cost no indirect call: in the release vmlinux, each
# function that raises an event, or frees a task, makes no more indirect
# calls (call *%reg, call *mem, call __x86_indirect_thunk_*) and no more
# retpoline thunk calls than in the unpatched kernel's.  A function's
# local clones (.part.N, .constprop.N, .isra.N, .cold) count as it; one
# the compiler inlined away in either kernel is counted with its caller
# in both.
set -eu
. "$(dirname "$0")/../../scripts/lib/lib.sh"
. "$TOP/guest-rootfs/lib/tap.sh"
NEW=$(obj_dir "$TREE" release)/vmlinux
OLD=$(obj_dir "$BASE_TREE" release)/vmlinux
# FUNCTION[:CALLER], CALLER the one a static FUNCTION is inlined into
FUNCS='copy_process:kernel_clone do_exit release_task delayed_put_task_struct
commit_creds begin_new_exec exec_binprm:bprm_execve'

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# objdump 2.32+ disassembles one symbol by name; older ones take nm's range
BY_NAME=
objdump --help | grep -q -- '--disassemble=' && BY_NAME=1

# text VMLINUX: "ADDR SIZE NAME" of its functions and their local clones
# (.part.N, .constprop.N, .isra.N, .cold) named in FUNCS, once
text() {
	local f=$tmp/${1//\//_}
	[ -f "$f" ] || nm -S "$1" | awk -v fns="$(echo $FUNCS | tr ':' ' ')" '
		BEGIN { n = split(fns, f, " "); for (i = 1; i <= n; i++) want[f[i]] = 1 }
		$(NF - 1) ~ /^[tT]$/ {
			name = $NF; base = name; sub(/\..*/, "", base)
			if ((base in want) && (name == base ||
			    name ~ /^[^.]+(\.(part|constprop|isra|cold)(\.[0-9]+)?)+$/))
				print $1, (NF == 4 ? $2 : 0), name, base
		}' | sort -u -k3,3 > "$f"
	cat "$f"
}

# symbols VMLINUX FN...: "ADDR SIZE NAME" of each FN and its local clones
symbols() {
	local v=$1; shift
	text "$v" | awk -v fns="$*" '
		BEGIN { n = split(fns, f, " "); for (i = 1; i <= n; i++) want[f[i]] = 1 }
		$4 in want { print $1, $2, $3 }'
}

# counts VMLINUX FN...: "INDIRECT THUNK", the calls of FN and its clones
counts() {
	local v=$1; shift
	symbols "$v" "$@" | while read -r addr size name; do
		if [ -n "$BY_NAME" ]; then
			objdump -d --no-show-raw-insn --disassemble="$name" "$v"
		else
			objdump -d --no-show-raw-insn --start-address="0x$addr" \
				--stop-address="$((0x$addr + 0x$size))" "$v"
		fi
	done | awk -F'\t' '
		$2 ~ /(^|[ ])callq? +\*/ { all++ }
		$2 ~ /(^|[ ])callq? +[0-9a-f]+ <__x86_indirect_thunk_/ { all++; thunk++ }
		END { print all + 0, thunk + 0 }'
}

# names VMLINUX FN...: the symbols counted, on one line
names() { symbols "$@" | awk '{ print $3 }' | paste -sd' '; }

tap_begin
for v in "$OLD" "$NEW"; do
	if [ ! -f "$v" ]; then
		tap_skip "no release build: $v is missing" "indirect calls of the notify points"
		tap_end; exit
	fi
done
for spec in $FUNCS; do
	fn=${spec%%:*} caller=${spec#*:}
	[ "$caller" != "$spec" ] || caller=
	set -- "$fn"
	if [ -z "$(names "$OLD" "$fn")" ] || [ -z "$(names "$NEW" "$fn")" ]; then
		echo "$fn inlined away: base has '$(names "$OLD" "$fn")'," \
			"patched '$(names "$NEW" "$fn")'; counting it in its caller: ${caller:-none listed}" | tap_diag
		if [ -z "$caller" ] || [ -z "$(names "$OLD" "$caller")" ] ||
		   [ -z "$(names "$NEW" "$caller")" ]; then
			tap_result 1 "$fn: in both kernels, or a caller of it is"
			continue
		fi
		set -- "$fn" "$caller"
	fi
	read -r oall othunk < <(counts "$OLD" "$@")
	read -r nall nthunk < <(counts "$NEW" "$@")
	echo "base    ($(names "$OLD" "$@")): $oall indirect calls, $othunk through a thunk" | tap_diag
	echo "patched ($(names "$NEW" "$@")): $nall indirect calls, $nthunk through a thunk" | tap_diag
	rc=0
	[ "$nall" -le "$oall" ] && [ "$nthunk" -le "$othunk" ] || rc=1
	tap_result $rc "$fn: no more indirect calls ($nall, base $oall) nor thunk calls ($nthunk, base $othunk) than unpatched"
done
tap_end
