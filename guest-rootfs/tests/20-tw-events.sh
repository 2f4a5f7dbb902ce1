#!/bin/sh
# Task watcher events raised by fork, exec, set*id and exit, INIT failure:
# the series' kselftest (tools/testing/selftests/task_watchers/tw_events.c).
exec /opt/tw/kselftest/task_watchers/tw_events
