// SPDX-License-Identifier: GPL-2.0
/*
 * keys: what the key management code does to a task's keyrings when its
 * fs ids change, when it forks, creates a thread, execs and exits, as 6.1
 * does it:
 *
 *  - the thread keyring's owner follows the fsuid and fsgid
 *    (key_fsuid_changed(), key_fsgid_changed() from commit_creds()), and
 *    only them; session and process keyrings keep their owner;
 *  - a forked child has no thread and no process keyring and shares the
 *    session keyring (copy_creds());
 *  - a thread gets a new thread keyring if its creator had one, none
 *    otherwise, and shares the process keyring;
 *  - exec drops the thread and process keyrings (prepare_exec_creds());
 *  - a thread keyring goes away when its task has exited.
 *
 * keyctl(2) is called directly: no libkeyutils in a static build.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/keyctl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fsuid.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest_harness.h"

#define FSUID	1234
#define FSGID	5678
#define CHOWN_UID	777
#define CHOWN_GID	888
#define PROBE_ENV	"KEYS_EXEC_PROBE"

static long keyctl(int op, unsigned long a2, unsigned long a3,
		   unsigned long a4, unsigned long a5)
{
	return syscall(SYS_keyctl, op, a2, a3, a4, a5);
}

/* The serial of a special keyring; create it if asked; -errno if none. */
static long keyring(int spec, int create)
{
	long id = keyctl(KEYCTL_GET_KEYRING_ID, spec, create, 0, 0);

	return id < 0 ? -errno : id;
}

/* Owner of a key from KEYCTL_DESCRIBE's "type;uid;gid;perm;description". */
static int owner(long id, unsigned int *uid, unsigned int *gid)
{
	char buf[256];
	long n = keyctl(KEYCTL_DESCRIBE, id, (unsigned long)buf, sizeof(buf), 0);

	if (n < 0 || n > (long)sizeof(buf))
		return -1;
	return sscanf(buf, "%*[^;];%u;%u;", uid, gid) == 2 ? 0 : -1;
}

#define EXPECT_OWNER(id, want_uid, want_gid) do {			\
	unsigned int _uid = -1, _gid = -1;				\
									\
	ASSERT_EQ(0, owner(id, &_uid, &_gid));				\
	EXPECT_EQ(want_uid, _uid);					\
	EXPECT_EQ(want_gid, _gid);					\
} while (0)

/*
 * exec probe: this program execs itself with PROBE_ENV set to the session
 * keyring it had; this constructor runs before the harness and exits 0 if
 * the thread and process keyrings are gone and the session keyring kept.
 */
static void __attribute__((constructor(101))) exec_probe(void)
{
	const char *session = getenv(PROBE_ENV);

	if (!session)
		return;
	_exit(keyring(KEY_SPEC_THREAD_KEYRING, 0) != -ENOKEY ? 1 :
	      keyring(KEY_SPEC_PROCESS_KEYRING, 0) != -ENOKEY ? 2 :
	      keyring(KEY_SPEC_SESSION_KEYRING, 0) != atol(session) ? 3 : 0);
}

/* setfsuid()/setfsgid() move the thread keyring's owner, both ways. */
TEST(thread_keyring_follows_fsuid_fsgid)
{
	long tk;

	if (geteuid() != 0)
		SKIP(return, "needs root");
	tk = keyring(KEY_SPEC_THREAD_KEYRING, 1);
	ASSERT_LT(0, tk);
	EXPECT_OWNER(tk, 0, 0);

	setfsuid(FSUID);
	ASSERT_EQ(FSUID, setfsuid(-1));
	EXPECT_OWNER(tk, FSUID, 0);
	setfsgid(FSGID);
	ASSERT_EQ(FSGID, setfsgid(-1));
	EXPECT_OWNER(tk, FSUID, FSGID);
	/* the same keyring, not a new one */
	EXPECT_EQ(tk, keyring(KEY_SPEC_THREAD_KEYRING, 0));

	setfsuid(0);
	EXPECT_OWNER(tk, 0, FSGID);
	setfsgid(0);
	EXPECT_OWNER(tk, 0, 0);
}

/*
 * set*id calls that change the fs ids move the owner too; one that changes
 * the real id but not the fs id leaves it alone: a keyring given away
 * with KEYCTL_CHOWN stays given away until the fs id itself changes.
 */
TEST(thread_keyring_follows_fsuid_only)
{
	long tk;

	if (geteuid() != 0)
		SKIP(return, "needs root");
	tk = keyring(KEY_SPEC_THREAD_KEYRING, 1);
	ASSERT_LT(0, tk);
	ASSERT_EQ(0, keyctl(KEYCTL_CHOWN, tk, CHOWN_UID, CHOWN_GID, 0));
	EXPECT_OWNER(tk, CHOWN_UID, CHOWN_GID);

	ASSERT_EQ(0, setresuid(FSUID, -1, -1));	/* ruid only */
	EXPECT_OWNER(tk, CHOWN_UID, CHOWN_GID);
	ASSERT_EQ(0, setresgid(FSGID, -1, -1));	/* rgid only */
	EXPECT_OWNER(tk, CHOWN_UID, CHOWN_GID);
	ASSERT_EQ(0, setresgid(-1, FSGID, -1));	/* egid, hence fsgid */
	EXPECT_OWNER(tk, CHOWN_UID, FSGID);
	ASSERT_EQ(0, setresuid(-1, FSUID, -1));	/* euid, hence fsuid */
	EXPECT_OWNER(tk, FSUID, FSGID);
}

/* The session and process keyrings keep their owner when the fsuid moves. */
TEST(setfsuid_leaves_session_and_process_keyrings)
{
	long sk, pk, tk;

	if (geteuid() != 0)
		SKIP(return, "needs root");
	sk = keyctl(KEYCTL_JOIN_SESSION_KEYRING, 0, 0, 0, 0);
	ASSERT_LT(0, sk);
	pk = keyring(KEY_SPEC_PROCESS_KEYRING, 1);
	ASSERT_LT(0, pk);
	tk = keyring(KEY_SPEC_THREAD_KEYRING, 1);
	ASSERT_LT(0, tk);

	setfsuid(FSUID);
	setfsgid(FSGID);
	EXPECT_OWNER(tk, FSUID, FSGID);
	EXPECT_OWNER(sk, 0, 0);
	EXPECT_OWNER(pk, 0, 0);
	EXPECT_EQ(sk, keyring(KEY_SPEC_SESSION_KEYRING, 0));
	EXPECT_EQ(pk, keyring(KEY_SPEC_PROCESS_KEYRING, 0));
}

/*
 * A new thread keyring is owned by the real uid and gid, not by the fs
 * ids, although a later fs id change moves it to them (6.1 as it is).
 */
TEST(new_thread_keyring_owned_by_real_ids)
{
	long tk;

	if (geteuid() != 0)
		SKIP(return, "needs root");
	setfsuid(FSUID);
	setfsgid(FSGID);
	tk = keyring(KEY_SPEC_THREAD_KEYRING, 1);
	ASSERT_LT(0, tk);
	EXPECT_OWNER(tk, 0, 0);
}

/* A forked child: no thread keyring, no process keyring, same session. */
TEST(fork_inherits_no_thread_or_process_keyring)
{
	long sk, pk, tk, got[4];
	int p[2], status;
	pid_t pid;

	sk = keyctl(KEYCTL_JOIN_SESSION_KEYRING, 0, 0, 0, 0);
	ASSERT_LT(0, sk);
	pk = keyring(KEY_SPEC_PROCESS_KEYRING, 1);
	ASSERT_LT(0, pk);
	tk = keyring(KEY_SPEC_THREAD_KEYRING, 1);
	ASSERT_LT(0, tk);
	ASSERT_EQ(0, pipe(p));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		got[0] = keyring(KEY_SPEC_THREAD_KEYRING, 0);
		got[1] = keyring(KEY_SPEC_PROCESS_KEYRING, 0);
		got[2] = keyring(KEY_SPEC_SESSION_KEYRING, 0);
		/* one of its own, if it asks */
		got[3] = keyring(KEY_SPEC_THREAD_KEYRING, 1);
		_exit(write(p[1], got, sizeof(got)) != sizeof(got));
	}
	ASSERT_EQ(sizeof(got), read(p[0], got, sizeof(got)));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, status);
	EXPECT_EQ(-ENOKEY, got[0]);
	EXPECT_EQ(-ENOKEY, got[1]);
	EXPECT_EQ(sk, got[2]);
	EXPECT_LT(0, got[3]);
	EXPECT_NE(tk, got[3]);
	/* the parent's are still there */
	EXPECT_EQ(tk, keyring(KEY_SPEC_THREAD_KEYRING, 0));
	EXPECT_EQ(pk, keyring(KEY_SPEC_PROCESS_KEYRING, 0));
}

struct seen {
	long thread, process;
};

static void *look(void *arg)
{
	struct seen *s = arg;

	s->thread = keyring(KEY_SPEC_THREAD_KEYRING, 0);
	s->process = keyring(KEY_SPEC_PROCESS_KEYRING, 0);
	return NULL;
}

/* A thread of a thread with a thread keyring gets a new one of its own. */
TEST(thread_gets_own_thread_keyring)
{
	struct seen s = { 0 };
	pthread_t t;
	long pk, tk;

	pk = keyring(KEY_SPEC_PROCESS_KEYRING, 1);
	ASSERT_LT(0, pk);
	tk = keyring(KEY_SPEC_THREAD_KEYRING, 1);
	ASSERT_LT(0, tk);
	ASSERT_EQ(0, pthread_create(&t, NULL, look, &s));
	ASSERT_EQ(0, pthread_join(t, NULL));
	EXPECT_LT(0, s.thread);
	EXPECT_NE(tk, s.thread);
	EXPECT_EQ(pk, s.process);
	EXPECT_EQ(tk, keyring(KEY_SPEC_THREAD_KEYRING, 0));
}

/* ... and none if its creator had none; the process keyring is shared. */
TEST(thread_of_thread_without_keyring_has_none)
{
	struct seen s = { 0 };
	pthread_t t;
	long pk;

	pk = keyring(KEY_SPEC_PROCESS_KEYRING, 1);
	ASSERT_LT(0, pk);
	ASSERT_EQ(-ENOKEY, keyring(KEY_SPEC_THREAD_KEYRING, 0));
	ASSERT_EQ(0, pthread_create(&t, NULL, look, &s));
	ASSERT_EQ(0, pthread_join(t, NULL));
	EXPECT_EQ(-ENOKEY, s.thread);
	EXPECT_EQ(pk, s.process);
}

/* exec drops the thread and process keyrings, keeps the session one. */
TEST(exec_drops_thread_and_process_keyrings)
{
	int status;
	long sk;
	pid_t pid;

	sk = keyctl(KEYCTL_JOIN_SESSION_KEYRING, 0, 0, 0, 0);
	ASSERT_LT(0, sk);
	ASSERT_LT(0, keyring(KEY_SPEC_PROCESS_KEYRING, 1));
	ASSERT_LT(0, keyring(KEY_SPEC_THREAD_KEYRING, 1));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		char env[64];

		snprintf(env, sizeof(env), PROBE_ENV "=%ld", sk);
		/* keyrings are per cred, kept across fork: redo them here */
		keyring(KEY_SPEC_PROCESS_KEYRING, 1);
		keyring(KEY_SPEC_THREAD_KEYRING, 1);
		if (keyring(KEY_SPEC_THREAD_KEYRING, 0) < 0)
			_exit(20);
		execle("/proc/self/exe", "keys", (char *)NULL,
		       (char *[]){ env, NULL });
		_exit(21);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	/* 1: thread keyring kept, 2: process keyring kept, 3: session lost */
	EXPECT_EQ(0, WEXITSTATUS(status));
}

/* Is the key @id listed in /proc/keys (which root can read in full)? */
static int in_proc_keys(long id)
{
	char line[512], want[16];
	FILE *f = fopen("/proc/keys", "r");
	int found = 0;

	if (!f)
		return -1;
	snprintf(want, sizeof(want), "%08lx ", id);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, want, strlen(want)))
			found = 1;
	fclose(f);
	return found;
}

/* A thread keyring is freed once its task has exited and been reaped. */
TEST(thread_keyring_freed_after_exit)
{
	int p[2], go[2], status, i;
	long tk = 0;
	pid_t pid;

	if (geteuid() != 0)
		SKIP(return, "needs root");
	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(0, pipe(go));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		char x;

		tk = keyring(KEY_SPEC_THREAD_KEYRING, 1);
		if (write(p[1], &tk, sizeof(tk)) != sizeof(tk))
			_exit(1);
		_exit(read(go[0], &x, 1) != 1);
	}
	ASSERT_EQ(sizeof(tk), read(p[0], &tk, sizeof(tk)));
	ASSERT_LT(0, tk);
	EXPECT_EQ(1, in_proc_keys(tk));
	ASSERT_EQ(1, write(go[1], "x", 1));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, status);
	/* the last put is in an RCU callback, the free in the key gc work */
	for (i = 0; i < 100 && in_proc_keys(tk) == 1; i++)
		usleep(100000);
	EXPECT_EQ(0, in_proc_keys(tk));
}

TEST_HARNESS_MAIN
