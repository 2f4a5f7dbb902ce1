// SPDX-License-Identifier: GPL-2.0
/*
 * The nine watchers, each in the table the way task_watcher_func() puts
 * it there: a const pointer in a section the linker bounds with
 * __start_tw_INIT/__stop_tw_INIT.  A separate translation unit, and
 * noinline, so that no variant can inline or drop a call; each does
 * something tiny with a visible side effect (a counter) and returns 0.
 */
#include "tw.h"

unsigned long tw_count[TW_NR];

#define TW_DEFINE(i)							\
	__attribute__((noinline))					\
	int tw_w##i(unsigned long long val, void *tsk)			\
	{								\
		(void)val; (void)tsk;					\
		tw_count[i]++;						\
		return 0;						\
	}								\
	static const tw_fn __tw_INIT_w##i				\
		__attribute__((used, section("tw_INIT"),		\
			       aligned(sizeof(void *)))) = tw_w##i;
TW_LIST(TW_DEFINE)

__attribute__((noinline))
int tw_error(tw_fn fn, int err, int first)
{
	(void)fn;
	if (err > 0)
		return first;
	return first ? first : err;
}
