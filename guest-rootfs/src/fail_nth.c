// SPDX-License-Identifier: GPL-2.0
/*
 * fail_nth OP: fail the 1st, 2nd, ... fault-injection point that OP
 * reaches in this thread (/proc/thread-self/fail-nth), until OP runs with
 * the injection left unused.  Every step must fail cleanly, with ENOMEM
 * (what a failed allocation is, whoever made it; exec past its point of
 * no return is killed instead, and exec's copy_strings() and
 * copy_string_kernel() turn a failed get_arg_page() into E2BIG), or
 * succeed despite the failure (an allocation with a fallback); the
 * process must stay usable.  OP is one of:
 *
 *   fork    fork() + wait: copy_process() and the INIT watchers; on a
 *           debug kernel a fork failing after INIT must cancel the INIT
 *           watchers with the new task owning no mm, files, fs or nsproxy
 *           (debugfs cancelled), and no failed fork may raise FREE
 *   exec    execve() of a static binary, in a forked child, + wait
 *   setuid  setresuid() to another uid and back: commit_creds(), UID
 *   clone-sysvsem
 *           clone(CLONE_SYSVSEM) from a fresh child with no undo list
 *           yet, so the sem undo INIT watcher allocates one: with a
 *           mempolicy and auditing on, every INIT watcher that can fail
 *           does, each after the ones before it succeeded
 *
 * Prints one line per step ("n=3 fork: ENOMEM") and a summary line
 * "fail_nth OP: N injections, M failed cleanly, 0 bad"; exits 1 if any step
 * went wrong.  Needs CONFIG_FAULT_INJECTION with failslab or
 * fail_page_alloc set to fail sleeping allocations (tests/70-fail-nth.sh).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <elf.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sched.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#define MAX_STEPS 5000
#define KILLED 1000	/* op_exec(): the child was killed by signal (ret - KILLED) */
#define BSS_HANG 2000	/* op_exec(): the new image hung on its unzeroed .bss */
#define IMAGE_EXIT 3000	/* op_exec(): the new image exited (ret - IMAGE_EXIT) */
#define HANG_SECS 10	/* true-static exits in well under a second, even under KASAN */
#define EXEC_TARGET "/opt/tw/bin/true-static"

static int fail_nth_fd;
static int exec_nth;	/* the step op_exec() or op_clone_sysvsem() arms in its child */

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

/*
 * What the debugfs test watcher's cancel (debug kernels) found the new
 * task owning, for this process's last fork that failed after INIT:
 * "none" when no failed fork got that far, else NOTHING_OWNED is the only
 * right answer, also after the unwind's mmput().  Writing the watched pid
 * resets it.  Returns what it read, or "" without the file.
 */
#define TW_DEBUGFS "/sys/kernel/debug/task_watchers/"
#define NOTHING_OWNED "mm=0 files=0 fs=0 nsproxy=0"
static const char *free_found(void)
{
	static char buf[64];
	FILE *f = fopen(TW_DEBUGFS "cancelled", "r");

	buf[0] = 0;
	if (f) {
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = 0;
		fclose(f);
	}
	buf[strcspn(buf, "\n")] = 0;
	return buf;
}

/*
 * The FREE events the debugfs test watcher counted for this process since
 * watch(): a failed fork raises none (its child never exits).  -1 without
 * the watcher.
 */
static long long free_count(void)
{
	FILE *f = fopen(TW_DEBUGFS "counts", "r");
	long long n = -1, count;
	char name[16];

	if (!f)
		return -1;
	while (fscanf(f, "%15s %lld %*u", name, &count) == 2)
		if (!strcmp(name, "free"))
			n = count;
	fclose(f);
	return n;
}

/* Count this process's events (and reset cancelled), or nobody's: 0. */
static void watch(pid_t pid)
{
	FILE *f = fopen(TW_DEBUGFS "pid", "w");

	if (f) {
		fprintf(f, "%d\n", pid);
		fclose(f);
	}
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
 * A known 6.1 bug outside the series, which this sweep finds: elf_load(),
 * which 6.1.139 took from upstream commit 585a018627b4 ("binfmt_elf:
 * Support segments with 0 filesz and misaligned starts"), ignores
 * padzero()'s error.  When the page fault of that clear_user() fails, the new image
 * runs with the end of its last file-backed page not zeroed: its .bss
 * there holds bytes of the file.  Upstream returns -EFAULT for a writable
 * segment since commit f9c0a39d9530 ("binfmt_elf: Only report padzero()
 * errors when PROT_WRITE").  true-static then waits forever on glibc's
 * __exit_funcs_lock, a .bss word that reads 2.
 *
 * bss_hang() says whether a child that did not exit is in that state:
 * asleep in futex(2) on a word in the part of EXEC_TARGET's .bss that
 * shares a page with file data, and that word is not zero.
 */
static int bss_hang(pid_t pid)
{
	unsigned long nr, uaddr, bss, page_end;
	char path[64], wchan[64] = "";
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	int fd, i, found = 0;
	unsigned int word = 0;
	FILE *f;

	fd = open(EXEC_TARGET, O_RDONLY);
	if (fd < 0 || pread(fd, &eh, sizeof(eh), 0) != sizeof(eh))
		return 0;
	for (i = 0; i < eh.e_phnum && !found; i++) {
		if (pread(fd, &ph, sizeof(ph), eh.e_phoff + i * sizeof(ph)) != sizeof(ph))
			break;
		found = ph.p_type == PT_LOAD && ph.p_memsz > ph.p_filesz;
	}
	close(fd);
	if (!found)
		return 0;
	bss = ph.p_vaddr + ph.p_filesz;
	page_end = (bss + 4095) & ~4095UL;

	snprintf(path, sizeof(path), "/proc/%d/wchan", pid);
	f = fopen(path, "r");
	if (!f || !fgets(wchan, sizeof(wchan), f) || !strstr(wchan, "futex_wait")) {
		if (f)
			fclose(f);
		return 0;
	}
	fclose(f);
	snprintf(path, sizeof(path), "/proc/%d/syscall", pid);
	f = fopen(path, "r");
	if (!f || fscanf(f, "%lu %lx", &nr, &uaddr) != 2 || nr != SYS_futex) {
		if (f)
			fclose(f);
		return 0;
	}
	fclose(f);
	if (uaddr < bss || uaddr + sizeof(word) > page_end)
		return 0;
	snprintf(path, sizeof(path), "/proc/%d/mem", pid);
	fd = open(path, O_RDONLY);
	if (fd < 0 || pread(fd, &word, sizeof(word), uaddr) != sizeof(word))
		word = 0;
	if (fd >= 0)
		close(fd);
	printf("  child %d waits on futex 0x%lx = %u, in .bss [0x%lx, page end 0x%lx)\n",
	       pid, uaddr, word, bss, page_end);
	return word != 0;
}

/*
 * exec runs in the child, whose fail-nth starts at 0: the child arms its
 * own, and the parent reads it back from the zombie before reaping it.
 */
static int exec_injected;

static int op_exec(void)
{
	char path[64], buf[16] = "";
	int status, err, fd, pidfd, hung = 0, n = exec_nth, exec_err = 0, p[2], i, stuck = 0;
	struct pollfd pfd;
	siginfo_t info;
	pid_t pid;

	/* exec's own errno comes back through a pipe that exec closes */
	if (pipe2(p, O_CLOEXEC))
		return -1;
	pid = fork();
	err = errno;
	if (pid == 0) {
		close(p[0]);
		/* the inherited fd is the parent's thread-self: open our own */
		fail_nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
		if (n)
			arm(n);
		execl(EXEC_TARGET, "true-static", (char *)NULL);
		err = errno;
		write(p[1], &err, sizeof(err));
		_exit(127);
	}
	close(p[1]);
	if (pid < 0) {
		close(p[0]);
		return err;
	}
	if (read(p[0], &exec_err, sizeof(exec_err)) != sizeof(exec_err))
		exec_err = 0;
	close(p[0]);
	exec_injected = 0;
	pidfd = syscall(SYS_pidfd_open, pid, 0);
	pfd = (struct pollfd){ .fd = pidfd, .events = POLLIN };
	/*
	 * Wait for the exit in slices: a child found in the elf_load() state
	 * will never exit (its futex has no waker), so it is named at once
	 * instead of after HANG_SECS; any other child gets all of them.
	 */
	for (i = 0; pidfd >= 0 && i < HANG_SECS * 10; i++)
		if (poll(&pfd, 1, 100) != 0 || (stuck = bss_hang(pid)))
			break;
	if (pidfd >= 0 && poll(&pfd, 1, 0) == 0) {
		hung = stuck || bss_hang(pid) ? BSS_HANG : -1;
		printf("n=%d exec: child still running after %d.%d s: %s\n", n,
		       i / 10, i % 10, hung > 0 ? "unzeroed .bss (see bss_hang())" : "HUNG");
		kill(pid, SIGKILL);
	}
	if (pidfd >= 0)
		close(pidfd);
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
	if (hung)
		return hung;
	if (exec_err)
		return exec_err;
	/*
	 * Past exec's point of no return, or in the new image's first page
	 * faults, a failed allocation can only kill the task: that is the
	 * kernel's defined answer, and clean if nothing leaks or splats.
	 */
	if (WIFSIGNALED(status) && (WTERMSIG(status) == SIGSEGV ||
				    WTERMSIG(status) == SIGBUS ||
				    WTERMSIG(status) == SIGKILL))
		return KILLED + WTERMSIG(status);
	/*
	 * The new image ran and one of its own syscalls failed: static
	 * glibc exits 127 when mprotect() of its RELRO gets ENOMEM.
	 */
	if (WIFEXITED(status) && WEXITSTATUS(status))
		return IMAGE_EXIT + WEXITSTATUS(status);
	return status ? -1 : 0;
}

/*
 * In a forked child (fail-nth 0, no undo list): arm the child's own
 * fail-nth, clone(CLONE_SYSVSEM), read back whether the injection was
 * used, and report both in the exit code: 0x80 if injected, plus the
 * clone's errno, or 0x7f if the grandchild did not exit 0.
 */
static int clone_injected;

static int op_clone_sysvsem(void)
{
	int status, err, n = exec_nth;
	pid_t pid = fork();
	long gc;

	err = errno;
	if (pid == 0) {
		fail_nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
		if (n)
			arm(n);
		gc = syscall(SYS_clone, CLONE_SYSVSEM | SIGCHLD, NULL, NULL, NULL, 0);
		if (gc == 0)
			_exit(0);
		err = gc < 0 ? errno : 0;
		status = n ? injected() << 7 : 0;
		if (gc > 0 && (waitpid(gc, &n, 0) != gc || n))
			_exit(status | 0x7f);
		_exit(status | err);
	}
	if (pid < 0)
		return err;
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	clone_injected = !!(WEXITSTATUS(status) & 0x80);
	status = WEXITSTATUS(status) & 0x7f;
	return status == 0x7f ? -1 : status;
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
	int n, ret, inj = 0, clean = 0, known = 0, bad = 0, freed = 0;
	const char *found;

	if (argc == 2 && !strcmp(argv[1], "fork"))
		op = op_fork;
	else if (argc == 2 && !strcmp(argv[1], "exec"))
		op = op_exec;
	else if (argc == 2 && !strcmp(argv[1], "setuid"))
		op = op_setuid;
	else if (argc == 2 && !strcmp(argv[1], "clone-sysvsem"))
		op = op_clone_sysvsem;
	if (!op) {
		fprintf(stderr, "usage: fail_nth fork|exec|setuid|clone-sysvsem\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	fail_nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
	if (fail_nth_fd < 0) {
		perror("/proc/thread-self/fail-nth");
		return 2;
	}
	for (n = 1; n <= MAX_STEPS; n++) {
		if (op == op_exec || op == op_clone_sysvsem) {
			/* armed in the child: see exec_nth */
			exec_nth = n;
			ret = op();
			exec_nth = 0;
		} else {
			if (op == op_fork)
				watch(getpid());
			arm(n);
			ret = op();
		}
		/* a failed fork's cancel, as the debugfs test watcher saw it */
		found = op == op_fork && ret == ENOMEM ? free_found() : "";
		if (op == op_fork && ret == ENOMEM && free_count() > 0) {
			bad++;
			printf("n=%d %s: BAD, the failed fork raised FREE\n", n, argv[1]);
		}
		if (op == op_exec ? !exec_injected :
		    op == op_clone_sysvsem ? !clone_injected : !injected()) {
			/* OP no longer reaches an n-th point: the sweep is done */
			if (ret) {
				printf("n=%d %s: failed (%d) with no injection\n", n, argv[1], ret);
				bad++;
			}
			break;
		}
		inj++;
		if (ret == BSS_HANG) {
			known++;
			printf("n=%d %s: known 6.1 bug, .bss not zeroed after a failed padzero()\n",
			       n, argv[1]);
		} else if (ret > IMAGE_EXIT) {
			clean++;
			printf("n=%d %s: new image exited %d\n", n, argv[1], ret - IMAGE_EXIT);
		} else if (ret > KILLED) {
			clean++;
			printf("n=%d %s: killed by %s\n", n, argv[1], strsignal(ret - KILLED));
		} else if (*found && strcmp(found, "none") && strcmp(found, NOTHING_OWNED)) {
			bad++;
			printf("n=%d %s: BAD, its INIT watchers' cancel found the new task owning %s\n",
			       n, argv[1], found);
		} else if (ret == ENOMEM || (op == op_exec && ret == E2BIG)) {
			clean++;
			freed += !strcmp(found, NOTHING_OWNED);
			printf("n=%d %s: %s\n", n, argv[1], strerror(ret));
		} else if (ret > 0) {
			/* a failed allocation must say so, whatever it failed */
			bad++;
			printf("n=%d %s: BAD, %s where %s was due\n", n, argv[1], strerror(ret),
			       op == op_exec ? "ENOMEM or E2BIG" : "ENOMEM");
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
	if (op == op_fork)
		watch(0);
	if (n > MAX_STEPS) {
		printf("%s: still injecting after %d steps\n", argv[1], MAX_STEPS);
		bad++;
	}
	printf("fail_nth %s: %d injections, %d failed cleanly, ", argv[1], inj, clean);
	if (op == op_fork && *free_found()) {
		printf("%d of them past INIT, whose cancel found nothing owned, ", freed);
		/* with the watcher there, a sweep that saw no cancel checked nothing */
		bad += !freed;
	}
	if (op == op_exec)
		printf("%d known elf_load bug, ", known);
	printf("%d bad\n", bad);
	return bad ? 1 : 0;
}
