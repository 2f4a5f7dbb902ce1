#!/bin/sh
# NUMA memory policies across fork and exit (src/mempolicy.c).
exec /opt/tw/bin/mempolicy
