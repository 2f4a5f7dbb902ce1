#!/bin/bash
# Each built patched kernel's watcher tables hold exactly the watchers
# tracing/expected-order lists for its .config, in that order.  The
# order is read from vmlinux: task_watcher_func(EV, fn) names its table
# entry __task_watcher_EV_fn, and nm -n sorts the entries by address.
. "$(dirname "$0")/../../scripts/lib/lib.sh"
. "$TOP/guest-rootfs/lib/tap.sh"
ORDER=$TOP/tracing/expected-order
EVENTS=$(sed '/^#/d' "$TOP/tracing/events" | paste -sd' ')

# expected OUT EVENT: the watchers ORDER lists for EVENT whose option is on.
expected() {
	awk -v ev="$2" '!/^#/ && $1 == ev { print $3, $2 }' "$ORDER" |
		while read -r opt fn; do
			grep -qx "CONFIG_$opt=y" "$1/.config" && echo "$fn"
		done
	return 0
}

# actual OUT EVENT: the watchers in vmlinux's EVENT table, in table order.
actual() {
	nm -n "$1/vmlinux" | awk -v ev="${2^^}" '
		$3 ~ "^__task_watcher_" ev "_" { sub("^__task_watcher_" ev "_", "", $3); print $3 }'
}

# The entries and the INIT cancels (task_watcher_cancel() names its pair
# __task_watcher_cancel_fn) must be exactly the table: 8 bytes an entry,
# 16 a pair, nothing between.
table_size_matches() {
	local out=$1 n c size
	n=$(nm "$out/vmlinux" | grep ' __task_watcher_' | grep -vc ' __task_watcher_cancel_')
	c=$(nm "$out/vmlinux" | grep -c ' __task_watcher_cancel_')
	# "[ 9]" is two fields and "[10]" one: find the name, the size is 4 on
	size=$(readelf -SW "$out/vmlinux" |
		awk '{ for (i = 1; i < NF; i++) if ($i == "__task_watchers") print $(i + 4) }')
	echo "$n entries and $c cancels, section __task_watchers is ${size:+$((16#$size))} bytes" | tap_diag
	[ -n "$size" ] && [ $((16#$size)) = $((n * 8 + c * 16)) ]
}

tap_begin
# tracing/events is enum task_watcher_event, in order
enum=$(sed -n '/^enum task_watcher_event {/,/^};/s/^\tWATCH_TASK_\([A-Z]*\),$/\1/p' \
	"$TREE/include/linux/task_watchers.h" | tr 'A-Z' 'a-z' | paste -sd' ')
tap_expect_eq "$enum" "$EVENTS" "tracing/events lists enum task_watcher_event in order"
for out in "$TREE"/out-*; do
	[ -f "$out/vmlinux" ] || continue
	flavour=${out##*/out-}
	for ev in $EVENTS; do
		want=$(expected "$out" "$ev" | paste -sd' ')
		got=$(actual "$out" "$ev" | paste -sd' ')
		[ "$want" = "$got" ] || printf 'want: %s\ngot:  %s\n' "$want" "$got" | tap_diag
		[ "$want" = "$got" ]
		tap_result $? "$flavour: $ev watchers in tracing/expected-order's order: ${got:-none}"
	done
	table_size_matches "$out"
	tap_result $? "$flavour: the watcher table holds nothing but the entries"
done
tap_end
