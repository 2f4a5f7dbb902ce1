/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A user-space replica of one task-watcher notify point (INIT: nine
 * watchers, errors looked at), to price in cycles what the indirect-call
 * table walk costs against direct calls.  See notify-replica.sh.
 */
#ifndef TW_H
#define TW_H

typedef int (*tw_fn)(unsigned long long val, void *tsk);

#define TW_NR 9
#define TW_LIST(m) m(0) m(1) m(2) m(3) m(4) m(5) m(6) m(7) m(8)

#define TW_DECLARE(i) int tw_w##i(unsigned long long val, void *tsk);
TW_LIST(TW_DECLARE)

/* The table, bounded by the linker as the kernel's is (__start_/__stop_). */
extern const tw_fn __start_tw_INIT[], __stop_tw_INIT[];

/* task_watcher_error(): out of line, called only on a non-zero return. */
int tw_error(tw_fn fn, int err, int first);

extern unsigned long tw_count[TW_NR];

#define unlikely(x) __builtin_expect(!!(x), 0)

#endif
