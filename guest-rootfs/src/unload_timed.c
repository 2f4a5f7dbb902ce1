// SPDX-License-Identifier: GPL-2.0
/*
 * unload_timed NAME: print "ready", wait for a line on stdin, then
 * unload module NAME (delete_module(2), as rmmod does) and print
 * "RC MS": 0 or the errno, and how long the call took in milliseconds.
 *
 * 80-module-watchers.sh starts it before it makes every exec sleep in
 * the module's EXEC watcher: an rmmod exec'd then would first sleep in
 * the very watcher it is to wait for, and time its own exec.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

int main(int argc, char **argv)
{
	char line[16];
	long long t0;
	int rc;

	if (argc != 2)
		return 2;
	printf("ready\n");
	fflush(stdout);
	if (!fgets(line, sizeof(line), stdin))
		return 2;
	t0 = now_ms();
	rc = syscall(SYS_delete_module, argv[1], 0) ? errno : 0;
	printf("%d %lld\n", rc, now_ms() - t0);
	return rc ? 1 : 0;
}
