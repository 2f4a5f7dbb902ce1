// SPDX-License-Identifier: GPL-2.0
/*
 * seed-crng: credit a fixed 256-bit seed to the kernel's random pool, as
 * systemd-random-seed can credit a saved one at boot, so that the CRNG
 * is ready before a benchmark starts (guest-rootfs/bench/quiet-guest).
 *
 * A benchmark guest has no RDRAND (-cpu max,-rdrand,-rdseed keeps boots
 * alike), no hardware RNG and few interrupts, so its CRNG stays
 * CRNG_EMPTY: every get_random_*() then extracts from the input pool
 * with BLAKE2s (drivers/char/random.c, crng_make_state()), about 9,650
 * instructions per fork for the stack canary, which no seeded system
 * pays.  The seed is fixed so that every boot draws the same numbers:
 * this is for benchmarks, not for keys.
 */
#include <fcntl.h>
#include <linux/random.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define SEED_BYTES 32

int main(void)
{
	struct {
		struct rand_pool_info info;
		unsigned char buf[SEED_BYTES];
	} seed = {
		.info.entropy_count = SEED_BYTES * 8,
		.info.buf_size = SEED_BYTES,
	};
	int fd;

	memset(seed.buf, 0x5a, sizeof(seed.buf));
	fd = open("/dev/random", O_WRONLY);
	if (fd < 0 || ioctl(fd, RNDADDENTROPY, &seed) < 0) {
		perror("seed-crng: /dev/random RNDADDENTROPY");
		return 1;
	}
	close(fd);
	return 0;
}
