#!/bin/sh
# NUMA memory policies across fork and exit (src/mempolicy.c).
exec "${TW_BIN:-/opt/tw/bin}"/mempolicy
