/* SPDX-License-Identifier: GPL-2.0 */
/*
 * read_list_mask(): a sysfs cpu or node list ("0-1", "0,2") as a bit mask,
 * for the guest tests.  Entries from 64 up are ignored; 0 if unreadable.
 */
#ifndef TW_LIST_H
#define TW_LIST_H

#include <stdio.h>
#include <stdlib.h>

static inline unsigned long read_list_mask(const char *path)
{
	FILE *f = fopen(path, "r");
	char buf[256] = "", *s = buf;
	unsigned long mask = 0;
	long a, b;

	if (!f)
		return 0;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = 0;
	fclose(f);
	while (*s >= '0' && *s <= '9') {
		a = b = strtol(s, &s, 10);
		if (*s == '-')
			b = strtol(s + 1, &s, 10);
		for (; a <= b && a < 64; a++)
			mask |= 1UL << a;
		if (*s == ',')
			s++;
	}
	return mask;
}

#endif
