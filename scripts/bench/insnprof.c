// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * insnprof: a QEMU TCG plugin that counts executed guest instructions per
 * kernel address, and writes a snapshot of the counts each time a line
 * with "tw-prof NAME" appears in a file the host can read (the guest's
 * serial console log).  The guest prints the line and then sleeps, so a
 * snapshot lands between two guest actions; the difference of two
 * snapshots is what the guest executed between them.  User-mode
 * instructions are counted together, under address 0.
 *
 *   -plugin insnprof.so,watch=console.log,out=PREFIX  ->  PREFIX.NAME
 *   files of "address count" lines, one per kernel instruction executed;
 *   PREFIX.exit when QEMU exits.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define HASH_BITS 22			/* 4M slots: the kernel text is smaller */
#define HASH_SIZE (1u << HASH_BITS)
#define KERNEL_START 0xffff800000000000ull

struct slot {
	uint64_t vaddr;
	uint64_t count;
};

static struct slot *slots;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static const char *watch_path, *out_prefix;

/* slot 0 counts user mode; kernel addresses are hashed into the rest */
static struct slot *slot_of(uint64_t vaddr)
{
	uint64_t i;

	if (vaddr < KERNEL_START)
		return &slots[0];
	i = (vaddr * 0x9e3779b97f4a7c15ull) >> (64 - HASH_BITS);
	for (;; i = (i + 1) & (HASH_SIZE - 1)) {
		if (!i)
			continue;
		if (slots[i].vaddr == vaddr)
			return &slots[i];
		if (!slots[i].vaddr) {
			slots[i].vaddr = vaddr;
			return &slots[i];
		}
	}
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t i, n = qemu_plugin_tb_n_insns(tb);

	pthread_mutex_lock(&lock);
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		struct slot *s = slot_of(qemu_plugin_insn_vaddr(insn));

		qemu_plugin_register_vcpu_insn_exec_inline(insn,
			QEMU_PLUGIN_INLINE_ADD_U64, &s->count, 1);
	}
	pthread_mutex_unlock(&lock);
}

static void dump(const char *name)
{
	char path[4096];
	FILE *f;
	uint64_t i;

	snprintf(path, sizeof(path), "%s.%s", out_prefix, name);
	f = fopen(path, "w");
	if (!f)
		return;
	pthread_mutex_lock(&lock);
	fprintf(f, "%016" PRIx64 " %" PRIu64 "\n", (uint64_t)0, slots[0].count);
	for (i = 1; i < HASH_SIZE; i++)
		if (slots[i].vaddr && slots[i].count)
			fprintf(f, "%016" PRIx64 " %" PRIu64 "\n",
				slots[i].vaddr, slots[i].count);
	pthread_mutex_unlock(&lock);
	fclose(f);
}

/* follow the watched file like tail -f; snapshot on each "tw-prof NAME" */
static void *watcher(void *arg)
{
	char line[512], name[256], *p;
	FILE *f;

	while (!(f = fopen(watch_path, "r")))
		usleep(100000);
	for (;;) {
		if (!fgets(line, sizeof(line), f)) {
			clearerr(f);
			usleep(20000);
			continue;
		}
		p = strstr(line, "tw-prof ");
		if (p && sscanf(p, "tw-prof %255[A-Za-z0-9_-]", name) == 1)
			dump(name);
	}
	return NULL;
}

static void at_exit(qemu_plugin_id_t id, void *p)
{
	dump("exit");
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info,
					   int argc, char **argv)
{
	pthread_t t;
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "watch=", 6))
			watch_path = argv[i] + 6;
		else if (!strncmp(argv[i], "out=", 4))
			out_prefix = argv[i] + 4;
	}
	if (!watch_path || !out_prefix) {
		fprintf(stderr, "insnprof: needs watch=FILE,out=PREFIX\n");
		return -1;
	}
	slots = calloc(HASH_SIZE, sizeof(*slots));
	if (!slots)
		return -1;
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return pthread_create(&t, NULL, watcher, NULL);
}
