#!/bin/sh
# Syscall auditing of forked and exiting tasks (src/audit.c).
exec /opt/tw/bin/audit
