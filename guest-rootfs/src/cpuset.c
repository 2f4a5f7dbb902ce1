// SPDX-License-Identifier: GPL-2.0
/*
 * cpuset: a child forked inside a cgroup v2 cpuset gets the group's CPUs
 * and memory nodes, and later changes to the group reach it.
 *
 * The second part writes every child's mems_allowed under its
 * mems_allowed_seq, a seqcount whose lockdep-checked lock is the task's
 * own alloc_lock: copy_process() (or its task watcher) must initialise it
 * per task.  Left as the parent's copy, the debug kernel's lockdep
 * assertion in cpuset_change_task_nodemask() fires on the console.
 *
 * The last part is what the release kernel shows of the same watcher:
 * each task's page-cache spread rotor starts afresh, not at its parent's.
 *
 * Changing memory nodes needs two NUMA nodes (the scenarios' numa
 * machine), changing CPUs two CPUs; the tests say SKIP without them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "tw_list.h"

#define CGROOT		"/sys/fs/cgroup"
#define MPOL_F_NODE	(1 << 0)
#define MPOL_F_ADDR	(1 << 1)
#define NCHILD		2

static int write_str(const char *dir, const char *file, const char *s)
{
	char path[256];
	int fd, ret;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	ret = write(fd, s, strlen(s)) == (ssize_t)strlen(s) ? 0 : -errno;
	close(fd);
	if (ret)
		fprintf(stderr, "# write '%s' to %s: %s\n", s, path, strerror(-ret));
	return ret;
}

static int write_pid(const char *dir, pid_t pid)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%d", pid);
	return write_str(dir, "cgroup.procs", buf);
}

/* The value of a /proc/PID/status field, e.g. "0-1"; "" if none. */
static const char *status_field(pid_t pid, const char *field)
{
	static char val[256];
	char path[64], line[512];
	size_t n = strlen(field);
	FILE *f;

	val[0] = 0;
	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	f = fopen(path, "r");
	if (!f)
		return val;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, field, n) && line[n] == ':') {
			if (sscanf(line + n + 1, "%255s", val) != 1)
				val[0] = 0;
			break;
		}
	fclose(f);
	return val;
}

/* Count the entries of a sysfs list such as "0-1" or "0,2"; 1 if unreadable. */
static int list_count(const char *path)
{
	unsigned long mask = read_list_mask(path);

	return mask ? __builtin_popcountl(mask) : 1;
}

/* Node of the page at addr, -1 on error. */
static int page_node(void *addr)
{
	int node = -1;

	if (syscall(SYS_get_mempolicy, &node, NULL, 0, addr, MPOL_F_NODE | MPOL_F_ADDR))
		return -1;
	return node;
}

/*
 * A child that waits for a byte on cmd and answers on res with the node
 * of its first page (touched at start, migrated with the group's mems)
 * and of a page it allocates now; it exits at EOF.
 */
static void child_loop(int cmd, int res)
{
	char *old = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *new;
	int nodes[2];
	char x;

	old[0] = 1;
	while (read(cmd, &x, 1) == 1) {
		new = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		new[0] = 1;
		nodes[0] = page_node(old);
		nodes[1] = page_node(new);
		munmap(new, 4096);
		if (write(res, nodes, sizeof(nodes)) != sizeof(nodes))
			_exit(1);
	}
	_exit(0);
}

/* /dev/kmsg, positioned after what the kernel has logged so far. */
static int kmsg_open(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);

	if (fd >= 0)
		lseek(fd, 0, SEEK_END);
	return fd;
}

/* Kernel warnings logged since kmsg_open(): each is printed, and counted. */
static int kmsg_warnings(int fd)
{
	static const char *const bad[] = {
		"WARNING:", "BUG:", "DEBUG_LOCKS_WARN_ON", "lock held",
		"inconsistent lock state", "possible circular locking",
	};
	char rec[2048];
	unsigned int i;
	ssize_t n;
	int found = 0;

	if (fd < 0)
		return 0;
	/* one record per read; EAGAIN at the end, EPIPE if overwritten */
	while ((n = read(fd, rec, sizeof(rec) - 1)) > 0 || (n < 0 && errno == EPIPE)) {
		if (n < 0)
			continue;
		rec[n] = 0;
		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
			if (strstr(rec, bad[i])) {
				fprintf(stderr, "# kernel: %s", strchr(rec, ';') ? strchr(rec, ';') + 1 : rec);
				found++;
				break;
			}
	}
	close(fd);
	return found;
}

FIXTURE(cpuset) {
	char dir[64];
	int ncpus, nnodes;
	pid_t child[NCHILD];
	int cmd[NCHILD], res[NCHILD];
};

FIXTURE_SETUP(cpuset)
{
	char ctl[256] = "";
	FILE *f = fopen(CGROOT "/cgroup.controllers", "r");

	if (f) {
		if (!fgets(ctl, sizeof(ctl), f))
			ctl[0] = 0;
		fclose(f);
	}
	/* no group made: the tests skip (SKIP here would not stop them) */
	if (!strstr(ctl, "cpuset"))
		return;
	self->ncpus = list_count("/sys/devices/system/cpu/online");
	self->nnodes = list_count("/sys/devices/system/node/has_memory");
	ASSERT_EQ(0, write_str(CGROOT, "cgroup.subtree_control", "+cpuset"));
	snprintf(self->dir, sizeof(self->dir), CGROOT "/tw-cpuset-%d", getpid());
	ASSERT_EQ(0, mkdir(self->dir, 0755));
}

FIXTURE_TEARDOWN(cpuset)
{
	int i;

	write_pid(CGROOT, getpid());
	for (i = 0; i < NCHILD; i++)
		if (self->child[i] > 0) {
			close(self->cmd[i]);
			waitpid(self->child[i], NULL, 0);
		}
	if (self->dir[0])
		rmdir(self->dir);
}

#define NEED_GROUP() do {						\
	if (!self->dir[0])						\
		SKIP(return, "no cgroup v2 cpuset controller at " CGROOT); \
} while (0)

/* Set the group's cpus and mems, in the order that keeps them valid. */
static int set_group(const char *dir, const char *cpus, const char *mems)
{
	return write_str(dir, "cpuset.cpus", cpus) ?: write_str(dir, "cpuset.mems", mems);
}

/* Highest CPU and node, as strings: the group's first, narrowed, values. */
static void last_ids(int ncpus, int nnodes, char *cpu, char *node)
{
	sprintf(cpu, "%d", ncpus - 1);
	sprintf(node, "%d", nnodes - 1);
}

/* Forked in the group: the child's CPUs and nodes are the group's. */
TEST_F(cpuset, child_gets_group_cpus_and_mems)
{
	char cpu[16], node[16];
	int go[2];
	pid_t pid;
	char x;

	NEED_GROUP();
	last_ids(self->ncpus, self->nnodes, cpu, node);
	ASSERT_EQ(0, set_group(self->dir, cpu, node));
	ASSERT_EQ(0, write_pid(self->dir, getpid()));
	ASSERT_EQ(0, pipe(go));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		close(go[1]);
		_exit(read(go[0], &x, 1));
	}
	close(go[0]);
	EXPECT_STREQ(cpu, status_field(pid, "Cpus_allowed_list"));
	EXPECT_STREQ(node, status_field(pid, "Mems_allowed_list"));
	close(go[1]);
	ASSERT_EQ(pid, waitpid(pid, NULL, 0));
}

/* clone3(CLONE_INTO_CGROUP) from outside: the group's CPUs and nodes too. */
TEST_F(cpuset, clone_into_cgroup)
{
	struct clone_args args = { .flags = CLONE_INTO_CGROUP, .exit_signal = SIGCHLD };
	char cpu[16], node[16];
	int go[2], fd;
	pid_t pid;
	char x;

	NEED_GROUP();
	last_ids(self->ncpus, self->nnodes, cpu, node);
	ASSERT_EQ(0, set_group(self->dir, cpu, node));
	fd = open(self->dir, O_RDONLY | O_DIRECTORY);
	ASSERT_LE(0, fd);
	args.cgroup = fd;
	ASSERT_EQ(0, pipe(go));
	pid = syscall(SYS_clone3, &args, sizeof(args));
	ASSERT_LE(0, pid);
	if (pid == 0) {
		close(go[1]);
		_exit(read(go[0], &x, 1));
	}
	close(go[0]);
	close(fd);
	EXPECT_STREQ(cpu, status_field(pid, "Cpus_allowed_list"));
	EXPECT_STREQ(node, status_field(pid, "Mems_allowed_list"));
	close(go[1]);
	ASSERT_EQ(pid, waitpid(pid, NULL, 0));
}

/* Ask every child for its page nodes; both must be want. */
static int pages_on(struct _test_data_cpuset *self, int want)
{
	int i, nodes[2], bad = 0;

	for (i = 0; i < NCHILD; i++) {
		if (write(self->cmd[i], "x", 1) != 1 ||
		    read(self->res[i], nodes, sizeof(nodes)) != sizeof(nodes))
			return -1;
		if (nodes[0] != want || nodes[1] != want) {
			fprintf(stderr, "# child %d: old page on node %d, new on %d, wanted %d\n",
				self->child[i], nodes[0], nodes[1], want);
			bad++;
		}
	}
	return bad;
}

/* Children's status shows cpus and mems. */
static int lists_are(struct _test_data_cpuset *self, const char *cpus, const char *mems)
{
	const char *got;
	int i, bad = 0;

	for (i = 0; i < NCHILD; i++) {
		got = status_field(self->child[i], "Cpus_allowed_list");
		if (strcmp(got, cpus)) {
			fprintf(stderr, "# child %d: cpus %s, wanted %s\n", self->child[i], got, cpus);
			bad++;
		}
		got = status_field(self->child[i], "Mems_allowed_list");
		if (strcmp(got, mems)) {
			fprintf(stderr, "# child %d: mems %s, wanted %s\n", self->child[i], got, mems);
			bad++;
		}
	}
	return bad;
}

/*
 * Children forked in the group follow its cpus and mems as they change:
 * the lists in their status, where their new pages come from, and (cgroup
 * v2 migrates memory) where their old pages went.  Rewriting their
 * mems_allowed logs no warning: on a lockdep kernel, the seqcount's lock
 * must be the child's own alloc_lock, which the writer holds.
 */
TEST_F(cpuset, group_change_reaches_children)
{
	int i, cmd[2], res[2], kmsg = kmsg_open();

	NEED_GROUP();
	if (self->nnodes < 2 || self->ncpus < 2)
		SKIP(return, "needs 2 NUMA nodes and 2 CPUs (the numa machine), has %d and %d",
		     self->nnodes, self->ncpus);
	ASSERT_EQ(0, set_group(self->dir, "0-1", "0-1"));
	ASSERT_EQ(0, write_pid(self->dir, getpid()));
	for (i = 0; i < NCHILD; i++) {
		ASSERT_EQ(0, pipe(cmd));
		ASSERT_EQ(0, pipe(res));
		self->child[i] = fork();
		ASSERT_LE(0, self->child[i]);
		if (self->child[i] == 0) {
			/* only the parent may hold a child's cmd: EOF ends it */
			while (i--)
				close(self->cmd[i]);
			close(cmd[1]);
			close(res[0]);
			child_loop(cmd[0], res[1]);
		}
		close(cmd[0]);
		close(res[1]);
		self->cmd[i] = cmd[1];
		self->res[i] = res[0];
	}
	/* the parent stays out of the way of what it measures */
	ASSERT_EQ(0, write_pid(CGROOT, getpid()));
	EXPECT_EQ(0, lists_are(self, "0-1", "0-1"));

	ASSERT_EQ(0, set_group(self->dir, "1", "1"));
	EXPECT_EQ(0, lists_are(self, "1", "1"));
	EXPECT_EQ(0, pages_on(self, 1));

	ASSERT_EQ(0, set_group(self->dir, "0", "0"));
	EXPECT_EQ(0, lists_are(self, "0", "0"));
	EXPECT_EQ(0, pages_on(self, 0));
	EXPECT_EQ(0, kmsg_warnings(kmsg));
}

#define V1		"/tmp/tw-cpuset-v1"
#define NSPREAD		32

/*
 * Write one page at the start of fd (a new page-cache page, placed by
 * the cpuset's spread rotor) and return the node it is on, -1 on error.
 */
static int file_page_node(int fd)
{
	char buf[4096] = { 1 };
	char *map;
	int node;

	if (pwrite(fd, buf, sizeof(buf), 0) != sizeof(buf))
		return -1;
	map = mmap(NULL, sizeof(buf), PROT_READ, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED)
		return -1;
	node = map[0] == 1 ? page_node(map) : -1;
	munmap(map, sizeof(buf));
	return node;
}

/* A new unlinked file on the root file system (ext4: page cache; tmpfs is not). */
static int scratch_file(void)
{
	static int n;
	char path[64];
	int fd;

	snprintf(path, sizeof(path), "/var/tmp/tw-spread-%d-%d", getpid(), n++);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	return fd;
}

/*
 * With cgroup v1's cpuset.memory_spread_page on, page-cache pages go
 * round the group's nodes from the task's rotor.  copy_process() (now
 * cpuset_task_init) gives each new task NUMA_NO_NODE there, so a
 * child's first such page is on a random node.  A child that kept its
 * parent's rotor would put it, every time, on the node after the one
 * the parent used last: all NSPREAD children would agree with their
 * parent the same way.  With fresh rotors that happens by chance with
 * probability 2^-31 on two nodes.  Runs last (a fixture of its own,
 * registered after the v2 one; a plain TEST would run first): it takes
 * the cpuset controller from cgroup v2 for a v1 hierarchy, and the v2
 * tests would then skip.
 */
FIXTURE(spread) {};
FIXTURE_SETUP(spread) {}
FIXTURE_TEARDOWN(spread) {}

TEST_F(spread, page_spread_rotor_starts_afresh)
{
	char grp[] = V1 "/spread", buf[64];
	int i, fd, fdc, pnode, cnode, status, same = 0, tries = 0, fdr, rc;
	pid_t pid;

	if (list_count("/sys/devices/system/node/has_memory") < 2)
		SKIP(return, "one memory node: spreading has nowhere to go");
	write_str(CGROOT, "cgroup.subtree_control", "-cpuset");
	mkdir(V1, 0755);
	/* the v2 groups of the tests above may still be going away */
	while ((rc = mount("cpuset", V1, "cgroup", 0, "cpuset")) && errno == EBUSY && tries++ < 100)
		usleep(100000);
	ASSERT_EQ(0, rc) TH_LOG("mount cgroup v1 cpuset: %s", strerror(errno));
	ASSERT_EQ(0, mkdir(grp, 0755) && errno != EEXIST ? -errno : 0);
	/* the whole machine's cpus and mems, and spreading on */
	fdr = open(V1 "/cpuset.cpus", O_RDONLY);
	ASSERT_LT(0, read(fdr, buf, sizeof(buf) - 1));
	close(fdr);
	ASSERT_EQ(0, write_str(grp, "cpuset.cpus", buf));
	memset(buf, 0, sizeof(buf));
	fdr = open(V1 "/cpuset.mems", O_RDONLY);
	ASSERT_LT(0, read(fdr, buf, sizeof(buf) - 1));
	close(fdr);
	ASSERT_EQ(0, write_str(grp, "cpuset.mems", buf));
	ASSERT_EQ(0, write_str(grp, "cpuset.memory_spread_page", "1"));
	ASSERT_EQ(0, write_pid(grp, getpid()));

	for (i = 0; i < NSPREAD; i++) {
		/*
		 * The child's file is made here: making one can read
		 * directory and inode blocks into the page cache, which
		 * would move the child's rotor by a varying number of
		 * steps.  The parent's own page is its last spread page
		 * before the fork.
		 */
		fdc = scratch_file();
		ASSERT_LE(0, fdc);
		fd = scratch_file();
		ASSERT_LE(0, fd);
		pnode = file_page_node(fd);
		close(fd);
		ASSERT_LE(0, pnode);
		pid = fork();
		if (pid == 0)
			_exit(file_page_node(fdc) + 1);
		close(fdc);
		ASSERT_LT(0, pid);
		ASSERT_EQ(pid, waitpid(pid, &status, 0));
		ASSERT_TRUE(WIFEXITED(status));
		cnode = WEXITSTATUS(status) - 1;
		ASSERT_LE(0, cnode) TH_LOG("child %d found no node for its page", i);
		same += cnode == pnode;
	}
	TH_LOG("%d of %d children's first page-cache page on their parent's last node", same, NSPREAD);
	EXPECT_LT(0, same);
	EXPECT_GT(NSPREAD, same);

	write_pid(V1, getpid());
	rmdir(grp);
	umount(V1);
}

TEST_HARNESS_MAIN
