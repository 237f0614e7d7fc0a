/*
 * The C reference for the live lab (`live`): the same calls, timed the same way (the thread's CPU time,
 * interleaved rounds, median over rounds), from C, with no downcall in between. Test code only: the
 * product never needs a C compiler. Built and run by compare-with-c.sh.
 *
 *   clockloop [SECONDS] [ROUNDS]
 *
 * prints per call: clock path corrected_ns raw_ns labs_ns (medians over ROUNDS), where raw is the loop's
 * ns per call, labs_ns a loop of labs() through a function pointer (a call of a trivial C function, as
 * the Java side's downcall figure is), and corrected = raw - labs of the same round, as the Java side does.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

struct item { const char *clock, *path; clockid_t id; };
static const struct item items[] = {
	{"labs", "call", 0},
	{"realtime", "vdso", CLOCK_REALTIME},
	{"monotonic", "vdso", CLOCK_MONOTONIC},
	{"monotonic-coarse", "vdso", CLOCK_MONOTONIC_COARSE},
	{"monotonic-raw", "vdso", CLOCK_MONOTONIC_RAW},
	{"boottime", "vdso", CLOCK_BOOTTIME},
	{"monotonic", "syscall", CLOCK_MONOTONIC},
};
#define NITEMS (sizeof items / sizeof items[0])

static long long cpu_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static double run(const struct item *it, long n)
{
	struct timespec ts;
	long long t0 = cpu_ns();
	long (*volatile fn)(long) = labs;
	long acc = 0;
	if (it->path[0] == 'c') {
		long (*f)(long) = fn;
		for (long i = 0; i < n; i++) acc += f(-i);
	} else if (it->path[0] == 's') {
		for (long i = 0; i < n; i++) syscall(SYS_clock_gettime, it->id, &ts);
	} else {
		for (long i = 0; i < n; i++) clock_gettime(it->id, &ts);
	}
	double r = (double)(cpu_ns() - t0) / n;
	return acc == 1 ? r + 1e-9 : r;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, n, sizeof(double), cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 3;
	int rounds = argc > 2 ? atoi(argv[2]) : 7;
	static double guess[NITEMS], ns[NITEMS][1000], corr[NITEMS][1000];
	if (rounds < 1 || rounds > 1000) return 2;
	for (unsigned i = 0; i < NITEMS; i++) guess[i] = run(&items[i], 100000) + 0.1; /* warm-up and first guess */
	double budget = seconds * 1e9 / rounds / NITEMS;
	for (int r = 0; r < rounds; r++) {
		for (unsigned i = 0; i < NITEMS; i++) {
			long n = (long)(budget / guess[i]);
			if (n < 1000) n = 1000;
			ns[i][r] = guess[i] = run(&items[i], n);
			corr[i][r] = ns[i][r] - ns[0][r];
		}
	}
	for (unsigned i = 1; i < NITEMS; i++)
		printf("%s\t%s\t%.3f\t%.3f\t%.3f\n", items[i].clock, items[i].path, median(corr[i], rounds),
		       median(ns[i], rounds), median(ns[0], rounds));
	return 0;
}
