// SPDX-License-Identifier: GPL-2.0
/*
 * fork_window N: the forks that 63-fork-window traces around sched_fork(),
 * the start of the scheduler's fork window (6.12's sched_ext takes
 * scx_fork_rwsem in it, until sched_post_fork() or sched_cancel_fork()):
 *
 *   fork       N forks that succeed
 *   bad-cgroup clone3(CLONE_INTO_CGROUP) with a closed fd as the cgroup:
 *              cgroup_can_fork() fails it with EBADF, after sched_fork()
 *   deadline   a fork by a SCHED_DEADLINE task: sched_fork() itself
 *              refuses it with EAGAIN (before sched_ext's window opens)
 *   after      back to SCHED_OTHER, a fork that succeeds
 *
 * fork_window --scx: one fork, with guest-rootfs/bpf/tw_failfork.bpf.c
 * loaded (6.12's sched_ext), which refuses this program's forks:
 *   scx        sched_cgroup_fork() fails it with ENOMEM (through
 *              scx_fork() and the scheduler's ops.init_task())
 *
 * Prints "STEP: RESULT" per step (RESULT "ok", or the errno's name) and
 * exits 1 if a step's result is not the one above.  Each child names
 * itself "fw-child" before it exits, so that the FREE dispatch of a
 * reaped child is told apart from that of a failed fork's child, which
 * never ran and keeps this program's name.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/sched.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#define CLOSED_FD 1000	/* no fd this program opens gets that high */

struct dl_attr {	/* struct sched_attr, as sched_setattr(2) gives it */
	uint32_t size, policy;
	uint64_t flags;
	int32_t nice;
	uint32_t prio;
	uint64_t runtime, deadline, period;
};

static int bad;

static void child(void)
{
	prctl(PR_SET_NAME, "fw-child");
	_exit(0);
}

/* reaps a child that must exit 0; returns 0 or -1 */
static int reap(pid_t pid)
{
	int status;

	return waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	       !WEXITSTATUS(status) ? 0 : -1;
}

/* fork() + reap: 0, or the errno */
static int do_fork(void)
{
	pid_t pid = fork();

	if (pid == 0)
		child();
	if (pid < 0)
		return errno;
	return reap(pid) ? -1 : 0;
}

static int clone_into_bad_cgroup(void)
{
	struct clone_args args = {
		.flags = CLONE_INTO_CGROUP,
		.exit_signal = SIGCHLD,
		.cgroup = CLOSED_FD,
	};
	long pid;

	close(CLOSED_FD);
	pid = syscall(SYS_clone3, &args, sizeof(args));
	if (pid == 0)
		child();
	if (pid < 0)
		return errno;
	return reap(pid) ? -1 : 0;
}

/* 10 ms every 100 ms: admitted beside anything else the guest runs */
static int set_deadline(int on)
{
	struct dl_attr attr = { .size = sizeof(attr) };

	if (on) {
		attr.policy = SCHED_DEADLINE;
		attr.runtime = 10 * 1000 * 1000;
		attr.deadline = attr.period = 100 * 1000 * 1000;
	}
	return syscall(SYS_sched_setattr, 0, &attr, 0) ? errno : 0;
}

static void step(const char *name, int got, int want)
{
	printf("%s: %s\n", name, got < 0 ? "child failed" : got ? strerrorname_np(got) : "ok");
	if (got != want)
		bad = 1;
}

int main(int argc, char **argv)
{
	int i, n = argc == 2 ? atoi(argv[1]) : 0, err = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 2 && !strcmp(argv[1], "--scx")) {
		step("scx", do_fork(), ENOMEM);
		return bad;
	}
	if (n <= 0) {
		fprintf(stderr, "usage: fork_window N | --scx\n");
		return 2;
	}
	for (i = 0; i < n && !err; i++)
		err = do_fork();
	step("fork", err, 0);
	step("bad-cgroup", clone_into_bad_cgroup(), EBADF);
	err = set_deadline(1);
	if (err) {
		step("sched_setattr(SCHED_DEADLINE)", err, 0);
		return 1;
	}
	step("deadline", do_fork(), EAGAIN);
	step("sched_setattr(SCHED_OTHER)", set_deadline(0), 0);
	step("after", do_fork(), 0);
	return bad;
}
