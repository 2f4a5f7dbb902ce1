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

# split_report: the report's records, one per line, "test" or "suite"
# first: a record is an "unreferenced object" line and its backtrace.
split_report() {
	awk '/^unreferenced object/ { if (r != "") print r; r = "" }
	     { r = r " " $0 }
	     END { if (r != "") print r }' $OUT |
		awk '{ print (/kmemleak_test_init/ ? "test" : "suite") }'
}

tap_begin
if [ ! -w $K ]; then
	tap_skip "no $K (CONFIG_DEBUG_KMEMLEAK)" "no kmemleak report after the suite"
	tap_skip "no $K (CONFIG_DEBUG_KMEMLEAK)" "kmemleak on at the final scan"
	tap_end; exit
fi
insmod $KO && rmmod kmemleak_test
tap_result $? "kmemleak-test.ko loads and unloads, leaving its leaks"
sleep 6		# kmemleak ignores objects younger than 5 s
echo scan > $K; echo scan > $K
cat $K > $OUT
n_test=$(split_report | grep -c '^test$')
n_suite=$(split_report | grep -c '^suite$')
grep -v -e kmemleak_test_init $OUT | head -60 | tap_diag
tap_expect_eq 0 "$n_suite" "no kmemleak report after the suite"
echo "$n_test objects leaked on purpose by kmemleak-test.ko reported" | tap_diag
[ "$n_test" -gt 0 ]
tap_result $? "kmemleak on at the final scan: it reports kmemleak-test.ko's leaks"
echo clear > $K
tap_end
