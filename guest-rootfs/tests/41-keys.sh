#!/bin/sh
# Keyrings across fs id changes, fork, pthread, exec and exit (src/keys.c).
exec "${TW_BIN:-/opt/tw/bin}/keys"
