// SPDX-License-Identifier: GPL-2.0
/*
 * forkbench MODE N: time N iterations of one task-lifecycle operation and
 * print "MODE N nsecs rate/s".  Under QEMU with -icount shift=0 the guest
 * clock follows executed instructions, so the figure measures the kernel
 * path, not the host's load.
 *   fork     fork + _exit + waitpid
 *   vfork    vfork + _exit + waitpid
 *   clone    clone(SIGCHLD), a process on its own stack, + waitpid
 *   cthread  clone(CLONE_THREAD | CLONE_VM | ...), waited for through
 *            CLONE_CHILD_CLEARTID, as pthread_join() does
 *   thread   pthread_create + pthread_join
 *   exec     fork + exec of a static binary (argv[3], default
 *            /opt/tw/bin/true-static) + wait
 *   setuid   setresuid() to another euid and back: two commit_creds()
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define STACK_SIZE (64 * 1024)

static const char *exec_path = "/opt/tw/bin/true-static";
static char *stack;

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int reap(pid_t pid)
{
	int status;

	if (pid < 0 || waitpid(pid, &status, 0) != pid || status != 0)
		return -1;
	return 0;
}

static int op_fork(void)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(0);
	return reap(pid);
}

static int op_vfork(void)
{
	pid_t pid = vfork();

	if (pid == 0)
		_exit(0);
	return reap(pid);
}

static int op_exec(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		execl(exec_path, exec_path, (char *)NULL);
		_exit(127);
	}
	return reap(pid);
}

static int child_fn(void *arg)
{
	return 0;
}

static int op_clone(void)
{
	return reap(clone(child_fn, stack + STACK_SIZE, SIGCHLD, NULL));
}

/* A thread that exits at once; the kernel clears *tid and wakes us. */
static int thread_exit_fn(void *arg)
{
	syscall(SYS_exit, 0);
	return 0;
}

static int op_cthread(void)
{
	static pid_t tid;
	pid_t t;

	tid = 1;
	t = clone(thread_exit_fn, stack + STACK_SIZE,
		  CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD |
		  CLONE_SYSVSEM | CLONE_CHILD_CLEARTID | CLONE_CHILD_SETTID,
		  NULL, NULL, NULL, &tid);
	if (t < 0)
		return -1;
	while ((t = __atomic_load_n(&tid, __ATOMIC_ACQUIRE)))
		syscall(SYS_futex, &tid, FUTEX_WAIT, t, NULL, NULL, 0);
	return 0;
}

static void *thread_fn(void *arg)
{
	return arg;
}

static int op_thread(void)
{
	pthread_t t;

	if (pthread_create(&t, NULL, thread_fn, NULL))
		return -1;
	return pthread_join(t, NULL) ? -1 : 0;
}

static int op_setuid(void)
{
	if (setresuid(-1, 4242, -1) || setresuid(-1, 0, -1))
		return -1;
	return 0;
}

static const struct {
	const char *name;
	int (*op)(void);
} modes[] = {
	{ "fork", op_fork }, { "vfork", op_vfork }, { "clone", op_clone },
	{ "cthread", op_cthread }, { "thread", op_thread }, { "exec", op_exec },
	{ "setuid", op_setuid },
};

int main(int argc, char **argv)
{
	int (*op)(void) = NULL;
	long long t0, ns;
	int i, n, rc = 0;
	size_t m;

	for (m = 0; argc >= 3 && m < sizeof(modes) / sizeof(modes[0]); m++)
		if (!strcmp(argv[1], modes[m].name))
			op = modes[m].op;
	if (!op || (n = atoi(argv[2])) <= 0) {
		fprintf(stderr, "usage: forkbench fork|vfork|clone|cthread|thread|exec|setuid N [binary]\n");
		return 2;
	}
	if (argc > 3)
		exec_path = argv[3];
	stack = malloc(STACK_SIZE);
	if (!stack)
		return 1;
	t0 = now_ns();
	for (i = 0; i < n && !rc; i++)
		rc = op();
	ns = now_ns() - t0;
	if (rc) {
		fprintf(stderr, "forkbench: %s failed at iteration %d: %s\n", argv[1], i - 1,
			strerror(errno));
		return 1;
	}
	printf("%s %d %lld %.1f\n", argv[1], n, ns, n * 1e9 / ns);
	return 0;
}
