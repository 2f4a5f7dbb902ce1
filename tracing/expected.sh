#!/bin/bash
# Print the watchers the running kernel must call, in order, as
# "EVENT IDX FUNCTION" lines: tracing/expected-order filtered by the
# options in /proc/config.gz.  IDX counts from 0 within each event.
set -eu
ORDER=${ORDER:-$(dirname "$0")/expected-order}
CONFIG=${CONFIG:-/proc/config.gz}

enabled=$(zcat -f "$CONFIG" | sed -n 's/^CONFIG_\([A-Za-z0-9_]*\)=y$/\1/p')
awk -v on="$(echo $enabled)" '
	BEGIN { n = split(on, o, " "); for (i = 1; i <= n; i++) y[o[i]] = 1 }
	/^#/ || NF < 3 { next }
	y[$3] { print $1, idx[$1]++, $2 }' "$ORDER"
