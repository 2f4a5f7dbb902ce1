// SPDX-License-Identifier: GPL-2.0
/*
 * audit: syscall auditing of forked tasks, which needs the audit context
 * that copy_process() allocates (audit_alloc) and do_exit() frees after
 * logging the last syscall (audit_free), or their task watchers on the
 * patched kernel.
 *
 * This program is its own audit daemon: it registers its netlink socket
 * with the kernel and reads the records straight from it, so nothing
 * depends on auditd's log files or flushing.  Rules are added with
 * auditctl.  Each test checks one thing:
 *  - a forked child's syscall is audited by an exit rule;
 *  - the record logged at exit still names the executable (audit_free
 *    runs before exit_mm());
 *  - a task "never" rule means a task created under it has no context;
 *  - with fault injection (debug kernel), failing the context's
 *    allocation fails the fork with ENOMEM, and the parent forks again.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/netlink.h>
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest_harness.h"

#define NEVER_UID	4242

/* Send one audit request; with ack, wait for the kernel's answer. */
static int audit_request(int sock, int type, const void *data, size_t len, int ack)
{
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	struct {
		struct nlmsghdr nlh;
		char data[sizeof(struct audit_status)];
	} req = {};
	char buf[8192];
	struct nlmsghdr *nlh;
	ssize_t n;

	req.nlh.nlmsg_len = NLMSG_LENGTH(len);
	req.nlh.nlmsg_type = type;
	req.nlh.nlmsg_flags = NLM_F_REQUEST | (ack ? NLM_F_ACK : 0);
	req.nlh.nlmsg_seq = type;
	memcpy(req.data, data, len);
	if (sendto(sock, &req, req.nlh.nlmsg_len, 0, (void *)&kernel, sizeof(kernel)) < 0)
		return -errno;
	while (ack) {
		n = recv(sock, buf, sizeof(buf), 0);
		if (n < 0)
			return -errno;
		/* records already queued to us may come first: skip them */
		for (nlh = (void *)buf; NLMSG_OK(nlh, n); nlh = NLMSG_NEXT(nlh, n))
			if (nlh->nlmsg_type == NLMSG_ERROR && nlh->nlmsg_seq == (unsigned int)type)
				return ((struct nlmsgerr *)NLMSG_DATA(nlh))->error;
	}
	return 0;
}

/* The kernel's count of lost records, -1 on error. */
static long audit_lost(int sock)
{
	char buf[8192];
	struct nlmsghdr *nlh;
	ssize_t n;

	if (audit_request(sock, AUDIT_GET, NULL, 0, 0))
		return -1;
	for (;;) {
		n = recv(sock, buf, sizeof(buf), 0);
		if (n < 0)
			return -1;
		for (nlh = (void *)buf; NLMSG_OK(nlh, n); nlh = NLMSG_NEXT(nlh, n))
			if (nlh->nlmsg_type == AUDIT_GET)
				return ((struct audit_status *)NLMSG_DATA(nlh))->lost;
	}
}

/* Enable auditing with us as the daemon (pid = us), or neither (0). */
static int audit_daemon(int sock, int on)
{
	struct audit_status s = {
		.mask = AUDIT_STATUS_ENABLED | AUDIT_STATUS_PID,
		.enabled = on,
		.pid = on ? getpid() : 0,
	};

	return audit_request(sock, AUDIT_SET, &s, sizeof(s), 1);
}

/*
 * The next SYSCALL record carrying key="key", as text, in buf; its pid
 * in *pid.  -1 when none came within timeout_ms.
 */
static int next_record(int sock, const char *key, char *buf, size_t len, pid_t *pid,
		       int timeout_ms)
{
	struct pollfd p = { .fd = sock, .events = POLLIN };
	char msg[9000], want[64];
	struct nlmsghdr *nlh;
	const char *s;
	size_t l;
	ssize_t n;

	snprintf(want, sizeof(want), "key=\"%s\"", key);
	while (poll(&p, 1, timeout_ms) == 1) {
		/*
		 * One record per datagram; its nlmsg_len counts only the
		 * text (audit_log_end()), so NLMSG_OK() cannot walk it.
		 */
		n = recv(sock, msg, sizeof(msg) - 1, 0);
		if (n <= 0)
			return -1;
		nlh = (void *)msg;
		if (n < NLMSG_HDRLEN || nlh->nlmsg_type != AUDIT_SYSCALL)
			continue;
		l = n - NLMSG_HDRLEN;
		if (l >= len)
			l = len - 1;
		memcpy(buf, NLMSG_DATA(nlh), l);
		buf[l] = 0;
		s = strstr(buf, " pid=");
		if (!strstr(buf, want) || !s)
			continue;
		*pid = atoi(s + 5);
		return 0;
	}
	return -1;
}

static int auditctl(const char *args)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "auditctl %s > /dev/null", args);
	return system(cmd);
}

FIXTURE(audit) {
	int sock;
};

FIXTURE_SETUP(audit)
{
	self->sock = -1;
	/* no auditctl, no audit: the tests skip (SKIP here would not stop them) */
	if (geteuid() || system("command -v auditctl > /dev/null"))
		return;
	self->sock = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (self->sock < 0)
		return;
	ASSERT_EQ(0, auditctl("-D"));
	ASSERT_EQ(0, audit_daemon(self->sock, 1));
}

FIXTURE_TEARDOWN(audit)
{
	if (self->sock < 0)
		return;
	auditctl("-D");
	audit_daemon(self->sock, 0);
	close(self->sock);
}

#define NEED_AUDIT() do {						\
	if (self->sock < 0)						\
		SKIP(return, "needs root, auditctl and CONFIG_AUDIT");	\
} while (0)

static pid_t fork_and_getcpu(void)
{
	unsigned int cpu;
	pid_t pid = fork();

	if (pid == 0)
		_exit(syscall(SYS_getcpu, &cpu, NULL, NULL) ? 1 : 0);
	return pid;
}

/* A child forked with auditing on has a context: its syscall is audited. */
TEST_F(audit, forked_child_is_audited)
{
	char rec[8192];
	pid_t pid, got;
	int status;

	NEED_AUDIT();
	ASSERT_EQ(0, auditctl("-a exit,always -F arch=b64 -S getcpu -k tw_fork"));
	pid = fork_and_getcpu();
	ASSERT_LT(0, pid);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, status);
	do {
		ASSERT_EQ(0, next_record(self->sock, "tw_fork", rec, sizeof(rec), &got, 10000)) {
			TH_LOG("no record of child %d's getcpu", pid);
		}
	} while (got != pid);
	EXPECT_NE(NULL, strstr(rec, " success=yes "));
}

/*
 * exit_group() never returns: its record is logged by audit_free() in
 * do_exit(), which must run while the task still has its mm, or the
 * record says exe=(null).
 */
TEST_F(audit, exit_record_names_executable)
{
	char rec[8192], exe[4096], want[4200];
	pid_t pid, got;
	ssize_t n;

	NEED_AUDIT();
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	ASSERT_LT(0, n);
	exe[n] = 0;
	snprintf(want, sizeof(want), " exe=\"%s\" ", exe);
	ASSERT_EQ(0, auditctl("-a exit,always -F arch=b64 -S exit_group -k tw_exit"));
	pid = fork();
	if (pid == 0)
		_exit(3);
	ASSERT_LT(0, pid);
	ASSERT_EQ(pid, waitpid(pid, NULL, 0));
	do {
		ASSERT_EQ(0, next_record(self->sock, "tw_exit", rec, sizeof(rec), &got, 10000)) {
			TH_LOG("no record of child %d's exit_group", pid);
		}
	} while (got != pid);
	EXPECT_NE(NULL, strstr(rec, want)) {
		TH_LOG("wanted%s in: %s", want, rec);
	}
}

/*
 * "-a task,never -F uid=U": a task created by uid U gets no audit
 * context, so even an exit,always rule cannot audit it.  The middle
 * task became U after its own fork, so it is audited; its child is not.
 * The child's getcpu() comes first: by the time the middle task's record
 * arrives, the child's would have.
 */
TEST_F(audit, never_rule_leaves_new_task_unaudited)
{
	char rec[8192], arg[64];
	pid_t middle, child, got;
	int p[2], status;
	unsigned int cpu;

	NEED_AUDIT();
	snprintf(arg, sizeof(arg), "-a task,never -F uid=%d", NEVER_UID);
	ASSERT_EQ(0, auditctl(arg));
	ASSERT_EQ(0, auditctl("-a exit,always -F arch=b64 -S getcpu -k tw_never"));
	ASSERT_EQ(0, pipe(p));
	middle = fork();
	ASSERT_LE(0, middle);
	if (middle == 0) {
		if (setresuid(NEVER_UID, NEVER_UID, NEVER_UID))
			_exit(1);
		child = fork_and_getcpu();
		if (child < 0 || waitpid(child, &status, 0) != child || status)
			_exit(2);
		if (write(p[1], &child, sizeof(child)) != sizeof(child))
			_exit(3);
		_exit(syscall(SYS_getcpu, &cpu, NULL, NULL) ? 4 : 0);
	}
	close(p[1]);
	ASSERT_EQ(sizeof(child), read(p[0], &child, sizeof(child)));
	ASSERT_EQ(middle, waitpid(middle, &status, 0));
	ASSERT_EQ(0, status);
	do {
		ASSERT_EQ(0, next_record(self->sock, "tw_never", rec, sizeof(rec), &got, 10000)) {
			TH_LOG("no record of the middle task %d's getcpu", middle);
		}
		EXPECT_NE(child, got) {
			TH_LOG("task %d created under the never rule was audited: %s", child, rec);
		}
	} while (got != middle);
}

#define FAIL_NTH "/proc/thread-self/fail-nth"
#define FAILSLAB "/sys/kernel/debug/failslab/"

static int write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY), ret;

	if (fd < 0)
		return -errno;
	ret = write(fd, s, strlen(s)) == (ssize_t)strlen(s) ? 0 : -errno;
	close(fd);
	return ret;
}

/* A short file's first line, in buf; "" if unreadable. */
static char *read_str(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, len - 1);

	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = 0;
	buf[strcspn(buf, "\n")] = 0;
	return buf;
}

static long read_long(const char *path)
{
	char buf[32];

	return atol(read_str(path, buf, sizeof(buf)));
}

/*
 * Fork with the fork's nth fault-injection point failing.  A child is
 * waited for: the fork could do without what failed.  *err is fork's
 * errno; the return value fork's, or 0 when the fork made fewer than n
 * allocations (nothing failed), -2 on a broken child.
 */
static pid_t fork_failing_nth(int n, int *err)
{
	char nth[16];
	int status;
	pid_t pid;

	snprintf(nth, sizeof(nth), "%d", n);
	if (write_str(FAIL_NTH, nth))
		return -2;
	pid = fork();
	*err = errno;
	if (pid == 0)
		_exit(0);
	if (read_long(FAIL_NTH) > 0) {
		write_str(FAIL_NTH, "0");
		if (pid > 0)
			waitpid(pid, NULL, 0);
		return 0;
	}
	if (pid > 0 && (waitpid(pid, &status, 0) != pid || status))
		return -2;
	return pid;
}

/* Fork and reap a child, to leave a freed thread stack in this CPU's cache. */
static void fork_one(void)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(0);
	if (pid > 0)
		waitpid(pid, NULL, 0);
}

/*
 * Fail the 1st, 2nd, ... slab allocation of a fork (fail-nth) until the
 * failing one is the audit context: audit counts it as a lost record.
 * That fork must fail with ENOMEM and leave no child; every failed fork
 * leaves the parent able to fork again.
 *
 * Which allocation is the context's varies: a fork whose CPU has no
 * cached thread stack first makes vmalloc's.  So the test stays on one
 * CPU, refills its stack cache before each try, and sweeps up to 3 times.
 * A sweep is a few hundred forks: under KASAN on a busy host that takes
 * longer than the harness's default 30 s, hence the explicit timeout.
 */
TEST_F_TIMEOUT(audit, context_alloc_failure_fails_fork, 600)
{
	int n = 0, pass, err, status, audit_n = 0, audit_err = 0;
	char wait[8], verbose[8];
	cpu_set_t cpu;
	long lost;
	pid_t pid;

	NEED_AUDIT();
	if (access(FAIL_NTH, W_OK) || access(FAILSLAB, F_OK))
		SKIP(return, "no fault injection (CONFIG_FAULT_INJECTION, FAILSLAB, debugfs)");
	CPU_ZERO(&cpu);
	CPU_SET(sched_getcpu(), &cpu);
	ASSERT_EQ(0, sched_setaffinity(0, sizeof(cpu), &cpu));
	/* GFP_KERNEL allocations too; quietly: a stack trace fails the boot */
	read_str(FAILSLAB "ignore-gfp-wait", wait, sizeof(wait));
	read_str(FAILSLAB "verbose", verbose, sizeof(verbose));
	ASSERT_EQ(0, write_str(FAILSLAB "ignore-gfp-wait", "N"));
	ASSERT_EQ(0, write_str(FAILSLAB "verbose", "0"));
	for (pass = 0; pass < 3 && !audit_n; pass++) {
		for (n = 1; n < 1000 && !audit_n; n++) {
			fork_one();
			lost = audit_lost(self->sock);
			pid = fork_failing_nth(n, &err);
			if (pid == 0 || pid == -2 || lost < 0)
				break;
			if (audit_lost(self->sock) > lost) {
				audit_n = n;
				audit_err = pid < 0 ? err : 0;
			}
		}
		if (pid == -2 || lost < 0)
			break;
	}
	write_str(FAILSLAB "ignore-gfp-wait", wait);
	write_str(FAILSLAB "verbose", verbose);
	ASSERT_NE(-2, pid) {
		TH_LOG("fail-nth %d: fail-nth unwritable, or the child failed", n);
	}
	ASSERT_LE(0, lost);
	ASSERT_NE(0, audit_n) {
		TH_LOG("no fork allocation up to %d was the audit context's, %d sweeps", n, pass);
	}
	TH_LOG("allocation #%d of the fork is the audit context (sweep %d)", audit_n, pass);
	EXPECT_EQ(ENOMEM, audit_err);
	/* nothing half-made is left to reap */
	EXPECT_EQ(-1, waitpid(-1, NULL, WNOHANG));
	EXPECT_EQ(ECHILD, errno);
	pid = fork();
	if (pid == 0)
		_exit(7);
	ASSERT_LT(0, pid);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(7, WEXITSTATUS(status));
}

TEST_HARNESS_MAIN
