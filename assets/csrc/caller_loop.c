// SPDX-License-Identifier: GPL-2.0
/*
 * The caller loop of the seeds' benchmark, tools/testing/selftests/timens/gettime_perf.c (v5.6):
 * __vdso_clock_gettime() called through a global function pointer (found with dlsym) until the clock
 * has advanced 3 s past its first reading, counting iterations in a long. Written here with the same
 * statements and types; build-caller.sh compiles it the way the selftest Makefile does (CFLAGS
 * -Wall -Werror -pthread, no -O: gcc's default -O0), and the pipeline timing model schedules the
 * loop's instructions between calls (assets/timing.yaml, caller:).
 */
#include <time.h>

typedef int (*vgettime_t)(clockid_t, struct timespec *);

vgettime_t vdso_clock_gettime;

long caller_loop(clockid_t clockid)
{
	struct timespec tp, start;
	long i = 0;
	const int timeout = 3;

	vdso_clock_gettime(clockid, &start);
	tp = start;
	for (tp = start; start.tv_sec + timeout > tp.tv_sec ||
	     (start.tv_sec + timeout == tp.tv_sec && start.tv_nsec > tp.tv_nsec); i++)
		vdso_clock_gettime(clockid, &tp);
	return i;
}
