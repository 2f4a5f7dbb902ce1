// SPDX-License-Identifier: GPL-2.0
/*
 * exit_order: the workload of 44-exit-order.  A child named
 * tw-exit-child sets a NUMA policy of its own (MPOL_PREFERRED, node 0)
 * and adds 1 to a semaphore with SEM_UNDO, then exits, so that do_exit()
 * has a policy to drop and an undo to apply; the test traces where.
 * Prints "undone" if the child's +1 was undone once it was reaped.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define MPOL_PREFERRED	1	/* include/uapi/linux/mempolicy.h */

int main(void)
{
	struct sembuf up = { .sem_num = 0, .sem_op = 1, .sem_flg = SEM_UNDO };
	unsigned long node0 = 1;
	int id, status, val;
	pid_t pid;

	id = semget(IPC_PRIVATE, 1, IPC_CREAT | 0600);
	if (id < 0) {
		perror("semget");
		return 1;
	}
	pid = fork();
	if (pid == 0) {
		prctl(PR_SET_NAME, "tw-exit-child");
		if (syscall(SYS_set_mempolicy, MPOL_PREFERRED, &node0,
			    8 * sizeof(node0)))
			_exit(2);
		_exit(semop(id, &up, 1) ? 3 : 0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid) {
		perror("fork");
		return 1;
	}
	val = semctl(id, 0, GETVAL);
	semctl(id, 0, IPC_RMID);
	printf("child status %d, semaphore %d: %s\n", status, val,
	       status == 0 && val == 0 ? "undone" : "NOT undone");
	return status == 0 && val == 0 ? 0 : 1;
}
