// SPDX-License-Identifier: GPL-2.0
/*
 * The notify points with direct calls:
 *
 * notify_static: what __notify_task_watchers_direct() is on x86 after
 *   boot patching: per slot, the slot's static key (static_branch_likely
 *   on a true key: a 5-byte NOP, whose jump target, the end of the slots,
 *   is recorded as the kernel's __jump_table records it) and the static
 *   call, an inline static call patched into "call <watcher>".
 * notify_direct: nine plain direct calls, what an X-macro list of the
 *   watchers would compile to.
 * notify_empty: the same function with no watcher, to take the harness's
 *   own call and loop out of the per-watcher figure.
 *
 * All three look at each return as INIT's notify point does.
 */
#include "tw.h"

#define TW_CALL(i)							\
	err = tw_w##i(val, tsk);					\
	if (unlikely(err))						\
		ret = tw_error(tw_w##i, err, ret);

/* a static-call slot: its key's 5-byte NOP, then the direct call */
#define TW_SLOT(i)							\
	asm goto("1: .byte 0x0f,0x1f,0x44,0x00,0x00\n\t"		\
		 ".pushsection tw_jump_table,\"a\"\n\t"			\
		 ".balign 4\n\t"					\
		 ".long 1b - ., %l[done] - .\n\t"			\
		 ".popsection" : : : : done);				\
	TW_CALL(i)

__attribute__((noinline))
int notify_static(unsigned long long val, void *tsk)
{
	int ret = 0, err;

	TW_LIST(TW_SLOT)
done:
	return ret;
}

__attribute__((noinline))
int notify_direct(unsigned long long val, void *tsk)
{
	int ret = 0, err;

	TW_LIST(TW_CALL)
	return ret;
}

__attribute__((noinline))
int notify_empty(unsigned long long val, void *tsk)
{
	(void)val; (void)tsk;
	asm volatile("" ::: "memory");
	return 0;
}
