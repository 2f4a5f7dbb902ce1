// SPDX-License-Identifier: GPL-2.0
/*
 * tw_events: which task watcher events fork, exec, set*id and exit raise,
 * counted by the debugfs test watcher (CONFIG_TASK_WATCHERS_DEBUGFS), and
 * that those syscalls behave as on a kernel without task watchers.
 *
 * Every test runs its operation in a child that waits on a pipe until the
 * parent has pointed the watcher at it, so only the operation is counted.
 * Without the test watcher (release and baseline kernels) the behaviour
 * is still checked; only the counts are skipped, and say so.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fsuid.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest_harness.h"

#define TW_DIR "/sys/kernel/debug/task_watchers/"
enum { INIT, CLONE, EXEC, UID, GID, EXIT, FREE, NR_EVENTS };
static const char *const names[NR_EVENTS] = {
	"init", "clone", "exec", "uid", "gid", "exit", "free"
};

struct counts {
	long long n[NR_EVENTS];
	unsigned long long val[NR_EVENTS];
};

static int have_watcher(void)
{
	return access(TW_DIR "counts", R_OK) == 0;
}

static int write_file(const char *path, long long v)
{
	char buf[32];
	int fd = open(path, O_WRONLY), len, ret;

	if (fd < 0)
		return -errno;
	len = snprintf(buf, sizeof(buf), "%lld\n", v);
	ret = write(fd, buf, len) == len ? 0 : -errno;
	close(fd);
	return ret;
}

static int read_counts(struct counts *c)
{
	FILE *f = fopen(TW_DIR "counts", "r");
	char name[16];
	long long n;
	unsigned long long val;
	int i, found = 0;

	if (!f)
		return -errno;
	memset(c, 0, sizeof(*c));
	while (fscanf(f, "%15s %lld %llu", name, &n, &val) == 3)
		for (i = 0; i < NR_EVENTS; i++)
			if (!strcmp(name, names[i])) {
				c->n[i] = n;
				c->val[i] = val;
				found++;
			}
	fclose(f);
	return found == NR_EVENTS ? 0 : -EINVAL;
}

/*
 * The parent is woken by the child's exit before the child's EXIT
 * watchers have run (they follow exit_notify()): give them a moment.
 */
static void settle_counts(struct counts *c, int event, long long want)
{
	int i;

	for (i = 0; i < 200; i++) {
		if (read_counts(c) == 0 && c->n[event] >= want)
			break;
		usleep(10000);
	}
	usleep(20000);
	read_counts(c);
}

typedef int (*op_fn)(void);
static int run_counted_exits(op_fn op, struct counts *c, int exits);
#define run_counted(op, c) run_counted_exits(op, c, 1)

/*
 * Run op() in a child, counted by the watcher from its first instruction,
 * until @exits tasks of it have exited; return the child's wait status.
 */
static int run_counted_exits(op_fn op, struct counts *c, int exits)
{
	int go[2], status;
	pid_t pid;
	char x;

	if (pipe(go))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		close(go[1]);
		if (read(go[0], &x, 1) != 1)
			_exit(100);
		_exit(op());
	}
	close(go[0]);
	if (have_watcher())
		write_file(TW_DIR "pid", pid);
	if (write(go[1], "x", 1) != 1)
		return -1;
	close(go[1]);
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	if (have_watcher()) {
		settle_counts(c, EXIT, exits);
		write_file(TW_DIR "pid", 0);
	}
	return status;
}

#define EXPECT_COUNTS(c, init, clone, exec, uid, gid, exit, free) do {	\
	if (!have_watcher()) {						\
		SKIP(return, "no " TW_DIR " (CONFIG_TASK_WATCHERS_DEBUGFS): counts not checked"); \
	}								\
	EXPECT_EQ(init, (c).n[INIT]);					\
	EXPECT_EQ(clone, (c).n[CLONE]);					\
	EXPECT_EQ(exec, (c).n[EXEC]);					\
	EXPECT_EQ(uid, (c).n[UID]);					\
	EXPECT_EQ(gid, (c).n[GID]);					\
	EXPECT_EQ(exit, (c).n[EXIT]);					\
	EXPECT_EQ(free, (c).n[FREE]);					\
} while (0)

static int op_exit_7(void) { return 7; }

static int op_fork(void)
{
	pid_t pid = fork();
	int status;

	if (pid == 0)
		_exit(0);
	return pid > 0 && waitpid(pid, &status, 0) == pid && status == 0 ? 0 : 1;
}

static void *thread_fn(void *arg) { return arg; }

static int op_thread(void)
{
	pthread_t t;

	if (pthread_create(&t, NULL, thread_fn, NULL))
		return 1;
	return pthread_join(t, NULL) ? 1 : 0;
}

static int op_exec_true(void)
{
	execl("/bin/true", "true", (char *)NULL);
	return 99;
}

static int op_exec_script(void)
{
	execl("/tmp/tw-script.sh", "tw-script.sh", (char *)NULL);
	return 99;
}

static int op_kill_self(void)
{
	kill(getpid(), SIGKILL);
	return 99;
}

/* exit: one EXIT and one FREE, both carrying the exit code (7 << 8). */
TEST(exit_code)
{
	struct counts c;
	int status = run_counted(op_exit_7, &c);

	ASSERT_TRUE(WIFEXITED(status));
	ASSERT_EQ(7, WEXITSTATUS(status));
	EXPECT_COUNTS(c, 0, 0, 0, 0, 0, 1, 1);
	EXPECT_EQ(7 << 8, c.val[EXIT]);
	EXPECT_EQ(7 << 8, c.val[FREE]);
}

/* death by signal: the exit code is the signal number. */
TEST(exit_by_signal)
{
	struct counts c;
	int status = run_counted(op_kill_self, &c);

	ASSERT_TRUE(WIFSIGNALED(status));
	ASSERT_EQ(SIGKILL, WTERMSIG(status));
	EXPECT_COUNTS(c, 0, 0, 0, 0, 0, 1, 1);
	EXPECT_EQ(SIGKILL, c.val[EXIT]);
}

/*
 * fork: one INIT and one CLONE raised by the parent.  val is the clone
 * flags as copy_process() sees them: glibc's CLONE_CHILD_SETTID, and no
 * exit signal, which the kernel keeps apart (kernel_clone_args).
 */
TEST(fork_one_child)
{
	struct counts c;
	int status = run_counted(op_fork, &c);

	ASSERT_EQ(0, status);
	EXPECT_COUNTS(c, 1, 1, 0, 0, 0, 1, 1);
	EXPECT_TRUE(c.val[CLONE] & CLONE_CHILD_SETTID);
	EXPECT_EQ(0, c.val[CLONE] & (CLONE_THREAD | CSIGNAL));
	EXPECT_EQ(c.val[CLONE], c.val[INIT]);
}

/*
 * fork with irq-flag tracing (CONFIG_TRACE_IRQFLAGS, lockdep): the new
 * task's event counter and softirq state are reset at INIT, not copied
 * from the parent, whose counter is never 0 once it has run.
 * The test watcher records them after the INIT watchers linked before it
 * (softirq.c's irqtrace_task_init among them).
 */
TEST(fork_irqtrace_starts_afresh)
{
	struct counts c;
	unsigned int events = ~0u;
	int enabled = -1;
	FILE *f;

	if (access(TW_DIR "init_irqtrace", R_OK))
		SKIP(return, "no " TW_DIR "init_irqtrace (CONFIG_TRACE_IRQFLAGS)");
	ASSERT_EQ(0, run_counted(op_fork, &c));
	ASSERT_EQ(1, c.n[INIT]);
	f = fopen(TW_DIR "init_irqtrace", "r");
	ASSERT_NE(NULL, f);
	ASSERT_EQ(2, fscanf(f, "%u %d", &events, &enabled));
	fclose(f);
	EXPECT_EQ(0, events);
	EXPECT_EQ(1, enabled);
}

/* a thread: INIT and CLONE with CLONE_THREAD, then its own EXIT/FREE. */
TEST(thread)
{
	struct counts c;
	int status = run_counted_exits(op_thread, &c, 2);

	ASSERT_EQ(0, status);
	EXPECT_COUNTS(c, 1, 1, 0, 0, 0, 2, 2);
	EXPECT_TRUE(c.val[CLONE] & CLONE_THREAD);
}

/* exec of an ELF binary: exactly one EXEC, val is the pid. */
TEST(exec_elf)
{
	struct counts c;
	int status = run_counted(op_exec_true, &c);

	ASSERT_EQ(0, status);
	EXPECT_COUNTS(c, 0, 0, 1, 0, 0, 1, 1);
}

/* exec of a #! script: still exactly one EXEC (2006: once per binfmt). */
TEST(exec_script)
{
	struct counts c;
	static const char script[] = "#!/bin/sh\nexit 0\n";
	int fd = open("/tmp/tw-script.sh", O_WRONLY | O_CREAT | O_TRUNC, 0755);
	int status;

	ASSERT_LE(0, fd);
	ASSERT_EQ(sizeof(script) - 1, write(fd, script, sizeof(script) - 1));
	close(fd);
	status = run_counted(op_exec_script, &c);
	ASSERT_EQ(0, status);
	EXPECT_COUNTS(c, 0, 0, 1, 0, 0, 1, 1);
}

/* Each op changes ids, or not; returns 0 when the syscalls did as told. */
static int op_setuid_same(void) { return setuid(0) ? 1 : getuid() != 0; }
static int op_setresuid_none(void) { return setresuid(-1, -1, -1) ? 1 : 0; }
static int op_setfsuid(void) { setfsuid(1234); return setfsuid(-1) != 1234; }
static int op_setreuid(void) { return setreuid(0, 1000) ? 1 : geteuid() != 1000; }
static int op_setuid(void) { return setuid(1000) ? 1 : getuid() != 1000; }
static int op_setresuid(void) { return setresuid(1000, 1000, 1000) ? 1 : 0; }
static int op_setgid(void) { return setgid(4321) ? 1 : getgid() != 4321; }
static int op_setgid_same(void) { return setgid(0) ? 1 : 0; }
static int op_setfsgid(void) { setfsgid(4321); return setfsgid(-1) != 4321; }
static int op_setregid(void) { return setregid(-1, 4321) ? 1 : getegid() != 4321; }
static int op_setresgid(void) { return setresgid(4321, 4321, 4321) ? 1 : 0; }

/* Raw syscall, since glibc would refuse nothing here anyway. */
static int op_setgroups(void)
{
	gid_t g[] = { 5, 6 };

	return syscall(SYS_setgroups, 2, g) ? 1 : 0;
}

/* A non-root user execs a setuid-root binary: the exec changes euid. */
static int op_setuid_exec(void)
{
	if (setresuid(1000, 1000, 1000))
		return 1;
	execl("/tmp/tw-suid-true", "tw-suid-true", (char *)NULL);
	return 99;
}

/* val of UID and GID: which ids changed (TASK_WATCHER_ID_* in the kernel) */
#define ID_R	1	/* real */
#define ID_E	2	/* effective */
#define ID_S	4	/* saved */
#define ID_F	8	/* filesystem */
#define ID_ALL	(ID_R | ID_E | ID_S | ID_F)

/*
 * op changes ids; the UID and GID events must fire @uid and @gid times,
 * and the last one's val must name exactly the ids that changed.
 */
#define ID_TEST(name, op, uid, gid, mask)				\
TEST(ids_##name)								\
{									\
	struct counts c;						\
	int status;							\
									\
	if (geteuid() != 0)						\
		SKIP(return, "needs root");				\
	status = run_counted(op, &c);					\
	ASSERT_EQ(0, status);						\
	EXPECT_COUNTS(c, 0, 0, 0, uid, gid, 1, 1);			\
	EXPECT_EQ(mask, c.val[uid ? UID : GID]);			\
}

ID_TEST(setuid_unchanged, op_setuid_same, 0, 0, 0)
ID_TEST(setresuid_unchanged, op_setresuid_none, 0, 0, 0)
ID_TEST(setfsuid, op_setfsuid, 1, 0, ID_F)
ID_TEST(setreuid, op_setreuid, 1, 0, ID_E | ID_S | ID_F)
ID_TEST(setuid, op_setuid, 1, 0, ID_ALL)
ID_TEST(setresuid, op_setresuid, 1, 0, ID_ALL)
ID_TEST(setgid, op_setgid, 0, 1, ID_ALL)
ID_TEST(setgid_unchanged, op_setgid_same, 0, 0, 0)
ID_TEST(setfsgid, op_setfsgid, 0, 1, ID_F)
ID_TEST(setregid, op_setregid, 0, 1, ID_E | ID_S | ID_F)
ID_TEST(setresgid, op_setresgid, 0, 1, ID_ALL)
ID_TEST(setgroups_is_not_an_id_change, op_setgroups, 0, 0, 0)

/* setresuid to 1000 (one UID), then the setuid exec back to 0 (another). */
TEST(setuid_exec)
{
	struct counts c;
	int status;

	if (geteuid() != 0)
		SKIP(return, "needs root");
	ASSERT_EQ(0, system("cp /bin/true /tmp/tw-suid-true && chmod 4755 /tmp/tw-suid-true"));
	status = run_counted(op_setuid_exec, &c);
	ASSERT_EQ(0, status);
	EXPECT_COUNTS(c, 0, 0, 1, 2, 0, 1, 1);
}

/*
 * An INIT watcher's error fails the fork with that errno, runs the FREE
 * watchers, and leaves the parent able to fork again.
 */
TEST(init_failure)
{
	struct counts c;
	pid_t pid;
	int status;

	if (!have_watcher())
		SKIP(return, "no " TW_DIR " (CONFIG_TASK_WATCHERS_DEBUGFS)");
	ASSERT_EQ(0, write_file(TW_DIR "pid", getpid()));
	ASSERT_EQ(0, write_file(TW_DIR "init_return", -ENOTRECOVERABLE));
	pid = fork();
	if (pid == 0)
		_exit(0);
	write_file(TW_DIR "init_return", 0);
	EXPECT_EQ(-1, pid);
	EXPECT_EQ(ENOTRECOVERABLE, errno);
	ASSERT_EQ(0, read_counts(&c));
	write_file(TW_DIR "pid", 0);
	EXPECT_EQ(1, c.n[INIT]);
	EXPECT_EQ(0, c.n[CLONE]);
	EXPECT_EQ(1, c.n[FREE]);
	EXPECT_EQ(0, c.val[FREE]);

	pid = fork();
	if (pid == 0)
		_exit(3);
	ASSERT_LT(0, pid);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(3, WEXITSTATUS(status));
}

/*
 * A line in the kernel log, for scripts/test/check-console.sh's markers:
 * one write(), as the log takes a record per write.  (Not dprintf():
 * glibc's attaches a FILE to the fd, whose lseek(SEEK_CUR) /dev/kmsg
 * refuses with EINVAL, and then writes nothing.)
 */
static void kmsg(const char *line)
{
	int fd = open("/dev/kmsg", O_WRONLY);

	if (fd >= 0) {
		if (write(fd, line, strlen(line)) < 0)
			perror("/dev/kmsg");
		close(fd);
	}
}

/*
 * A watcher returns 0 or a negative errno.  Anything else, a positive
 * value (the 2006 watchers returned NOTIFY_OK) or one below -MAX_ERRNO,
 * would reach kernel_clone() as a task pointer: the walk warns once,
 * naming the watcher, and the fork goes on as if INIT had returned 0.
 * The warning is expected between the tw-bad-return markers
 * (scripts/test/check-console.sh).
 */
TEST(init_bad_return)
{
	static const long long bad[] = { 1, -4096 /* -(MAX_ERRNO + 1) */ };
	struct counts c;
	unsigned int i;
	pid_t pid;
	int status;

	if (!have_watcher())
		SKIP(return, "no " TW_DIR " (CONFIG_TASK_WATCHERS_DEBUGFS)");
	kmsg("tw-bad-return: begin");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ASSERT_EQ(0, write_file(TW_DIR "pid", getpid()));
		ASSERT_EQ(0, write_file(TW_DIR "init_return", bad[i]));
		pid = fork();
		if (pid == 0)
			_exit(3);
		write_file(TW_DIR "init_return", 0);
		ASSERT_LT(0, pid) TH_LOG("INIT returning %lld failed the fork: %s",
					 bad[i], strerror(errno));
		ASSERT_EQ(pid, waitpid(pid, &status, 0));
		EXPECT_EQ(3, WEXITSTATUS(status));
		ASSERT_EQ(0, read_counts(&c));
		write_file(TW_DIR "pid", 0);
		EXPECT_EQ(1, c.n[INIT]);
		EXPECT_EQ(1, c.n[CLONE]);
	}
	kmsg("tw-bad-return: end");
	/* once: the first bad value warns, the second is only ignored */
	EXPECT_EQ(0, system("test \"$(dmesg | grep -c 'task watcher tw_debugfs_init returned')\" = 1 && "
			    "dmesg | grep -q 'task watcher tw_debugfs_init returned 1, not 0 or a negative errno'"));
}

TEST_HARNESS_MAIN
