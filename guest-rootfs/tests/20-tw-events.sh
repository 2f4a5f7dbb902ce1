#!/bin/sh
# Task watcher events raised by fork, exec, set*id and exit (src/tw_events.c).
exec /opt/tw/bin/tw_events
