// SPDX-License-Identifier: GPL-2.0
/*
 * The table walk: __notify_task_watchers() of include/linux/task_watchers.h,
 * over a table whose length the compiler cannot see (linker-bounded), so
 * the loop stays a loop of indirect calls.  The Makefile compiles this
 * once with the kernel's retpoline flags, which turn each (*w)() into
 * "call __x86_indirect_thunk_<reg>", then derives one assembly file per
 * way the kernel can run that call site after boot patching (Makefile).
 */
#include "tw.h"

__attribute__((noinline))
int notify_table(unsigned long long val, void *tsk)
{
	const tw_fn *w;
	int ret = 0, err;

	for (w = __start_tw_INIT; w < __stop_tw_INIT; w++) {
		err = (*w)(val, tsk);
		if (unlikely(err))
			ret = tw_error(*w, err, ret);
	}
	return ret;
}
