#!/bin/bash
# Per-watcher latency distribution as a PNG: from a CSV of
# "event,watcher,ns" lines (one per watcher call, written in the guest
# from trace-cmd's task_watchers_return events), draw for each
# event/watcher the 10th, 25th, 50th, 75th and 90th percentiles
# (gnuplot candlesticks, log scale) and write the same figures as a table.
#   usage: plot-latency.sh CSV PNG  (the table goes to stdout)
set -eu

[ $# = 2 ] || { echo "usage: $0 CSV PNG" >&2; exit 2; }
csv=$1 png=$2
dat=$(mktemp); trap 'rm -f "$dat"' EXIT

# percentiles per event/watcher: events in their enum order, watchers in
# the order they first appear (table order)
awk -F, -v events="$(sed '/^#/d' "$(dirname "$0")/../../tracing/events" | paste -sd' ')" 'BEGIN { split(events, e, " "); for (i in e) rank[e[i]] = i }
	NF == 3 && $3 ~ /^[0-9]+$/ { k = $1 "/" $2; if (!(k in n)) first[k] = NR; n[k]++ }
	END { for (k in n) { split(k, f, "/"); printf "%d %09d %s %d\n", rank[f[1]], first[k], k, n[k] } }' "$csv" |
	sort -n -k1,1 -k2,2 | cut -d' ' -f3- |
while read -r key count; do
	ev=${key%%/*} fn=${key#*/}
	awk -F, -v e="$ev" -v f="$fn" '$1 == e && $2 == f { print $3 }' "$csv" | sort -n |
	awk -v k="$key" -v n="$count" '{ v[NR] = $1 }
		function p(q) { i = int(q * (n - 1)) + 1; return v[i] }
		END { printf "%s %d %d %d %d %d %d\n", k, n, p(0.10), p(0.25), p(0.50), p(0.75), p(0.90) }'
done > "$dat"

printf '| event/watcher | calls | p10 ns | p25 ns | median ns | p75 ns | p90 ns |\n|---|---|---|---|---|---|---|\n'
awk '{ printf "| %s | %d | %d | %d | %d | %d | %d |\n", $1, $2, $3, $4, $5, $6, $7 }' "$dat"

gnuplot <<EOT
set terminal pngcairo size 1200,600 font ",10"
set output "$png"
set title "Task watcher latency per call (10/25/50/75/90th percentiles)"
set ylabel "guest ns, log scale (instructions under -icount shift=0)"
set logscale y
set boxwidth 0.5
set xtics rotate by -35 left noenhanced
set grid ytics
set key off
set style fill empty
set offsets 0.5, 0.5, 0, 0
set rmargin 12
# a call faster than the clock's resolution lasts 0 ns: draw it at 1 ns
c(x) = x < 1 ? 1 : x
plot "$dat" using 0:(c(\$4)):(c(\$3)):(c(\$7)):(c(\$6)):xtic(1) with candlesticks whiskerbars lw 1.5, \
     "$dat" using 0:(c(\$5)):(c(\$5)):(c(\$5)):(c(\$5)) with candlesticks lt -1 lw 2
EOT
