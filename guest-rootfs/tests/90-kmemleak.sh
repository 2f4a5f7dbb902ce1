#!/bin/bash
# After the whole suite, kmemleak finds no new unreferenced object (the
# guest's init cleared what boot itself left behind), and kmemleak is
# shown to be on in the same scan: kmemleak turns itself off for good on
# an internal error or a full object pool, and an off kmemleak reports
# nothing.  Its own test module (samples/kmemleak, kmemleak-test.ko)
# leaks objects on purpose: they must be in the scan's report, and
# nothing else may be.
# only the debug kernel has kmemleak:
# tw-needs: flavour=debug
. /opt/tw/lib/tap.sh
K=/sys/kernel/debug/kmemleak
KO=/mnt/tw/modules/kmemleak-test.ko
OUT=/tmp/kmemleak.txt

# records PID KIND: the records of the report (an "unreferenced object"
# line and what follows) of one kind: test, the module's (allocated by
# the insmod of pid PID; its init function is freed by then, so the
# backtraces cannot name it); boot, allocated before the guest's command
# started (init's /run/tw-start: uptime when the report was read, less
# the object's age, is before it); suite, the others.
records() {
	awk -v pid="$1" -v kind="$2" -v now="$(cut -d' ' -f1 /proc/uptime)" \
	    -v start="$(cat /run/tw-start)" '
		function flush() { if (r != "" && k == kind) printf "%s", r }
		/^unreferenced object/ { flush(); r = ""; k = "suite" }
		/^  comm .* \(age [0-9.]+s\)$/ {
			age = $NF; gsub(/[^0-9.]/, "", age)
			if (now - age < start) k = "boot" }
		$0 ~ "comm \"insmod\", pid " pid "," { k = "test" }
		{ r = r $0 "\n" }
		END { flush() }' $OUT
}

tap_begin
if [ ! -w $K ]; then
	tap_skip "no $K (CONFIG_DEBUG_KMEMLEAK)" "no kmemleak report after the suite"
	tap_skip "no $K (CONFIG_DEBUG_KMEMLEAK)" "kmemleak on at the final scan"
	tap_end; exit
fi
# The console's "new suspected memory leaks" line that this makes is
# expected between these markers (scripts/test/check-console.sh).
echo "tw-kmemleak-control: begin" > /dev/kmsg
insmod $KO & pid=$!
wait $pid && rmmod kmemleak_test
tap_result $? "kmemleak-test.ko loads and unloads, leaking objects on purpose"
t0=$SECONDS
echo scan > $K
# kmemleak reports objects older than 5 s at the start of a scan, and only
# at the second scan that sees them unchanged
sleep $(( t0 + 6 - SECONDS > 0 ? t0 + 6 - SECONDS : 0 ))
echo scan > $K
echo "tw-kmemleak-control: end" > /dev/kmsg
cat $K > $OUT
n_test=$(records $pid test | grep -c '^unreferenced object')
n_suite=$(records $pid suite | grep -c '^unreferenced object')
echo "$(records $pid boot | grep -c '^unreferenced object') objects from boot, before the suite" | tap_diag
records $pid suite | head -60 | tap_diag
tap_expect_eq 0 "$n_suite" "no kmemleak report after the suite"
echo "$n_test objects leaked on purpose by kmemleak-test.ko reported" | tap_diag
[ "$n_test" -gt 0 ]
tap_result $? "kmemleak on at the final scan: it reports kmemleak-test.ko's leaks"
echo clear > $K
tap_end
