#!/bin/sh
# Syscall auditing of forked and exiting tasks (src/audit.c).
exec "${TW_BIN:-/opt/tw/bin}"/audit
