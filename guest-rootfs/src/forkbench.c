// SPDX-License-Identifier: GPL-2.0
/*
 * forkbench MODE N: time N iterations of one task-lifecycle operation and
 * print "MODE N nsecs rate/s".  Under QEMU with -icount shift=0 the guest
 * clock follows executed instructions, so the figure measures the kernel
 * path, not the host's load.
 *   fork    fork + _exit + waitpid
 *   exec    fork + exec of a static binary (argv[3], default
 *           /opt/tw/bin/true-static) + wait
 *   thread  pthread_create + pthread_join
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

static const char *exec_path = "/opt/tw/bin/true-static";

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int one_fork(int do_exec)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (do_exec)
			execl(exec_path, exec_path, (char *)NULL);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid || status != 0)
		return -1;
	return 0;
}

static void *thread_fn(void *arg)
{
	return arg;
}

static int one_thread(void)
{
	pthread_t t;

	if (pthread_create(&t, NULL, thread_fn, NULL))
		return -1;
	return pthread_join(t, NULL) ? -1 : 0;
}

int main(int argc, char **argv)
{
	long long t0, ns;
	int i, n, rc = 0;
	const char *mode;

	if (argc < 3 || (n = atoi(argv[2])) <= 0) {
		fprintf(stderr, "usage: forkbench fork|exec|thread N [binary]\n");
		return 2;
	}
	mode = argv[1];
	if (argc > 3)
		exec_path = argv[3];
	t0 = now_ns();
	for (i = 0; i < n && !rc; i++) {
		if (!strcmp(mode, "fork"))
			rc = one_fork(0);
		else if (!strcmp(mode, "exec"))
			rc = one_fork(1);
		else if (!strcmp(mode, "thread"))
			rc = one_thread();
		else
			rc = -2;
	}
	ns = now_ns() - t0;
	if (rc) {
		fprintf(stderr, "forkbench: %s failed at iteration %d\n", mode, i);
		return 1;
	}
	printf("%s %d %lld %.1f\n", mode, n, ns, n * 1e9 / ns);
	return 0;
}
