#!/bin/bash
# Print the watchers the running kernel calls, in order, as
# "EVENT IDX FUNCTION" lines, IDX counting from 0 within each event:
# the kernel's own list (tracefs's task_watchers) less the watchers
# switched off, which are neither called nor traced.
#   usage: expected.sh              what the kernel calls now
#          expected.sh --reference  what it must have: tracing/expected-order
#                                   filtered by the options of /proc/config.gz
# 60-tracing-order checks that the two agree, but for the switched-off.
set -eu
ORDER=${ORDER:-$(dirname "$0")/expected-order}
CONFIG=${CONFIG:-/proc/config.gz}
LIST=${LIST:-/sys/kernel/tracing/task_watchers}

if [ "${1:-}" = --reference ]; then
	enabled=$(zcat -f "$CONFIG" | sed -n 's/^CONFIG_\([A-Za-z0-9_]*\)=y$/\1/p')
	awk -v on="$(echo $enabled)" '
		BEGIN { n = split(on, o, " "); for (i = 1; i <= n; i++) y[o[i]] = 1 }
		/^#/ || NF < 3 { next }
		y[$3] { print $1, idx[$1]++, $2 }' "$ORDER"
	exit
fi
[ -r "$LIST" ] || { echo "expected.sh: no $LIST (a kernel without the series' tracepoints?)" >&2; exit 2; }
awk '$NF != "off" { print $1, idx[$1]++, $3 }' "$LIST"
