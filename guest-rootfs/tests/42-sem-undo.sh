#!/bin/sh
# SysV semaphore undo at exit, exec, CLONE_SYSVSEM and unshare (src/sem_undo.c).
exec "/opt/tw/bin/sem_undo"
