#!/bin/bash
# After the whole suite, kmemleak finds no new unreferenced object (the
# guest's init cleared what boot itself left behind), and kmemleak is
# shown to be on in the same scan: kmemleak turns itself off for good on
# an internal error or a full object pool, and an off kmemleak reports
# nothing.  Its own test module (samples/kmemleak, kmemleak-test.ko)
# leaks objects on purpose: they must be in the scan's report, and
# nothing else may be.
# only the debug kernel has kmemleak:
# tw-flavour: debug
. /opt/tw/lib/tap.sh
K=/sys/kernel/debug/kmemleak
KO=/mnt/tw/modules/kmemleak-test.ko
OUT=/tmp/kmemleak.txt

# split_report PID: "test" or "suite" for each record of the report (an
# "unreferenced object" line and what follows): the module's own are
# those allocated by the insmod of pid PID (its init function is freed
# by then, so the backtraces cannot name it).
split_report() {
	awk -v pid="$1" '
		/^unreferenced object/ { if (n++) print (mine ? "test" : "suite"); mine = 0 }
		$0 ~ "comm \"insmod\", pid " pid "," { mine = 1 }
		END { if (n) print (mine ? "test" : "suite") }' $OUT
}

tap_begin
if [ ! -w $K ]; then
	tap_skip "no $K (CONFIG_DEBUG_KMEMLEAK)" "no kmemleak report after the suite"
	tap_skip "no $K (CONFIG_DEBUG_KMEMLEAK)" "kmemleak on at the final scan"
	tap_end; exit
fi
# The console's "new suspected memory leaks" line that this makes is
# expected between these markers (scripts/check-console.sh).
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
n_test=$(split_report $pid | grep -c '^test$')
n_suite=$(split_report $pid | grep -c '^suite$')
# the records that are not the module's
awk -v pid="$pid" '
	/^unreferenced object/ { if (!mine) printf "%s", r; r = ""; mine = 0 }
	$0 ~ "comm \"insmod\", pid " pid "," { mine = 1 }
	{ r = r $0 "\n" }
	END { if (!mine) printf "%s", r }' $OUT | head -60 | tap_diag
tap_expect_eq 0 "$n_suite" "no kmemleak report after the suite"
echo "$n_test objects leaked on purpose by kmemleak-test.ko reported" | tap_diag
[ "$n_test" -gt 0 ]
tap_result $? "kmemleak on at the final scan: it reports kmemleak-test.ko's leaks"
echo clear > $K
tap_end
