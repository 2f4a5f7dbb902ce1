// SPDX-License-Identifier: GPL-2.0
/*
 * fail_nth OP: fail the 1st, 2nd, ... fault-injection point that OP
 * reaches in this thread (/proc/thread-self/fail-nth), until OP runs with
 * the injection left unused.  Every step must fail cleanly, with an errno,
 * or succeed despite the failure (an allocation with a fallback); the
 * process must stay usable.  OP is one of:
 *
 *   fork    fork() + wait: copy_process() and the INIT/FREE watchers
 *   exec    execve() of a static binary, in a forked child, + wait
 *   setuid  setresuid() to another uid and back: commit_creds(), UID
 *
 * Prints one line per step ("n=3 fork: ENOMEM") and a summary line
 * "fail_nth OP: N injections, M failed cleanly, 0 bad"; exits 1 if any step
 * went wrong.  Needs CONFIG_FAULT_INJECTION with failslab or
 * fail_page_alloc set to fail sleeping allocations (tests/70-fail-nth.sh).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#define MAX_STEPS 5000
#define KILLED 1000	/* op_exec(): the child was killed by signal (ret - KILLED) */

static int fail_nth_fd;
static int exec_nth;	/* the step op_exec() arms in its child */

static void arm(int n)
{
	char buf[16];
	int len = snprintf(buf, sizeof(buf), "%d", n);

	if (pwrite(fail_nth_fd, buf, len, 0) != len) {
		perror("fail-nth");
		exit(2);
	}
}

/* Reading 0 means the armed injection happened; non-zero, not reached. */
static int injected(void)
{
	char buf[16] = "";

	if (pread(fail_nth_fd, buf, sizeof(buf) - 1, 0) <= 0) {
		perror("fail-nth");
		exit(2);
	}
	arm(0);
	return atoi(buf) == 0;
}

/* Returns 0 on success, else an errno; the child's status must be 0. */
static int op_fork(void)
{
	int status, err;
	pid_t pid = fork();

	err = errno;
	if (pid == 0)
		_exit(0);
	if (pid < 0)
		return err;
	if (waitpid(pid, &status, 0) != pid || status)
		return -1;
	return 0;
}

/*
 * exec runs in the child, whose fail-nth starts at 0: the child arms its
 * own, and the parent reads it back from the zombie before reaping it.
 */
static int exec_injected;

static int op_exec(void)
{
	char path[64], buf[16] = "";
	int status, err, fd, n = exec_nth;
	siginfo_t info;
	pid_t pid = fork();

	err = errno;
	if (pid == 0) {
		/* the inherited fd is the parent's thread-self: open our own */
		fail_nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
		if (n)
			arm(n);
		execl("/opt/tw/bin/true-static", "true-static", (char *)NULL);
		_exit(100 + errno);
	}
	if (pid < 0)
		return err;
	exec_injected = 0;
	if (waitid(P_PID, pid, &info, WEXITED | WNOWAIT))
		return -1;
	snprintf(path, sizeof(path), "/proc/%d/task/%d/fail-nth", pid, pid);
	fd = open(path, O_RDONLY);
	if (fd >= 0 && read(fd, buf, sizeof(buf) - 1) > 0)
		exec_injected = n && atoi(buf) == 0;
	if (fd >= 0)
		close(fd);
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	/* an exec that failed cleanly exits 100 + errno */
	if (WIFEXITED(status) && WEXITSTATUS(status) > 100)
		return WEXITSTATUS(status) - 100;
	/*
	 * Past exec's point of no return, or in the new image's first page
	 * faults, a failed allocation can only kill the task: that is the
	 * kernel's defined answer, and clean if nothing leaks or splats.
	 */
	if (WIFSIGNALED(status) && (WTERMSIG(status) == SIGSEGV ||
				    WTERMSIG(status) == SIGBUS ||
				    WTERMSIG(status) == SIGKILL))
		return KILLED + WTERMSIG(status);
	return status ? -1 : 0;
}

/* euid to 4242 and back; either commit_creds() path may be failed */
static int op_setuid(void)
{
	int err;

	if (setresuid(-1, 4242, -1))
		return errno;
	if (!setresuid(-1, 0, -1))
		return 0;
	err = errno;
	/* the injection is spent: going back must work now */
	return setresuid(-1, 0, -1) ? -1 : err;
}

int main(int argc, char **argv)
{
	int (*op)(void) = NULL;
	int n, ret, inj = 0, clean = 0, bad = 0;

	if (argc == 2 && !strcmp(argv[1], "fork"))
		op = op_fork;
	else if (argc == 2 && !strcmp(argv[1], "exec"))
		op = op_exec;
	else if (argc == 2 && !strcmp(argv[1], "setuid"))
		op = op_setuid;
	if (!op) {
		fprintf(stderr, "usage: fail_nth fork|exec|setuid\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	fail_nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
	if (fail_nth_fd < 0) {
		perror("/proc/thread-self/fail-nth");
		return 2;
	}
	for (n = 1; n <= MAX_STEPS; n++) {
		if (op == op_exec) {
			exec_nth = n;
			ret = op();
			exec_nth = 0;
		} else {
			arm(n);
			ret = op();
		}
		if (op == op_exec ? !exec_injected : !injected()) {
			/* OP no longer reaches an n-th point: the sweep is done */
			if (ret) {
				printf("n=%d %s: failed (%d) with no injection\n", n, argv[1], ret);
				bad++;
			}
			break;
		}
		inj++;
		if (ret > KILLED) {
			clean++;
			printf("n=%d %s: killed by %s\n", n, argv[1], strsignal(ret - KILLED));
		} else if (ret > 0) {
			clean++;
			printf("n=%d %s: %s\n", n, argv[1], strerror(ret));
		} else if (ret < 0) {
			bad++;
			printf("n=%d %s: BAD (child status or state)\n", n, argv[1]);
		}
		/* the parent must still be able to do it, uninjected */
		if (op()) {
			bad++;
			printf("n=%d %s: BAD, fails again with no injection\n", n, argv[1]);
		}
	}
	if (n > MAX_STEPS) {
		printf("%s: still injecting after %d steps\n", argv[1], MAX_STEPS);
		bad++;
	}
	printf("fail_nth %s: %d injections, %d failed cleanly, %d bad\n",
	       argv[1], inj, clean, bad);
	return bad ? 1 : 0;
}
