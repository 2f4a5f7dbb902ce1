// SPDX-License-Identifier: GPL-2.0
/*
 * forkn N: fork N children that exit at once, waiting for each.  A known
 * workload for the tracing tests: exactly N forks, execs (with -e) and
 * exits whose parent is a task named "forkn".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

int main(int argc, char **argv)
{
	int exec_true = argc > 2 && !strcmp(argv[2], "-e");
	int i, n, status;
	pid_t pid;

	if (argc < 2 || (n = atoi(argv[1])) <= 0) {
		fprintf(stderr, "usage: forkn N [-e]\n");
		return 2;
	}
	for (i = 0; i < n; i++) {
		pid = fork();
		if (pid < 0) {
			perror("fork");
			return 1;
		}
		if (pid == 0) {
			if (exec_true)
				execl("/bin/true", "true", (char *)NULL);
			_exit(0);
		}
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0) {
			fprintf(stderr, "forkn: child %d failed\n", pid);
			return 1;
		}
	}
	return 0;
}
