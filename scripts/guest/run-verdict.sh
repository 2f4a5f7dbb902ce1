#!/bin/bash
# The few lines 'make run' ends with: how many events each order check
# found in order, the watchers that cost most net of the instrument, and
# where the rest is.  Reads only what the guest left in OUT/share.
#   run-verdict.sh OUT
set -eu
OUT=$1
S=$OUT/share

# order FILE: "N of M events in order", from an order check's summary
order() {
	[ -s "$1" ] || { echo "not run"; return; }
	awk '$3 == "dispatches" { m++; if ($4 == "in") n++ } END { printf "%d of %d events in order\n", n, m }' "$1"
}

echo "order, bpftrace:   $(order "$S/order-check.txt")"
echo "order, trace-cmd:  $(order "$S/trace-cmd-check.txt")"
if [ -s "$S/watcher-cost.tsv" ]; then
	# EVENT WATCHER WAY CALLS MEDIAN NET-MEDIAN NET-MEAN: bpftrace's, dearest first
	echo "dearest watchers, net instructions per call (median, bpftrace):"
	awk -F'\t' '$3 == "bpftrace" && $2 !~ /^sample_/ { printf "  %-5s %-24s %4d\n", $1, $2, $6 }' "$S/watcher-cost.tsv" |
		sort -k3,3nr | head -5
fi
echo "files: $OUT/output.log (the report), $S/, $OUT/watcher-latency.png"
