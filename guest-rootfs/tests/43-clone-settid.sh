#!/bin/sh
# clone() with a bad CLONE_PARENT_SETTID pointer leaves the parent's sem
# undo list, mempolicy, keyrings and audit context alone (src/clone_settid.c);
# auditing is on so that the parent has an audit context to lose.
if command -v auditctl > /dev/null && auditctl -e 1 > /dev/null 2>&1; then
	auditctl -a exit,always -F arch=b64 -S getppid -k tw-settid > /dev/null
	trap 'auditctl -D > /dev/null; auditctl -e 0 > /dev/null' EXIT
fi
"${TW_BIN:-/opt/tw/bin}"/clone_settid
