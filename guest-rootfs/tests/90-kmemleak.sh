#!/bin/bash
# After the whole suite, kmemleak finds no new unreferenced object.  The
# guest's init cleared what boot itself left behind.
. /opt/tw/lib/tap.sh
K=/sys/kernel/debug/kmemleak

tap_begin
if [ ! -w $K ]; then
	tap_skip "no $K (CONFIG_DEBUG_KMEMLEAK)" "no kmemleak report after the suite"
else
	sleep 6		# kmemleak ignores objects younger than 5 s
	echo scan > $K; echo scan > $K
	cat $K > /tmp/kmemleak.txt
	head -60 /tmp/kmemleak.txt | tap_diag
	[ ! -s /tmp/kmemleak.txt ]
	tap_result $? "no kmemleak report after the suite"
fi
tap_end
