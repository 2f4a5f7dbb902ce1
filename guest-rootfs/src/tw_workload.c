// SPDX-License-Identifier: GPL-2.0
/*
 * tw_workload: raise every task watcher event through every path, once,
 * for the tracing checks in tracing/ (bpftrace and trace-cmd):
 *
 *   fork, vfork, clone() of a process, clone(CLONE_THREAD), pthread;
 *   exec of an ELF and of a #! script;
 *   each set*id syscall, and a setuid-root exec by a non-root user;
 *   exit by return, by signal, and by exit_group() from a second thread;
 *   a fork that fails in INIT (if the debugfs test watcher is there).
 *
 * Every step is checked; the exit status is the number of steps that
 * went wrong, and each one prints a line saying what happened.
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
#include <unistd.h>
#include <sys/fsuid.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#define INIT_RETURN "/sys/kernel/debug/task_watchers/init_return"
#define WATCH_PID "/sys/kernel/debug/task_watchers/pid"
#define SUID_TRUE "/tmp/tw-workload-suid-true"
#define SCRIPT "/tmp/tw-workload-script"

static int failures;

static void step(const char *what, int ok)
{
	printf("%s %s\n", ok ? "ok:  " : "FAIL:", what);
	failures += !ok;
}

/* Wait for pid; true if it ended the way @want_status says. */
static int reaped(pid_t pid, int want_status)
{
	int status;

	return pid > 0 && waitpid(pid, &status, __WALL) == pid &&
	       status == want_status;
}

#define EXITED(code)	((code) << 8)
#define KILLED(sig)	(sig)

static int child_exits(void *code)
{
	_exit((long)code);
}

static void do_fork(void)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(3);
	step("fork, child exits 3", reaped(pid, EXITED(3)));
}

static void do_vfork(void)
{
	pid_t pid = vfork();

	if (pid == 0)
		_exit(4);
	step("vfork, child exits 4", reaped(pid, EXITED(4)));
}

static void do_clone_process(void)
{
	static char stack[64 * 1024] __attribute__((aligned(16)));
	pid_t pid = clone(child_exits, stack + sizeof(stack), SIGCHLD,
			  (void *)5L);

	step("clone(SIGCHLD), child exits 5", reaped(pid, EXITED(5)));
}

static int thread_fn(void *arg)
{
	/* a raw thread: leave with the exit syscall, not exit_group */
	syscall(SYS_exit, 0);
	return 0;
}

static void do_clone_thread(void)
{
	static char stack[64 * 1024] __attribute__((aligned(16)));
	volatile pid_t tid = 1;
	pid_t ret;
	int i;

	ret = clone(thread_fn, stack + sizeof(stack),
		    CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND |
		    CLONE_THREAD | CLONE_SYSVSEM | CLONE_CHILD_CLEARTID,
		    NULL, NULL, NULL, &tid);
	/* CLONE_CHILD_CLEARTID zeroes tid when the thread is gone */
	for (i = 0; ret > 0 && tid && i < 5000; i++)
		usleep(1000);
	step("clone(CLONE_THREAD), thread exits", ret > 0 && !tid);
}

static void *pthread_fn(void *arg)
{
	return arg;
}

static void do_pthread(void)
{
	pthread_t t;
	void *ret = NULL;

	step("pthread_create/join",
	     !pthread_create(&t, NULL, pthread_fn, (void *)6L) &&
	     !pthread_join(t, &ret) && ret == (void *)6L);
}

static void do_exec(const char *path, const char *what)
{
	pid_t pid = fork();

	if (pid == 0) {
		execl(path, path, (char *)NULL);
		_exit(127);
	}
	step(what, reaped(pid, EXITED(0)));
}

/* Each set*id call in a child of its own, as root; each changes ids. */
static int setids(void)
{
	return setuid(0) || setgid(0) ||
	       setreuid(-1, 1001) || setreuid(-1, 0) ||
	       setregid(-1, 1001) || setregid(-1, 0) ||
	       setresuid(-1, 1002, -1) || setresuid(-1, 0, -1) ||
	       setresgid(-1, 1002, -1) || setresgid(-1, 0, -1) ||
	       setfsuid(1003) != 0 || setfsgid(1003) != 0 ||
	       setgid(1004) || setuid(1004);
}

static void do_setids(void)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(setids());
	step("setuid, setgid, setre[ug]id, setres[ug]id, setfs[ug]id",
	     reaped(pid, EXITED(0)));
}

static void do_setuid_exec(void)
{
	pid_t pid;

	if (system("cp /bin/true " SUID_TRUE " && chmod 4755 " SUID_TRUE)) {
		step("setuid exec: copy /bin/true", 0);
		return;
	}
	pid = fork();
	if (pid == 0) {
		if (setresuid(1000, 1000, 1000))
			_exit(126);
		execl(SUID_TRUE, SUID_TRUE, (char *)NULL);
		_exit(127);
	}
	step("setuid-root exec by uid 1000", reaped(pid, EXITED(0)));
}

static void do_killed(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		pause();
		_exit(0);
	}
	kill(pid, SIGKILL);
	step("child killed by SIGKILL", reaped(pid, KILLED(SIGKILL)));
}

static void *exit_group_fn(void *arg)
{
	exit(7);	/* exit_group() from the second thread */
}

static void do_exit_group(void)
{
	pid_t pid = fork();
	pthread_t t;

	if (pid == 0) {
		if (pthread_create(&t, NULL, exit_group_fn, NULL) == 0)
			pause();
		_exit(1);
	}
	step("exit_group(7) from a second thread", reaped(pid, EXITED(7)));
}

static int write_file(const char *path, long v)
{
	char buf[32];
	int fd = open(path, O_WRONLY), len, ok;

	if (fd < 0)
		return 0;
	len = snprintf(buf, sizeof(buf), "%ld\n", v);
	ok = write(fd, buf, len) == len;
	close(fd);
	return ok;
}

/* The debugfs test watcher fails INIT for tasks of the watched tgid. */
static void do_failed_fork(void)
{
	pid_t pid;

	if (access(INIT_RETURN, W_OK)) {
		printf("skip: fork failing in INIT (no %s)\n", INIT_RETURN);
		return;
	}
	write_file(WATCH_PID, getpid());
	write_file(INIT_RETURN, -ENOTRECOVERABLE);
	pid = fork();
	if (pid == 0)
		_exit(0);
	write_file(INIT_RETURN, 0);
	write_file(WATCH_PID, 0);
	step("fork failing in INIT returns ENOTRECOVERABLE",
	     pid == -1 && errno == ENOTRECOVERABLE);
}

int main(void)
{
	int fd;

	setvbuf(stdout, NULL, _IOLBF, 0);
	fd = open(SCRIPT, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	if (fd < 0 || write(fd, "#!/bin/true\n", 12) != 12 || close(fd)) {
		perror(SCRIPT);
		return 1;
	}
	do_fork();
	do_vfork();
	do_clone_process();
	do_clone_thread();
	do_pthread();
	do_exec("/bin/true", "exec of an ELF binary");
	do_exec(SCRIPT, "exec of a #! script");
	if (geteuid() == 0) {
		do_setids();
		do_setuid_exec();
	} else {
		printf("skip: set*id and setuid exec need root\n");
	}
	do_killed();
	do_exit_group();
	do_failed_fork();
	printf("%d failed\n", failures);
	return failures;
}
