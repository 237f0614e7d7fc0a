// SPDX-License-Identifier: GPL-2.0
/*
 * validate_main.c - the native half of `vdso-explorer validate` (issue 22, item 5).
 *
 * Runs each variant's C model (assets/csrc/vdso_model.c, compiled and linked by the Java side exactly
 * as build-listings.sh makes its listing: same compiler, flags and vdso.lds) natively, in the caller
 * loop of the seeds' benchmark (assets/csrc/caller_loop.c, the loop of v5.6
 * tools/testing/selftests/timens/gettime_perf.c, compiled at -O0 as build-caller.sh does).
 *
 * Each image is mapped the way the kernel maps the vDSO: four vvar pages, then the image's PT_LOAD
 * segments, so the code's RIP-relative references to _vdso_data (+128), pvclock_page, hvclock_page and
 * _timens_data (slot 3 +128) land in pages this program fills as the model's kernel fills them
 * (model/kernel/Kernel.java, UpdateVsyscall.java): host task slot 0 = data (seq even, clock_mode
 * VCLOCK_TSC), slot 3 unbacked (PROT_NONE); namespace task slot 0 = the namespace page (seq 1,
 * clock_mode VCLOCK_TIMENS, offsets in the basetime union), slot 3 = data. mult and shift are the
 * running kernel's (argv); the bases come from this machine's clocks when a batch starts.
 *
 * caller_loop() runs until the clock it reads has advanced 3 s. A POSIX timer (CLOCK_MONOTONIC, a
 * hrtimer) ends a batch: its signal handler does what a timer tick's update_vsyscall() does, a seqlock
 * write (seq odd, bases moved on, seq even), here moving every base 10 s ahead, so the loop's next
 * reading ends it. The loop's return value counts the calls.
 *
 * Timing (after the live lab's Measurements and BHive's harness): the thread's CPU time around each
 * batch, a short warm-up batch of the same row before each timed one, rows interleaved within a round
 * (the starting row rotates each round), a batch with a context switch (getrusage RUSAGE_THREAD
 * ru_nvcsw + ru_nivcsw changed) thrown out and retried. The core clock is calibrated in every round by a
 * chain of dependent adds timed the same way. Pinned to the CPU it starts on when sched_setaffinity allows.
 *
 * usage: validate_main ROUNDS BATCH_US HRES_MULT HRES_SHIFT RAW_MULT RAW_SHIFT CLOCKS IMAGE...
 *   CLOCKS: comma-separated clock ids; IMAGE: task:variant:timens_mode_hex:path.so
 *   (task host or namespace; timens_mode 0 for a host task)
 * output, one TSV line each:
 *   I key value          facts (cpu, pinned, tsc_khz...)
 *   C round adds ns      one calibration batch
 *   R round task variant clock calls ns   one timed batch
 *   L round clock calls ns   libc clock_gettime() (the running kernel's vDSO) in a counted loop
 *   X round task variant clock retries   a row whose batches all had context switches
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

typedef int (*vgettime_t)(clockid_t, struct timespec *);
extern vgettime_t vdso_clock_gettime;	/* caller_loop.c */
long caller_loop(clockid_t clockid);

/* include/vdso/datapage.h, v5.6, as vdso_model.c declares it */
struct vts { uint64_t sec, nsec; };
struct vdso_data {
	uint32_t seq;
	int32_t clock_mode;
	uint64_t cycle_last, mask;
	uint32_t mult, shift;
	struct vts basetime[12];	/* union with struct timens_offset { s64 sec; u64 nsec; } */
	int32_t tz_minuteswest, tz_dsttime;
	uint32_t hrtimer_res, unused;
};
_Static_assert(sizeof(struct vdso_data) == 240, "v5.6 struct vdso_data is 240 bytes");

#define PAGE 4096
#define VVAR_PAGES 4
#define DATA_OFFSET 128

struct image {
	char task[16], variant[40];
	int namespace;
	uint32_t timens_mode;
	char *vvar;			/* slot 0 */
	struct vdso_data *data;		/* the real data: slot 0 (host) or slot 3 (namespace) */
	vgettime_t entry;
};

static uint32_t hres_mult, hres_shift, raw_mult, raw_shift;
static volatile struct vdso_data *tick_data;
static volatile int ticked;

static void die(const char *what) { fprintf(stderr, "validate_main: %s: %s\n", what, strerror(errno)); exit(3); }

static inline uint64_t rdtsc_now(void)
{
	uint32_t lo, hi;
	__asm__ __volatile__("lfence; rdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return lo | ((uint64_t)hi << 32);
}

static int64_t now_ns(clockid_t c)
{
	struct timespec t;
	if (clock_gettime(c, &t)) die("clock_gettime");
	return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* Maps IMAGE's PT_LOAD segments four pages above its vvar area; finds __vdso_clock_gettime in .dynsym. */
static void load(struct image *im, const char *path)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st)) die(path);
	unsigned char *f = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (f == MAP_FAILED) die("mmap image file");
	close(fd);
	Elf64_Ehdr *eh = (Elf64_Ehdr *)f;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_machine != EM_X86_64) { fprintf(stderr, "validate_main: %s: not x86-64 ELF\n", path); exit(3); }
	Elf64_Phdr *ph = (Elf64_Phdr *)(f + eh->e_phoff);
	uint64_t end = 0;
	for (int i = 0; i < eh->e_phnum; i++)
		if (ph[i].p_type == PT_LOAD && ph[i].p_vaddr + ph[i].p_memsz > end) end = ph[i].p_vaddr + ph[i].p_memsz;
	size_t text = (end + PAGE - 1) & ~(size_t)(PAGE - 1);
	char *base = mmap(NULL, VVAR_PAGES * PAGE + text, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED) die("mmap image");
	for (int i = 0; i < eh->e_phnum; i++)
		if (ph[i].p_type == PT_LOAD) memcpy(base + VVAR_PAGES * PAGE + ph[i].p_vaddr, f + ph[i].p_offset, ph[i].p_filesz);
	if (mprotect(base + VVAR_PAGES * PAGE, text, PROT_READ | PROT_EXEC)) die("mprotect text");
	Elf64_Shdr *sh = (Elf64_Shdr *)(f + eh->e_shoff);
	uint64_t entry = 0;
	for (int i = 0; i < eh->e_shnum && !entry; i++) {
		if (sh[i].sh_type != SHT_DYNSYM) continue;
		Elf64_Sym *sym = (Elf64_Sym *)(f + sh[i].sh_offset);
		const char *str = (const char *)(f + sh[sh[i].sh_link].sh_offset);
		for (size_t k = 0; k < sh[i].sh_size / sizeof(Elf64_Sym); k++)
			if (!strcmp(str + sym[k].st_name, "__vdso_clock_gettime")) entry = sym[k].st_value;
	}
	if (!entry) { fprintf(stderr, "validate_main: %s: no __vdso_clock_gettime\n", path); exit(3); }
	im->vvar = base;
	im->entry = (vgettime_t)(base + VVAR_PAGES * PAGE + entry);
	im->data = (struct vdso_data *)(base + (im->namespace ? 3 * PAGE : 0) + DATA_OFFSET);
	if (im->namespace) {
		/* timens_setup_vdso_data(): seq 1 forever, clock_mode TIMENS, offsets as Scenario.TIMENS has them */
		struct vdso_data *ns = (struct vdso_data *)(base + DATA_OFFSET);
		for (int b = 0; b < 2; b++) {
			ns[b].seq = 1;
			ns[b].clock_mode = (int32_t)im->timens_mode;
			ns[b].basetime[CLOCK_MONOTONIC].sec = 500;
			ns[b].basetime[CLOCK_MONOTONIC_RAW].sec = 500;
			ns[b].basetime[CLOCK_MONOTONIC_COARSE].sec = 500;
			ns[b].basetime[CLOCK_BOOTTIME].sec = 1000;
			ns[b].basetime[CLOCK_BOOTTIME_ALARM].sec = 1000;
		}
	} else if (mprotect(base + 3 * PAGE, PAGE, PROT_NONE)) {
		die("mprotect slot 3");	/* the host task's slot 3 is not backed */
	}
	munmap(f, st.st_size);
}

static void put_hres(struct vdso_data *d, int clk, uint32_t shift)
{
	int64_t t = now_ns(clk);
	d->basetime[clk].sec = t / 1000000000LL;
	d->basetime[clk].nsec = (uint64_t)(t % 1000000000LL) << shift;
}

static void put_coarse(struct vdso_data *d, int clk)
{
	int64_t t = now_ns(clk);
	d->basetime[clk].sec = t / 1000000000LL;
	d->basetime[clk].nsec = t % 1000000000LL;
}

/* update_vsyscall() as UpdateVsyscall.java orders it, from this machine's clocks and counter */
static void fill(struct vdso_data *d)
{
	uint64_t last = rdtsc_now();
	d[0].seq = d[1].seq = d[0].seq + 1;
	__asm__ __volatile__("" ::: "memory");
	d[0].clock_mode = d[1].clock_mode = 1; /* VCLOCK_TSC */
	put_hres(&d[0], CLOCK_REALTIME, hres_shift);
	put_coarse(&d[0], CLOCK_REALTIME_COARSE);
	put_coarse(&d[0], CLOCK_MONOTONIC_COARSE);
	d[0].hrtimer_res = 1;
	d[0].cycle_last = d[1].cycle_last = last;
	d[0].mask = d[1].mask = ~0ULL;
	d[0].mult = hres_mult; d[0].shift = hres_shift;
	d[1].mult = raw_mult; d[1].shift = raw_shift;
	put_hres(&d[0], CLOCK_MONOTONIC, hres_shift);
	put_hres(&d[0], CLOCK_BOOTTIME, hres_shift);
	put_hres(&d[1], CLOCK_MONOTONIC_RAW, raw_shift);
	put_hres(&d[0], CLOCK_TAI, hres_shift);
	__asm__ __volatile__("" ::: "memory");
	d[0].seq = d[1].seq = d[0].seq + 1;
}

/* The tick that ends a batch: a seqlock write moving every base 10 s on. */
static void on_tick(int sig)
{
	(void)sig;
	volatile struct vdso_data *d = tick_data;
	d[0].seq++; d[1].seq++;
	__asm__ __volatile__("" ::: "memory");
	for (int b = 0; b < 2; b++)
		for (int c = 0; c < 12; c++) d[b].basetime[c].sec += 10;
	__asm__ __volatile__("" ::: "memory");
	d[0].seq++; d[1].seq++;
	ticked = 1;
}

static timer_t timer;

static void arm(long us)
{
	struct itimerspec it = {{0, 0}, {us / 1000000, (us % 1000000) * 1000}};
	if (timer_settime(timer, 0, &it, NULL)) die("timer_settime");
}

static long switches(void)
{
	struct rusage r;
	if (getrusage(RUSAGE_THREAD, &r)) die("getrusage");
	return r.ru_nvcsw + r.ru_nivcsw;
}

/* One batch of image IM reading CLK for about US microseconds; 0 and *calls, *ns on success, -1 on a context switch. */
static int batch(struct image *im, int clk, long us, long *calls, int64_t *ns)
{
	fill(im->data);
	tick_data = im->data;
	vdso_clock_gettime = im->entry;
	ticked = 0;
	long s0 = switches();
	arm(us);
	int64_t t0 = now_ns(CLOCK_THREAD_CPUTIME_ID);
	long n = caller_loop(clk);
	int64_t t1 = now_ns(CLOCK_THREAD_CPUTIME_ID);
	long s1 = switches();
	if (!ticked) { fprintf(stderr, "validate_main: the loop ended before its tick\n"); exit(3); }
	*calls = n + 1;	/* the start reading and n in the loop */
	*ns = t1 - t0;
	return s1 == s0 ? 0 : -1;
}

/* ITERS x 64 dependent adds (64 cycles an iteration: add's latency is 1; dec/jnz runs beside it) */
static void add_chain(long iters)
{
	long x = 0;
	__asm__ __volatile__("1:\n\t.rept 64\n\tadd $1, %0\n\t.endr\n\tdec %1\n\tjnz 1b" : "+r"(x), "+r"(iters) : : "cc");
}

static int calibrate(long iters, int64_t *ns)
{
	long s0 = switches();
	int64_t t0 = now_ns(CLOCK_THREAD_CPUTIME_ID);
	add_chain(iters);
	int64_t t1 = now_ns(CLOCK_THREAD_CPUTIME_ID);
	*ns = t1 - t0;
	return switches() == s0 ? 0 : -1;
}

/* libc clock_gettime() through a function pointer, N times: the running kernel's vDSO, for comparison */
static vgettime_t volatile libc_gettime = clock_gettime;
static int libc_batch(int clk, long n, int64_t *ns)
{
	struct timespec tp;
	vgettime_t f = libc_gettime;
	long s0 = switches();
	int64_t t0 = now_ns(CLOCK_THREAD_CPUTIME_ID);
	for (long i = 0; i < n; i++) f(clk, &tp);
	int64_t t1 = now_ns(CLOCK_THREAD_CPUTIME_ID);
	*ns = t1 - t0;
	return switches() == s0 ? 0 : -1;
}

int main(int argc, char **argv)
{
	if (argc < 9) { fprintf(stderr, "usage: validate_main ROUNDS BATCH_US HRES_MULT HRES_SHIFT RAW_MULT RAW_SHIFT CLOCKS IMAGE...\n"); return 2; }
	int rounds = atoi(argv[1]);
	long us = atol(argv[2]);
	hres_mult = strtoul(argv[3], NULL, 0); hres_shift = strtoul(argv[4], NULL, 0);
	raw_mult = strtoul(argv[5], NULL, 0); raw_shift = strtoul(argv[6], NULL, 0);
	int clocks[16], nclocks = 0;
	for (char *s = strtok(argv[7], ","); s && nclocks < 16; s = strtok(NULL, ",")) clocks[nclocks++] = atoi(s);
	int nimages = argc - 8;
	struct image *im = calloc(nimages, sizeof *im);
	for (int i = 0; i < nimages; i++) {
		char *spec = strdup(argv[8 + i]);
		char *task = strtok(spec, ":"), *variant = strtok(NULL, ":"), *mode = strtok(NULL, ":"), *path = strtok(NULL, "");
		if (!path) { fprintf(stderr, "validate_main: bad image '%s'\n", argv[8 + i]); return 2; }
		snprintf(im[i].task, sizeof im[i].task, "%s", task);
		snprintf(im[i].variant, sizeof im[i].variant, "%s", variant);
		im[i].namespace = strcmp(task, "host") != 0;
		im[i].timens_mode = strtoul(mode, NULL, 16);
		load(&im[i], path);
	}
	setvbuf(stdout, NULL, _IOLBF, 0);

	int cpu = sched_getcpu();
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	int pinned = sched_setaffinity(0, sizeof set, &set) == 0;
	printf("I\tcpu\t%d\nI\tpinned\t%d\n", cpu, pinned);

	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_tick;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGRTMIN, &sa, NULL)) die("sigaction");
	struct sigevent sev;
	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = SIGRTMIN;
	sev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
	if (timer_create(CLOCK_MONOTONIC, &sev, &timer)) die("timer_create");

	/* the TSC's rate as this run sees it, for the record */
	int64_t w0 = now_ns(CLOCK_MONOTONIC_RAW); uint64_t c0 = rdtsc_now();
	int64_t ignored; calibrate(2000000, &ignored);
	int64_t w1 = now_ns(CLOCK_MONOTONIC_RAW); uint64_t c1 = rdtsc_now();
	printf("I\ttsc_khz_measured\t%.0f\n", (double)(c1 - c0) / (double)(w1 - w0) * 1e6);

	/* calibration size: about one batch */
	int64_t cns = 0;
	long iters = 100000;
	while (calibrate(iters, &cns), cns < us * 1000 / 2 && iters < (1L << 40)) iters *= 2;
	long libc_n = 1000;
	while (libc_batch(CLOCK_MONOTONIC, libc_n, &cns), cns < us * 1000 / 4 && libc_n < (1L << 40)) libc_n *= 2;
	printf("I\tadds_per_batch\t%ld\n", iters * 64);

	int rows = nimages * nclocks;
	for (int r = 0; r < rounds; r++) {
		for (int tries = 0; tries < 5; tries++) {
			if (calibrate(iters, &cns) == 0) { printf("C\t%d\t%ld\t%lld\n", r, iters * 64, (long long)cns); break; }
		}
		for (int c = 0; c < nclocks; c++)
			for (int tries = 0; tries < 5; tries++)
				if (libc_batch(clocks[c], libc_n, &cns) == 0) { printf("L\t%d\t%d\t%ld\t%lld\n", r, clocks[c], libc_n, (long long)cns); break; }
		for (int k = 0; k < rows; k++) {
			int idx = (k + r * 7) % rows;	/* rotate the order from round to round */
			struct image *m = &im[idx / nclocks];
			int clk = clocks[idx % nclocks];
			long calls; int64_t ns;
			int ok = 0, tries;
			for (tries = 0; tries < 5 && !ok; tries++) {
				batch(m, clk, us / 10 > 0 ? us / 10 : 1, &calls, &ns);	/* warm-up: caches, predictors */
				ok = batch(m, clk, us, &calls, &ns) == 0;
			}
			if (ok) printf("R\t%d\t%s\t%s\t%d\t%ld\t%lld\n", r, m->task, m->variant, clk, calls, (long long)ns);
			else printf("X\t%d\t%s\t%s\t%d\t%d\n", r, m->task, m->variant, clk, tries);
		}
	}
	return 0;
}
