// SPDX-License-Identifier: GPL-2.0
/*
 * The harness: times each notify point variant over ITER calls, REPS
 * rounds, the variants interleaved and the order rotated each round (so
 * that a neighbour's load or a frequency change hits every variant
 * alike), and prints one line per sample:
 *
 *   sample <round> <variant> <TSC ticks per call, median 1000-call chunk>
 *          <TSC ticks per call, whole run>
 *
 * The clock is the TSC (lfence;rdtsc ... rdtscp;lfence): reference
 * cycles at the TSC's fixed rate, not core cycles.  Two more "variants"
 * convert between the two: calib-add times a chain of dependent
 * register adds (1 core cycle each on any x86 of the last 15 years) and
 * calib-imul one of imuls (3 cycles each), in TSC ticks per instruction,
 * that is TSC ticks per core cycle (times 3 for imul).
 *
 * The harness makes no indirect call: each variant has its own loop.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tw.h"

int notify_empty(unsigned long long, void *);
int notify_direct(unsigned long long, void *);
int notify_static(unsigned long long, void *);
int notify_table_plain(unsigned long long, void *);
int notify_table_lfence(unsigned long long, void *);
int notify_table_lfence_thunk(unsigned long long, void *);
int notify_table_retpoline(unsigned long long, void *);

static volatile int sink;
static char tsk[64];

static inline unsigned long long tsc_begin(void)
{
	unsigned int lo, hi;

	asm volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return (unsigned long long)hi << 32 | lo;
}

static inline unsigned long long tsc_end(void)
{
	unsigned int lo, hi, aux;

	asm volatile("rdtscp\n\tlfence" : "=a"(lo), "=d"(hi), "=c"(aux) : : "memory");
	return (unsigned long long)hi << 32 | lo;
}

/*
 * Each run is timed in chunks of CHUNK calls, and a run's figure is the
 * median chunk: a chunk in which the task was preempted (the host may be
 * building a kernel on every CPU) is an outlier the median ignores, where
 * a whole-run total would count it.  The total is printed too.
 */
#define CHUNK 1000

struct result {
	double median;		/* TSC ticks per call, median chunk */
	double mean;		/* TSC ticks per call, whole run */
};

static unsigned long long *chunk_ticks;

static int cmp_ull(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

static struct result summarise(long chunks, long per_chunk)
{
	unsigned long long total = 0;
	struct result r;
	long i;

	for (i = 0; i < chunks; i++)
		total += chunk_ticks[i];
	qsort(chunk_ticks, chunks, sizeof(*chunk_ticks), cmp_ull);
	r.median = (chunks % 2 ? (double)chunk_ticks[chunks / 2] :
		    (chunk_ticks[chunks / 2 - 1] + chunk_ticks[chunks / 2]) / 2.0)
		   / per_chunk;
	r.mean = (double)total / ((double)chunks * per_chunk);
	return r;
}

#define RUN(name)							\
static struct result run_##name(long n)					\
{									\
	unsigned long long t0;						\
	long c, i, chunks = n / CHUNK;					\
	int s = 0;							\
									\
	for (c = 0; c < chunks; c++) {					\
		t0 = tsc_begin();					\
		for (i = 0; i < CHUNK; i++)				\
			s |= notify_##name(i, tsk);			\
		chunk_ticks[c] = tsc_end() - t0;			\
	}								\
	sink = s;							\
	return summarise(chunks, CHUNK);				\
}
RUN(empty) RUN(direct) RUN(static) RUN(table_plain) RUN(table_lfence)
RUN(table_lfence_thunk) RUN(table_retpoline)

/*
 * Chains of dependent instructions, CALIB_CHUNK a chunk, 10 * n in all:
 * TSC ticks per instruction.
 */
#define CALIB_CHUNK 100000
#define CALIB(name, insn)						\
static struct result run_calib_##name(long n)				\
{									\
	unsigned long long t0, x = 1, y = 1;				\
	long c, i, chunks = 10 * n / CALIB_CHUNK;			\
									\
	if (chunks < 1)							\
		chunks = 1;						\
	for (c = 0; c < chunks; c++) {					\
		t0 = tsc_begin();					\
		for (i = 0; i < CALIB_CHUNK / 100; i++)			\
			asm volatile(".rept 100\n\t" insn " %1, %0\n\t.endr" \
				     : "+r"(x) : "r"(y));		\
		chunk_ticks[c] = tsc_end() - t0;			\
	}								\
	sink = (int)x;							\
	return summarise(chunks, CALIB_CHUNK);				\
}
CALIB(add, "add")
CALIB(imul, "imul")

/* The TSC's rate, against CLOCK_MONOTONIC over 200 ms, in MHz. */
static double tsc_mhz(void)
{
	struct timespec a, b;
	unsigned long long t0, t1;
	double ns;

	clock_gettime(CLOCK_MONOTONIC, &a);
	t0 = tsc_begin();
	do
		clock_gettime(CLOCK_MONOTONIC, &b);
	while ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec) < 2e8);
	t1 = tsc_end();
	ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
	return (t1 - t0) / ns * 1e3;
}

static const struct variant {
	const char *name;
	struct result (*run)(long n);
	int watchers;		/* calls per notify point, checked */
} variants[] = {
	{ "empty",		run_empty,		0 },
	{ "direct",		run_direct,		TW_NR },
	{ "static-call",	run_static,		TW_NR },
	{ "table-plain",	run_table_plain,	TW_NR },
	{ "table-lfence",	run_table_lfence,	TW_NR },
	{ "table-lfence-thunk",	run_table_lfence_thunk,	TW_NR },
	{ "table-retpoline",	run_table_retpoline,	TW_NR },
	{ "calib-add",		run_calib_add,		-1 },
	{ "calib-imul",		run_calib_imul,		-1 },
};
#define NV (int)(sizeof(variants) / sizeof(variants[0]))

static unsigned long calls(void)
{
	unsigned long c = 0;
	int i;

	for (i = 0; i < TW_NR; i++)
		c += tw_count[i];
	return c;
}

static struct result run_checked(const struct variant *v, long n)
{
	unsigned long before = calls();
	struct result t = v->run(n);

	if (v->watchers >= 0 && calls() - before != (unsigned long)n * v->watchers) {
		fprintf(stderr, "%s: %lu watcher calls, expected %lu\n", v->name,
			calls() - before, (unsigned long)n * v->watchers);
		exit(1);
	}
	return t;
}

int main(int argc, char **argv)
{
	long iter = argc > 1 ? atol(argv[1]) : 10000000;
	int reps = argc > 2 ? atoi(argv[2]) : 21;
	int r, k;

	if (iter < CHUNK || iter % CHUNK || reps < 1) {
		fprintf(stderr, "usage: %s [ITER, a multiple of %d] [REPS >= 1]\n",
			argv[0], CHUNK);
		return 2;
	}
	/* a notify run has iter / CHUNK chunks, a calibration 10 * iter / CALIB_CHUNK */
	chunk_ticks = malloc(sizeof(*chunk_ticks) *
			     (iter / CHUNK > 10 * iter / CALIB_CHUNK + 1 ?
			      iter / CHUNK : 10 * iter / CALIB_CHUNK + 1));
	if (!chunk_ticks)
		return 1;
	if (__stop_tw_INIT - __start_tw_INIT != TW_NR) {
		fprintf(stderr, "table has %ld entries, expected %d\n",
			(long)(__stop_tw_INIT - __start_tw_INIT), TW_NR);
		return 1;
	}
	printf("# iter %ld reps %d watchers %d chunk %d calib_chunk %d\n",
	       iter, reps, TW_NR, CHUNK, CALIB_CHUNK);
	printf("# tsc_mhz %.1f\n", tsc_mhz());
	printf("# sample <round> <variant> <TSC ticks per call, median chunk> "
	       "<TSC ticks per call, whole run>\n");
	for (k = 0; k < NV; k++)		/* warm up, not recorded */
		run_checked(&variants[k], iter / 10 / CHUNK * CHUNK ?: CHUNK);
	for (r = 0; r < reps; r++)
		for (k = 0; k < NV; k++) {
			const struct variant *v = &variants[(r + k) % NV];

			struct result t = run_checked(v, iter);

			printf("sample %d %s %.4f %.4f\n", r, v->name, t.median, t.mean);
			fflush(stdout);
		}
	return 0;
}
