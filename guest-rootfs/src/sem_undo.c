// SPDX-License-Identifier: GPL-2.0
/*
 * sem_undo: SysV semaphore SEM_UNDO adjustments are applied when the last
 * task sharing the undo list lets go of it, as the unpatched kernel does it:
 *
 *  - at exit (exit_sem() from do_exit(), after exit_mm(): a waiter the
 *    undo wakes finds the task detached from its shm segments, and a
 *    vfork parent may resume before the undo), with sempid set to the
 *    exiting process, and clamped at 0;
 *  - not at exec: the undo list survives it;
 *  - with CLONE_SYSVSEM (every pthread, or a plain clone() child) the
 *    list is shared and applied only when the last sharer exits;
 *  - unshare(CLONE_SYSVSEM) lets go of the list there and then, like an
 *    exit; a failed fork does not apply the parent's list (not tested
 *    here: it needs fault injection).
 *
 * Every test makes its own private one-semaphore set and removes it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/prctl.h>
#include <sys/mman.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest_harness.h"

FIXTURE(sem) {
	int id;
};

FIXTURE_SETUP(sem)
{
	self->id = semget(IPC_PRIVATE, 1, IPC_CREAT | 0600);
	ASSERT_LE(0, self->id);
	/* orphans of a CLONE_SYSVSEM child come back to us to be reaped */
	ASSERT_EQ(0, prctl(PR_SET_CHILD_SUBREAPER, 1));
}

FIXTURE_TEARDOWN(sem)
{
	semctl(self->id, 0, IPC_RMID);
}

static int val(int id)
{
	return semctl(id, 0, GETVAL);
}

static int op(int id, int delta, int flags)
{
	struct sembuf sb = { .sem_num = 0, .sem_op = delta, .sem_flg = flags };

	return semop(id, &sb, 1);
}

/* Wait for one byte on @fd; 0 if it came. */
static int wait_byte(int fd)
{
	char x;

	return read(fd, &x, 1) == 1 ? 0 : -1;
}

static int say(int fd)
{
	return write(fd, "x", 1) == 1 ? 0 : -1;
}

/* Exit undoes the child's +1; sempid is then the child's pid. */
TEST_F(sem, exit_applies_undo)
{
	int p[2], go[2], status;
	pid_t pid;

	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(0, pipe(go));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		if (op(self->id, 1, SEM_UNDO) || say(p[1]) || wait_byte(go[0]))
			_exit(1);
		_exit(0);
	}
	ASSERT_EQ(0, wait_byte(p[0]));
	EXPECT_EQ(1, val(self->id));
	ASSERT_EQ(0, say(go[1]));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, status);
	EXPECT_EQ(0, val(self->id));
	EXPECT_EQ(pid, semctl(self->id, 0, GETPID));
}

/* A -2 with SEM_UNDO is given back at exit; a plain op is not undone. */
TEST_F(sem, exit_undoes_only_sem_undo_ops)
{
	int status;
	pid_t pid;

	ASSERT_EQ(0, semctl(self->id, 0, SETVAL, 5));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0)
		_exit(op(self->id, -2, SEM_UNDO) || op(self->id, 1, 0));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, status);
	EXPECT_EQ(6, val(self->id));
}

/* Death by a signal applies the undo list too. */
TEST_F(sem, kill_applies_undo)
{
	int p[2], status;
	pid_t pid;

	ASSERT_EQ(0, pipe(p));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		if (op(self->id, 3, SEM_UNDO) || say(p[1]))
			_exit(1);
		pause();
		_exit(2);
	}
	ASSERT_EQ(0, wait_byte(p[0]));
	EXPECT_EQ(3, val(self->id));
	kill(pid, SIGKILL);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFSIGNALED(status));
	EXPECT_EQ(0, val(self->id));
}

/* An undo that would take the value below 0 stops at 0. */
TEST_F(sem, exit_undo_clamps_at_zero)
{
	int p[2], go[2], status;
	pid_t pid;

	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(0, pipe(go));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		if (op(self->id, 2, SEM_UNDO) || say(p[1]) || wait_byte(go[0]))
			_exit(1);
		_exit(0);
	}
	ASSERT_EQ(0, wait_byte(p[0]));
	ASSERT_EQ(0, op(self->id, -2, 0));	/* ours, not undone */
	ASSERT_EQ(0, say(go[1]));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, status);
	EXPECT_EQ(0, val(self->id));
}

/* The undo list survives exec; the exec'd program's exit applies it. */
TEST_F(sem, exec_keeps_undo)
{
	int p[2], go[2], status;
	pid_t pid;

	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(0, pipe(go));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		if (op(self->id, 1, SEM_UNDO) || dup2(go[0], 0) < 0 ||
		    dup2(p[1], 3) < 0)
			_exit(1);
		/* says so once exec'd, exits when the parent has written */
		execl("/bin/sh", "sh", "-c", "echo >&3; read x", (char *)NULL);
		_exit(2);
	}
	close(p[1]);
	ASSERT_EQ(0, wait_byte(p[0]));
	EXPECT_EQ(1, val(self->id));
	ASSERT_EQ(1, write(go[1], "\n", 1));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, status);
	EXPECT_EQ(0, val(self->id));
}

static int thread_id;

static void *thread_op(void *arg)
{
	return (void *)(long)op(thread_id, 1, SEM_UNDO);
}

/*
 * pthreads share the undo list (glibc passes CLONE_SYSVSEM): a thread's
 * +1 outlives the thread and is undone when the process exits.
 */
TEST_F(sem, thread_shares_undo)
{
	int p[2], go[2], status;
	pid_t pid;

	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(0, pipe(go));
	thread_id = self->id;
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		pthread_t t;
		void *ret;

		if (pthread_create(&t, NULL, thread_op, NULL) ||
		    pthread_join(t, &ret) || ret || say(p[1]) || wait_byte(go[0]))
			_exit(1);
		_exit(0);
	}
	ASSERT_EQ(0, wait_byte(p[0]));
	EXPECT_EQ(1, val(self->id));
	ASSERT_EQ(0, say(go[1]));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, status);
	EXPECT_EQ(0, val(self->id));
}

/* fork() with CLONE_SYSVSEM added: a new process sharing the undo list */
static pid_t fork_sysvsem(void)
{
	return syscall(SYS_clone, CLONE_SYSVSEM | SIGCHLD, 0, NULL, NULL, 0);
}

/*
 * Holder H does +1 with SEM_UNDO and starts C with CLONE_SYSVSEM, which
 * does +2.  Whichever exits first, the other still holds the list: the
 * value stays 3 until both have exited, then all of it is undone.
 */
static void shared_list(struct __test_metadata *_metadata, int id,
			int holder_first)
{
	int p[2], pc[2], go_h[2], go_c[2], status;
	pid_t h, c;

	/* p: from H, C's pid then "C reaped"; pc: from C, "+2 done" */
	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(0, pipe(pc));
	ASSERT_EQ(0, pipe(go_h));
	ASSERT_EQ(0, pipe(go_c));
	h = fork();
	ASSERT_LE(0, h);
	if (h == 0) {
		if (op(id, 1, SEM_UNDO))
			_exit(1);
		c = fork_sysvsem();
		if (c < 0)
			_exit(2);
		if (c == 0)
			_exit(op(id, 2, SEM_UNDO) || say(pc[1]) ||
			      wait_byte(go_c[0]));
		if (write(p[1], &c, sizeof(c)) != sizeof(c))
			_exit(3);
		/* if C goes first, reap it here, it is our child, and say so */
		if (!holder_first &&
		    (waitpid(c, &status, 0) != c || status || say(p[1])))
			_exit(4);
		_exit(wait_byte(go_h[0]));
	}
	ASSERT_EQ(sizeof(c), read(p[0], &c, sizeof(c)));
	ASSERT_EQ(0, wait_byte(pc[0]));
	EXPECT_EQ(3, val(id));

	/* the first one exits: nothing is undone */
	if (holder_first) {
		ASSERT_EQ(0, say(go_h[1]));
		ASSERT_EQ(h, waitpid(h, &status, 0));
		ASSERT_EQ(0, status);
	} else {
		ASSERT_EQ(0, say(go_c[1]));
		ASSERT_EQ(0, wait_byte(p[0]));
	}
	EXPECT_EQ(3, val(id));

	/* the last one exits: all of it is undone */
	if (holder_first) {
		/* H is gone: C was handed to us, the subreaper */
		ASSERT_EQ(0, say(go_c[1]));
		ASSERT_EQ(c, waitpid(c, &status, 0));
	} else {
		ASSERT_EQ(0, say(go_h[1]));
		ASSERT_EQ(h, waitpid(h, &status, 0));
	}
	ASSERT_EQ(0, status);
	EXPECT_EQ(0, val(id));
}

TEST_F(sem, clone_sysvsem_holder_exits_first)
{
	shared_list(_metadata, self->id, 1);
}

TEST_F(sem, clone_sysvsem_child_exits_first)
{
	shared_list(_metadata, self->id, 0);
}

/*
 * unshare(CLONE_SYSVSEM) with an unshared list applies it at once, as an
 * exit would; later SEM_UNDO ops go on a new list, undone at exit.
 */
TEST_F(sem, unshare_applies_undo)
{
	int p[2], go[2], status;
	pid_t pid;

	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(0, pipe(go));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		if (op(self->id, 1, SEM_UNDO) || unshare(CLONE_SYSVSEM) ||
		    say(p[1]) || wait_byte(go[0]) ||
		    op(self->id, 2, SEM_UNDO) || say(p[1]) || wait_byte(go[0]))
			_exit(1);
		_exit(0);
	}
	ASSERT_EQ(0, wait_byte(p[0]));
	EXPECT_EQ(0, val(self->id));
	EXPECT_EQ(pid, semctl(self->id, 0, GETPID));
	ASSERT_EQ(0, say(go[1]));
	ASSERT_EQ(0, wait_byte(p[0]));
	EXPECT_EQ(2, val(self->id));
	ASSERT_EQ(0, say(go[1]));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, status);
	EXPECT_EQ(0, val(self->id));
}

/*
 * unshare(CLONE_SYSVSEM) by one of two sharers only drops its reference:
 * the list is applied when the other one exits.
 */
TEST_F(sem, unshare_of_shared_list_defers_undo)
{
	int p[2], go_h[2], go_c[2], status;
	pid_t h, c;

	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(0, pipe(go_h));
	ASSERT_EQ(0, pipe(go_c));
	h = fork();
	ASSERT_LE(0, h);
	if (h == 0) {
		if (op(self->id, 1, SEM_UNDO))
			_exit(1);
		c = fork_sysvsem();
		if (c < 0)
			_exit(2);
		if (c == 0)
			_exit(wait_byte(go_c[0]));
		if (unshare(CLONE_SYSVSEM) || say(p[1]) || wait_byte(go_h[0]))
			_exit(3);
		_exit(waitpid(c, &status, 0) != c || status);
	}
	ASSERT_EQ(0, wait_byte(p[0]));
	EXPECT_EQ(1, val(self->id));
	ASSERT_EQ(0, say(go_c[1]));
	ASSERT_EQ(0, say(go_h[1]));
	ASSERT_EQ(h, waitpid(h, &status, 0));
	ASSERT_EQ(0, status);
	EXPECT_EQ(0, val(self->id));
}

/*
 * A vfork child's SEM_UNDO (vfork shares no undo list: no CLONE_SYSVSEM)
 * is undone at its exit.  exit_mm() lets the vfork parent go on before
 * exit_sem() runs, so what the parent sees when vfork() returns is a
 * race, on every kernel: it is only held to the undo once reaped.
 */
TEST_F(sem, vfork_child_undone)
{
	int status, seen;
	pid_t pid;

	pid = vfork();
	if (pid == 0)
		_exit(op(self->id, 1, SEM_UNDO) ? 1 : 0);
	ASSERT_LT(0, pid);
	seen = val(self->id);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, status);
	EXPECT_EQ(0, val(self->id));
	TH_LOG("%d when vfork() returned", seen);
}

/*
 * The undo wakes a waiter only once the exiting task has left its SysV
 * shm segments: exit_sem() runs after exit_mm().  The child attaches a
 * segment, makes its exit_mm() long (BIG bytes touched) and adds 1 with
 * SEM_UNDO; the parent waits for zero, which the undo wakes, and reads
 * shm_nattch at once.  An undo applied before exit_mm() would wake it
 * with the child still attached (1).
 */
#define BIG	(64 << 20)
TEST_F(sem, undo_wakes_waiter_after_exit_mm)
{
	int p[2], shm, status, nattch;
	struct shmid_ds ds;
	pid_t pid;
	char *big;

	shm = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
	ASSERT_LE(0, shm);
	ASSERT_EQ(0, pipe(p));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		big = mmap(NULL, BIG, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (big == MAP_FAILED || shmat(shm, NULL, 0) == (void *)-1)
			_exit(1);
		memset(big, 1, BIG);
		_exit(op(self->id, 1, SEM_UNDO) || say(p[1]) ? 1 : 0);
	}
	ASSERT_EQ(0, wait_byte(p[0]));
	ASSERT_EQ(0, op(self->id, 0, 0));
	ASSERT_EQ(0, shmctl(shm, IPC_STAT, &ds));
	nattch = ds.shm_nattch;
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, shmctl(shm, IPC_RMID, NULL));
	ASSERT_EQ(0, status);
	EXPECT_EQ(0, nattch);
}

TEST_HARNESS_MAIN
