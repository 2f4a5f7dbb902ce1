#!/bin/bash
# A watcher that its subsystem switched off is not called, by the direct
# calls nor by the traced walk, and the kernel's list says "off":
# audit's two, until auditing is first enabled.  Enabled, auditing stays
# on for the boot, so this test runs before anything that enables it
# (43-clone-settid's audit case, 50-audit): hence its number.  fentry on
# them counts no call over 20 forks, with no task_watchers tracepoint
# attached (the direct calls) and with one (the traced walk), while the
# first INIT watcher that is on counts every fork.
# tw-needs: tree=patched
. /opt/tw/lib/tap.sh
LIST=/sys/kernel/tracing/task_watchers
FORKS=20

tap_begin
if [ ! -r $LIST ]; then
	for c in "the list" "direct calls" "traced walk"; do
		tap_skip "no $LIST: kernel without the tracepoint patch" "switched off: $c"
	done
	tap_end; exit
fi
# state EVENT FUNCTION: the list's state of it
state() { awk -v e="$1" -v f="$2" '$1 == e && $3 == f { print $NF }' $LIST; }
tap_expect_eq "off off" "$(state init audit_task_init) $(state free audit_task_free)" \
	"switched off: the list says audit's watchers are off before auditing is enabled"

on=$(awk '$1 == "init" && $NF == "direct" { print $3; exit }' $LIST)
for how in "direct calls" "traced walk"; do
	traced=""
	[ "$how" = "traced walk" ] && traced='tracepoint:task_watchers:task_watchers_begin { @begins = count(); }'
	out=$(bpftrace -c "/opt/tw/bin/forkbench fork $FORKS" -e "
		kfunc:audit_task_init, kfunc:audit_task_free { @off = count(); }
		kfunc:$on { @on = count(); } $traced" 2>&1)
	n_on=$(sed -n 's/^@on: //p' <<< "$out")
	n_off=$(sed -n 's/^@off: //p' <<< "$out")
	n_begins=$(sed -n 's/^@begins: //p' <<< "$out")
	echo "$how: $on ${n_on:-0} calls, audit's watchers ${n_off:-0}, dispatches traced ${n_begins:-0}" | tap_diag
	# bpftrace prints a count it declared but never hit as 0
	[ "${n_on:-0}" -ge $FORKS ] && [ "${n_off:-0}" = 0 ] &&
		if [ "$how" = "traced walk" ]; then [ "${n_begins:-0}" -ge $FORKS ]; else [ "${n_begins:-0}" = 0 ]; fi
	tap_result $? "switched off: $how: no call of audit's watchers, the first INIT watcher on called at each fork"
done
tap_end
