#!/bin/bash
# What each patch adds to fork, exec and thread create, by the profile:
# for consecutive kernels of an insn-profile.sh run (its LABEL-OP.txt
# files), the change of the functions the series changes (the enclosing
# functions of its diff's hunks, its added and removed definitions, and
# bprm_execve, into which exec_binprm() is inlined), summed.  Functions
# outside the series (slab, RCU, the scheduler) move from boot to boot
# by more than a patch adds and are left out; each function's change is
# listed.  Markdown on stdout.
#   profile-steps.sh DIR LABEL LABEL...
set -eu
. "$(dirname "$0")/../lib/lib.sh"

series_functions() {
	git -C "$TREE" diff "$(base_tag)..HEAD" -- '*.c' '*.h' ':!tools' ':!samples' \
		':!kernel/task_watchers_test.c' ':!kernel/task_watchers_debugfs.c' |
	sed -n -e 's/^@@ .* @@ .*[^a-z_0-9]\([a-z_][a-z_0-9]*\)(.*/\1/p' \
	       -e 's/^[-+]\(static \)\{0,1\}\(int\|void\|long\|bool\|u64\) \**\([a-z_][a-z_0-9]*\)([^;]*$/\3/p'
	echo bprm_execve
}

main() {
	local dir=$1 op prev l labels funcs; shift
	[ $# -ge 2 ] || die "usage: $0 DIR LABEL LABEL..."
	labels=("$@")
	funcs=$(mktemp); trap "rm -f '$funcs'" EXIT
	series_functions | sort -u > "$funcs"
	for op in fork exec thread; do
		printf '\n### %s\n\n| step | instructions | functions |\n|---|---|---|\n' "$op"
		prev=${labels[0]}
		for l in "${labels[@]:1}"; do
			awk -v step="$prev to $l" '
			FILENAME == ARGV[1] { s[$1] = 1; next }
			FILENAME == ARGV[2] { if ($1 in s) a[$1] = $2; next }
			{ if ($1 in s) b[$1] = $2 }
			END {
				for (f in s) {
					d = b[f] - a[f]
					if (d >= 0.05 || d <= -0.05) { t += d; w = w sprintf("%s`%s` %+.1f", w == "" ? "" : ", ", f, d) }
				}
				printf "| %s | %+.0f | %s |\n", step, t, w
			}' "$funcs" "$dir/$prev-$op.txt" "$dir/$l-$op.txt"
			prev=$l
		done
	done
}

main "$@"
