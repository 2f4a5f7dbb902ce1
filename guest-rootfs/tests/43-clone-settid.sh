#!/bin/sh
# clone() with a bad CLONE_PARENT_SETTID pointer leaves the parent's sem
# undo list, mempolicy, keyrings and audit context alone: the series'
# kselftest (tools/testing/selftests/task_watchers/clone_settid.c), run by
# its script, which turns auditing on around it (auditctl is in the guest,
# so the audit case runs; the script fails if it cannot turn it on).
exec /opt/tw/kselftest/task_watchers/clone_settid.sh
