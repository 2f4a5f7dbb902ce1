#!/bin/bash
# Rate against N, per kernel, one panel per operation, as a PNG (gnuplot):
# from bench.sh's raw.csv (kernel,boot,mode,n,ns,rate_per_s) of a SWEEP
# run; each point is the mean over boots, with its min and max.
#   usage: plot-bench.sh RAW.csv PNG
set -eu

[ $# = 2 ] || { echo "usage: $0 RAW.csv PNG" >&2; exit 2; }
csv=$1 png=$2
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT

# one data file per mode and kernel: "n mean min max", kernels in first-seen order
awk -F, -v d="$dir" 'NR > 1 {
	k = $3 "." $1; if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
	key = k SUBSEP $4; sum[key] += $6; cnt[key]++
	if (!(key in lo) || $6 < lo[key]) lo[key] = $6
	if (!(key in hi) || $6 > hi[key]) hi[key] = $6
	ns[k] = ns[k] " " $4
}
END {
	for (i = 1; i <= nk; i++) print order[i] > (d "/order")
	for (key in sum) { split(key, p, SUBSEP)
		printf "%d %.2f %.2f %.2f\n", p[2], sum[key] / cnt[key], lo[key], hi[key] > (d "/" p[1] ".dat") }
}' "$csv"
modes=$(cut -d. -f1 "$dir/order" | awk '!s[$0]++')
nmodes=$(echo "$modes" | wc -l)
for f in "$dir"/*.dat; do sort -n -o "$f" "$f"; done

{
	echo "set terminal pngcairo size 1000,$((380 * nmodes)) font ',10'"
	echo "set output '$png'"
	echo "set multiplot layout $nmodes,1"
	echo "set grid; set key outside right; set offsets graph 0.05, graph 0.05, graph 0.1, graph 0.1; set xlabel 'N (children per run)'"
	echo "set ylabel 'tasks/s (guest time = instructions)'"
	for m in $modes; do
		echo "set title '$m: rate against N, mean of boots, min-max bars'"
		printf 'plot '
		grep "^$m\." "$dir/order" | while read -r k; do
			printf "'%s' using 1:2:3:4 with yerrorlines title '%s', " "$dir/$k.dat" "${k#*.}"
		done | sed 's/, $//'
		echo
	done
	echo "unset multiplot"
} | gnuplot
echo "plot: $png"
