// SPDX-License-Identifier: GPL-2.0
/*
 * mempolicy: a task's NUMA memory policy across fork and exit, which
 * copy_process() (mpol_dup) and do_exit() (mpol_put) handle, or their
 * task watchers on the patched kernel.
 *
 * A child starts with a copy of its parent's policy, not a share of it:
 * what either changes afterwards the other does not see.  The copy is
 * freed when the child exits: thousands of forks leave the numa_policy
 * slab as it was.  Raw syscalls, so the static binary needs no libnuma.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "tw_list.h"

/* include/uapi/linux/mempolicy.h */
#define MPOL_DEFAULT	0
#define MPOL_PREFERRED	1
#define MPOL_BIND	2
#define MPOL_INTERLEAVE	3

#define MAXNODE		(8 * sizeof(unsigned long))
#define SLAB		"/sys/kernel/slab/numa_policy/"

struct policy {
	int mode;
	unsigned long nodes;
};

static int set_policy(int mode, unsigned long nodes)
{
	return syscall(SYS_set_mempolicy, mode, mode ? &nodes : NULL,
		       mode ? MAXNODE : 0);
}

static int get_policy(struct policy *p)
{
	p->nodes = 0;
	return syscall(SYS_get_mempolicy, &p->mode, &p->nodes, MAXNODE, NULL, 0);
}

/* Nodes with memory ("0-1" or "0,2"), as a mask; node 0 if unknown. */
static unsigned long online_nodes(void)
{
	unsigned long mask = read_list_mask("/sys/devices/system/node/has_memory");

	return mask ? mask : 1;
}

/*
 * The policy this test's parent sets: interleave over every node when
 * there are two or more (the scenarios' numa machine), else bind to node 0,
 * so the test also runs, with less to see, on a single node.
 */
static struct policy parent_policy(void)
{
	unsigned long nodes = online_nodes();
	struct policy p = { MPOL_INTERLEAVE, nodes };

	if (!(nodes & (nodes - 1)))
		p.mode = MPOL_BIND;
	return p;
}

/* A policy different from parent_policy(): preferred, the highest node. */
static struct policy other_policy(void)
{
	unsigned long nodes = online_nodes();
	struct policy p = { MPOL_PREFERRED, 1UL << (63 - __builtin_clzl(nodes)) };

	return p;
}

static int policy_is(struct policy want)
{
	struct policy got;

	if (get_policy(&got))
		return 0;
	if (got.mode != want.mode || got.nodes != want.nodes)
		fprintf(stderr, "# pid %d: policy %d/%#lx, wanted %d/%#lx\n",
			getpid(), got.mode, got.nodes, want.mode, want.nodes);
	return got.mode == want.mode && got.nodes == want.nodes;
}

/* Run fn in a forked child; its exit status (0 = fine). */
static int in_child(int (*fn)(void))
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		_exit(fn());
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int child_sees_parent_policy(void)
{
	return policy_is(parent_policy()) ? 0 : 1;
}

static int child_sees_default_policy(void)
{
	struct policy def = { MPOL_DEFAULT, 0 };

	return policy_is(def) ? 0 : 1;
}

static int child_changes_policy(void)
{
	struct policy p = other_policy();

	if (!policy_is(parent_policy()))
		return 1;
	if (set_policy(p.mode, p.nodes))
		return 2;
	return policy_is(p) ? 0 : 3;
}

/* A task with the default policy has none to copy; its child neither. */
TEST(default_policy_inherited)
{
	ASSERT_EQ(0, set_policy(MPOL_DEFAULT, 0));
	EXPECT_EQ(0, in_child(child_sees_default_policy));
}

/* A forked child starts with its parent's mode and nodes. */
TEST(child_inherits_policy)
{
	struct policy p = parent_policy();

	ASSERT_EQ(0, set_policy(p.mode, p.nodes));
	ASSERT_TRUE(policy_is(p));
	EXPECT_EQ(0, in_child(child_sees_parent_policy));
}

/*
 * The child's policy is its own: changing it leaves the parent's alone,
 * and a later child still gets the parent's.
 */
TEST(child_change_stays_in_child)
{
	struct policy p = parent_policy();

	ASSERT_EQ(0, set_policy(p.mode, p.nodes));
	EXPECT_EQ(0, in_child(child_changes_policy));
	EXPECT_TRUE(policy_is(p));
	EXPECT_EQ(0, in_child(child_sees_parent_policy));
}

/* The parent changing its policy after the fork does not reach the child. */
TEST(parent_change_stays_in_parent)
{
	struct policy p = parent_policy(), o = other_policy();
	int go[2], status;
	pid_t pid;
	char x;

	ASSERT_EQ(0, set_policy(p.mode, p.nodes));
	ASSERT_EQ(0, pipe(go));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		close(go[1]);
		_exit(read(go[0], &x, 1) == 1 ? child_sees_parent_policy() : 9);
	}
	close(go[0]);
	EXPECT_EQ(0, set_policy(o.mode, o.nodes));
	EXPECT_EQ(1, write(go[1], "x", 1));
	close(go[1]);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
}

static void *thread_changes_policy(void *arg)
{
	return (void *)(long)child_changes_policy();
}

/* Policies are per thread: a new thread copies, then changes only its own. */
TEST(thread_policy_is_its_own)
{
	struct policy p = parent_policy();
	pthread_t t;
	void *ret;

	ASSERT_EQ(0, set_policy(p.mode, p.nodes));
	ASSERT_EQ(0, pthread_create(&t, NULL, thread_changes_policy, NULL));
	ASSERT_EQ(0, pthread_join(t, &ret));
	EXPECT_EQ(0, (long)ret);
	EXPECT_TRUE(policy_is(p));
}

/*
 * Objects in use in the numa_policy cache.  Shrinking first drains
 * KASAN's quarantine of this cache, where freed objects otherwise still
 * count as in use.  The cache may be merged with others of its size
 * (without slab_nomerge): they add noise, not a trend.
 */
static long policy_objects(void)
{
	long n = -1;
	int fd = open(SLAB "shrink", O_WRONLY);
	FILE *f;

	if (fd >= 0) {
		if (write(fd, "1", 1) != 1)
			perror("# shrink numa_policy");
		close(fd);
	}
	f = fopen(SLAB "objects", "r");
	if (!f)
		return -1;
	if (fscanf(f, "%ld", &n) != 1)
		n = -1;
	fclose(f);
	return n;
}

/*
 * Thousands of forks take seconds under TCG, more with KASAN: a fixture
 * allows the longer timeout.
 */
FIXTURE(forks) {};
FIXTURE_SETUP(forks) {}
FIXTURE_TEARDOWN(forks) {}

/*
 * Every child exits with a policy of its own: a copy of the parent's
 * (odd children), or one it set itself, which freed the copy (even).
 * If exit did not free it, each fork would leave one object behind.
 * 10000 forks, or as many as 10 s allow (KASAN under TCG), at least 1000:
 * a leak per fork would then be 1000 objects or more against a limit of
 * a tenth of that.  On the debug kernel, where the time limit applies,
 * 90-kmemleak's final scan also sees a single leaked policy.
 */
TEST_F_TIMEOUT(forks, policies_freed_at_exit, 540)
{
	struct policy p = parent_policy(), o = other_policy();
	const char *env = getenv("TW_MPOL_FORKS");
	long forks = env ? atol(env) : 10000, i, before, after;
	time_t end = time(NULL) + 10;
	int status;
	pid_t pid;

	if (access(SLAB "objects", R_OK))
		SKIP(return, "no " SLAB "objects (CONFIG_SLUB_DEBUG, sysfs)");
	ASSERT_EQ(0, set_policy(p.mode, p.nodes));
	before = policy_objects();
	for (i = 0; i < forks; i++) {
		if (i % 100 == 0 && i >= 1000 && time(NULL) > end)
			break;
		pid = fork();
		if (pid == 0)
			_exit((i & 1) ? 0 : set_policy(o.mode, o.nodes) ? 1 : 0);
		ASSERT_LE(0, pid);
		ASSERT_EQ(pid, waitpid(pid, &status, 0));
		ASSERT_EQ(0, status);
	}
	after = policy_objects();
	TH_LOG("numa_policy objects: %ld before, %ld after %ld forks", before, after, i);
	EXPECT_GT(i / 10, after - before);
}


TEST_HARNESS_MAIN
