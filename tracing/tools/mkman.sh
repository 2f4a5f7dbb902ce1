#!/bin/bash
# Print a tw-* tool's man page, section 8, from its header comment, so
# that the page and the tool's -h say the same: NAME from the first
# line, SYNOPSIS from USAGE, DESCRIPTION from the paragraph, OPTIONS from
# the option lines, EXAMPLES, SEE ALSO.  scripts/build/rootfs.sh installs
# the pages in the guest.
#   mkman.sh TOOL
set -eu
tool=$1 name=$(basename "$1")
header() { sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$tool"; }
esc() { sed 's/\\/\\e/g; s/^\./\\\&./; s/^-/\\-/'; }

echo ".TH ${name^^} 8 \"\" \"Task Watchers\" \"System Manager's Manual\""
echo ".SH NAME"
header | head -1 | esc | sed -E "s/^$name +/$name \\\\- /"
echo ".SH SYNOPSIS"
header | sed -n 's/^USAGE: //p' | esc
echo ".SH DESCRIPTION"
header | awk 'NR > 1 && /^USAGE:/ { exit } NR > 2 && !/^ *For Linux/' | sed '/^$/d' | esc
echo ".SH OPTIONS"
header | awk '/^USAGE:/ { on = 1; next } on && /^$/ { exit } on' |
	sed -E 's/^ +(-[a-z]( [A-Z]+)?) +(.*)$/.TP\n\\fB\1\\fR\n\3/' | sed 's/^-/\\-/'
echo ".SH EXAMPLES"
header | awk '/^Examples:/ { on = 1; next } on && /^$/ { exit } on' |
	sed -E 's/^ +(.*[^ ]) +# (.*)$/.TP\n\\fB\1\\fR\n\2/'
echo ".SH SEE ALSO"
echo "tw-snoop(8), tw-latency(8), tw-initfail(8), tw-slow(8), bpftrace(8); /opt/tw/tracing/tools/${name}_example.txt"
