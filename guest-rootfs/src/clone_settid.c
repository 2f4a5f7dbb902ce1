// SPDX-License-Identifier: GPL-2.0
/*
 * clone_settid: a clone() whose CLONE_PARENT_SETTID pointer is bad must not
 * touch the parent's per-task state.
 *
 * The 2006 series ran the FREE watchers from the label that the failed
 * put_user() of parent_tidptr jumped to, before the child's audit context,
 * undo list, cpuset, mempolicy and keyrings had been made its own: a bad
 * pointer made them free or put the *parent's* (porting-map-6.1.md, 2.).
 * 6.1 stores the tid from kernel_clone(), after copy_process(), and
 * ignores a fault: clone() succeeds.  Each test gives the parent one piece
 * of that state, clones with bad pointers many times, and then uses the
 * state: a freed or put object shows up as a wrong value here, or as a
 * KASAN report on the debug kernel's console.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/keyctl.h>
#include <linux/mempolicy.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest_harness.h"

#define CLONES	30	/* the 2006 bug shows at the first one */

/* Not mapped, not user memory, not canonical: put_user() fails on each. */
static int *const bad_ptrs[] = {
	(int *)8,
	(int *)0xffff888000000000UL,
	(int *)0x8000000000000000UL,
};

/*
 * clone(CLONE_PARENT_SETTID) with each bad pointer, CLONES times in all;
 * the children exit at once.  Returns how many clones did not give a
 * child that exited 0 (6.1: none).
 */
static int clone_bad_settid(unsigned long extra_flags)
{
	int i, status, failed = 0;
	long pid;

	for (i = 0; i < CLONES; i++) {
		pid = syscall(SYS_clone, CLONE_PARENT_SETTID | SIGCHLD | extra_flags,
			      NULL, bad_ptrs[i % 3], NULL, 0);
		if (pid == 0)
			_exit(0);
		if (pid < 0 || waitpid(pid, &status, 0) != pid || status)
			failed++;
	}
	return failed;
}

static int sem_adj(int id, int op)
{
	struct sembuf sb = { .sem_num = 0, .sem_op = op, .sem_flg = SEM_UNDO };

	return semop(id, &sb, 1);
}

/*
 * A SEM_UNDO adjustment of the parent survives the clones, also when the
 * children share the undo list (CLONE_SYSVSEM), and is undone once, when
 * the parent exits.
 */
static void undo_survives(struct __test_metadata *_metadata, unsigned long flags)
{
	int id, status;
	pid_t pid;

	id = semget(IPC_PRIVATE, 1, 0600);
	ASSERT_LE(0, id);
	pid = fork();
	if (pid == 0) {
		if (sem_adj(id, 3) || clone_bad_settid(flags))
			_exit(1);
		/* the list is still ours: one more adjustment joins it */
		if (sem_adj(id, 2) || semctl(id, 0, GETVAL) != 5)
			_exit(2);
		_exit(0);
	}
	ASSERT_LT(0, pid);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, status);
	/* the parent's exit undid +3 and +2 */
	EXPECT_EQ(0, semctl(id, 0, GETVAL));
	semctl(id, 0, IPC_RMID);
}

TEST(sem_undo_list)
{
	undo_survives(_metadata, 0);
}

TEST(shared_sem_undo_list)
{
	undo_survives(_metadata, CLONE_SYSVSEM);
}

static long set_mempolicy(int mode, unsigned long *mask, unsigned long maxnode)
{
	return syscall(SYS_set_mempolicy, mode, mask, maxnode);
}

static long get_mempolicy(int *mode, unsigned long *mask, unsigned long maxnode)
{
	return syscall(SYS_get_mempolicy, mode, mask, maxnode, NULL, 0);
}

TEST(mempolicy)
{
	unsigned long mask = 1, got_mask = 0;
	int mode = -1;

	ASSERT_EQ(0, set_mempolicy(MPOL_BIND, &mask, 8 * sizeof(mask))) {
		TH_LOG("set_mempolicy: %s (CONFIG_NUMA?)", strerror(errno));
	}
	EXPECT_EQ(0, clone_bad_settid(0));
	ASSERT_EQ(0, get_mempolicy(&mode, &got_mask, 8 * sizeof(got_mask)));
	EXPECT_EQ(MPOL_BIND, mode);
	EXPECT_EQ(1UL, got_mask);
	/* and it is still the one new children copy */
	EXPECT_EQ(0, clone_bad_settid(0));
	EXPECT_EQ(0, set_mempolicy(MPOL_DEFAULT, NULL, 0));
}

static long keyctl(int op, unsigned long a2, unsigned long a3,
		   unsigned long a4, unsigned long a5)
{
	return syscall(SYS_keyctl, op, a2, a3, a4, a5);
}

/* A key in each of the parent's own keyrings is still there and readable. */
TEST(keyrings)
{
	static const int rings[] = {
		KEY_SPEC_THREAD_KEYRING, KEY_SPEC_PROCESS_KEYRING,
		KEY_SPEC_SESSION_KEYRING,
	};
	long key[3];
	char buf[16];
	int i;

	ASSERT_LE(0, keyctl(KEYCTL_JOIN_SESSION_KEYRING, 0, 0, 0, 0));
	for (i = 0; i < 3; i++) {
		key[i] = syscall(SYS_add_key, "user", "tw-settid", "payload", 7,
				 rings[i]);
		ASSERT_LT(0, key[i]) {
			TH_LOG("add_key to keyring %d: %s", rings[i], strerror(errno));
		}
	}
	EXPECT_EQ(0, clone_bad_settid(0));
	for (i = 0; i < 3; i++) {
		memset(buf, 0, sizeof(buf));
		EXPECT_EQ(7, keyctl(KEYCTL_READ, key[i], (unsigned long)buf, sizeof(buf), 0));
		EXPECT_STREQ("payload", buf);
		EXPECT_EQ(key[i], keyctl(KEYCTL_SEARCH, rings[i], (unsigned long)"user",
					 (unsigned long)"tw-settid", 0));
	}
}

/*
 * Audit (on, with a rule, from tests/43-clone-settid.sh): the parent keeps
 * auditing its own syscalls through its context; a context freed by a
 * child's FREE would be a KASAN use-after-free on its next syscall.  The
 * parent's login uid must be unchanged too.
 */
TEST(audit_context)
{
	char before[32] = "", after[32] = "";
	FILE *f;

	f = fopen("/proc/self/loginuid", "r");
	ASSERT_NE(NULL, f);
	ASSERT_NE(NULL, fgets(before, sizeof(before), f));
	fclose(f);
	EXPECT_EQ(0, clone_bad_settid(0));
	/* the audit rule's syscall: its record is built in our context */
	EXPECT_LT(0, syscall(SYS_getppid));
	f = fopen("/proc/self/loginuid", "r");
	ASSERT_NE(NULL, f);
	ASSERT_NE(NULL, fgets(after, sizeof(after), f));
	fclose(f);
	EXPECT_STREQ(before, after);
}

TEST_HARNESS_MAIN
