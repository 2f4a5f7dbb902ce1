// SPDX-License-Identifier: GPL-2.0
/*
 * cn_workload: one of each event the proc connector reports, from known
 * tasks, with known values, for tests/40-cn-proc.sh to find among the
 * events of the rest of the system.
 *
 * The parent forks a child and prints "parent=P child=C".  The child
 * first execs a script whose interpreter does not exist: that exec fails
 * in the binfmt loop, before the point of no return, and must raise no
 * exec event.  It then execs this (static) binary again as
 * "cn_workload child", which starts
 * and joins one thread (printing "thread=T"), then, as root, sets its ids
 * to root again (no change, no event), its gids and uids to the values
 * below, its fsgid and its fsuid alone, and exits with CHILD_EXIT.  The
 * parent exits 0 if the child did all that, 1 otherwise.
 *
 * Event order for the child: fork, exec, fork of the thread, gid, gid (fs),
 * uid, uid (fs), exit (gids first: without root the child could not).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/fsuid.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define CHILD_EXIT	42
#define RUID		1001
#define EUID		1002
#define SUID		1003
#define RGID		2001
#define EGID		2002
#define SGID		2003
#define NO_INTERP	"/tmp/cn_workload-no-interpreter"

static void *thread_fn(void *arg)
{
	printf("thread=%ld\n", syscall(SYS_gettid));
	fflush(stdout);
	return NULL;
}

static int child(void)
{
	pthread_t t;

	if (pthread_create(&t, NULL, thread_fn, NULL) || pthread_join(t, NULL))
		return 10;
	/* root to root: commit_creds() with nothing changed, no event */
	if (setgid(0) || setuid(0))
		return 11;
	if (setresgid(RGID, EGID, SGID))
		return 12;
	/* the fsgid alone: still a gid event, with the same rgid and egid */
	setfsgid(SGID);
	if (setfsgid(-1) != SGID)
		return 13;
	if (setresuid(RUID, EUID, SUID))
		return 14;
	setfsuid(SUID);
	if (setfsuid(-1) != SUID)
		return 15;
	return CHILD_EXIT;
}

/* An executable script whose interpreter is missing: exec gives ENOENT. */
static int make_no_interp(void)
{
	static const char text[] = "#!/nonexistent/interpreter\n";
	int fd = open(NO_INTERP, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	int ok = fd >= 0 && write(fd, text, sizeof(text) - 1) == sizeof(text) - 1;

	if (fd >= 0)
		close(fd);
	return ok ? 0 : -1;
}

int main(int argc, char **argv)
{
	int status;
	pid_t pid;

	if (argc > 1)
		return child();
	if (make_no_interp())
		return 1;

	pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		execl(NO_INTERP, "cn_workload-no-interpreter", (char *)NULL);
		if (errno != ENOENT)
			_exit(17);
		execl("/proc/self/exe", "cn_workload", "child", (char *)NULL);
		_exit(16);
	}
	printf("parent=%d child=%d\n", getpid(), pid);
	fflush(stdout);
	if (waitpid(pid, &status, 0) != pid)
		return 1;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != CHILD_EXIT) {
		fprintf(stderr, "child: wait status 0x%x, wanted exit %d\n",
			status, CHILD_EXIT);
		return 1;
	}
	return 0;
}
