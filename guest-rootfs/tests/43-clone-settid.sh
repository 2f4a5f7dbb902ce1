#!/bin/bash
# clone() with a bad CLONE_PARENT_SETTID pointer leaves the parent's sem
# undo list, mempolicy, keyrings and audit context alone (src/clone_settid.c);
# auditing is on so that the parent has an audit context to lose: if it
# cannot be turned on, the test fails after its cases have run.
setup=0
if auditctl -e 1 > /dev/null && auditctl -a exit,always -F arch=b64 -S getppid -k tw-settid > /dev/null; then
	trap 'auditctl -D > /dev/null; auditctl -e 0 > /dev/null' EXIT
else
	echo "# auditctl failed: the parent had no audit context to lose"
	setup=1
fi
/opt/tw/bin/clone_settid || exit
exit $setup
