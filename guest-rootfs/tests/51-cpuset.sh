#!/bin/sh
# cgroup v2 cpusets: a forked child's CPUs and memory nodes (src/cpuset.c).
exec /opt/tw/bin/cpuset
