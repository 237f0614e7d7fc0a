/*
 * vdso_model.c - vDSO Explorer's own C model of the Linux v5.6 x86-64
 * clock_gettime() read path (lib/vdso/gettimeofday.c semantics, written
 * for teaching; not a copy of the kernel's source).
 *
 * One file, one variant per set of -D flags (build-listings.sh lists them):
 *   VARIANT_TIMENS        time-namespace support (open-coded odd-seq loop with
 *                         the VCLOCK_TIMENS check inside it)
 *   VARIANT_READ_UNLIKELY unlikely() hint in vdso_read_begin() (PATCHv7 18/33)
 *   HRES_INLINE           how do_hres()/do_coarse() are declared
 *   TIMENS_INLINE         how do_hres_timens()/do_coarse_timens() are declared
 *   VARIANT_SWITCH_OFFSETS clock -> namespace offset lookup as a switch
 *   VARIANT_V5_13         what v5.13 changed on this path: likely() on the TSC
 *                         case of __arch_get_hw_counter() (v5.7, "x86/vdso: Mark
 *                         the TSC clocksource path likely"), vdso_cycles_ok()
 *                         right after the counter read, VDSO_CLOCKMODE_TIMENS
 *                         = INT_MAX. Without it the code is v5.6's: a plain if
 *                         on the TSC case, the (s64)cycles < 0 test after the
 *                         loads of basetime and cycle_last, VCLOCK_TIMENS =
 *                         UINT_MAX.
 *
 * The vvar pages are not defined here: the linker script (vdso.lds) places
 * them just below the vDSO text, as arch/x86/entry/vdso/vdso-layout.lds.S does.
 */
typedef unsigned char u8;
typedef signed char s8;
typedef unsigned int u32;
typedef int s32;
typedef unsigned long long u64;
typedef long long s64;
typedef int clockid_t;

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#define barrier()	__asm__ __volatile__("" : : : "memory")
#define smp_rmb()	barrier()	/* x86: loads are not reordered with loads */
#define READ_ONCE(x)	(*(const volatile __typeof__(x) *)&(x))
#define __always_inline	inline __attribute__((__always_inline__))
#define noinline	__attribute__((__noinline__))
#define BIT(n)		(1U << (n))
#define U64_MAX		(~0ULL)
#define NSEC_PER_SEC	1000000000UL

#define CLOCK_REALTIME			0
#define CLOCK_MONOTONIC			1
#define CLOCK_PROCESS_CPUTIME_ID	2
#define CLOCK_THREAD_CPUTIME_ID		3
#define CLOCK_MONOTONIC_RAW		4
#define CLOCK_REALTIME_COARSE		5
#define CLOCK_MONOTONIC_COARSE		6
#define CLOCK_BOOTTIME			7
#define CLOCK_REALTIME_ALARM		8
#define CLOCK_BOOTTIME_ALARM		9
#define CLOCK_TAI			11
#define MAX_CLOCKS			16

#define VDSO_BASES	(CLOCK_TAI + 1)
#define VDSO_HRES	(BIT(CLOCK_REALTIME) | BIT(CLOCK_MONOTONIC) | \
			 BIT(CLOCK_BOOTTIME) | BIT(CLOCK_TAI))
#define VDSO_COARSE	(BIT(CLOCK_REALTIME_COARSE) | BIT(CLOCK_MONOTONIC_COARSE))
#define VDSO_RAW	BIT(CLOCK_MONOTONIC_RAW)

#define CS_HRES_COARSE	0
#define CS_RAW		1
#define CS_BASES	(CS_RAW + 1)

/* x86 clock modes as in v5.6 (v5.7 renamed them VDSO_CLOCKMODE_*, same values) */
#define VCLOCK_NONE	0
#define VCLOCK_TSC	1
#define VCLOCK_PVCLOCK	2
#define VCLOCK_HVCLOCK	3
#ifdef VARIANT_V5_13
#define VCLOCK_TIMENS	0x7fffffff	/* VDSO_CLOCKMODE_TIMENS = INT_MAX (v5.7+) */
#else
#define VCLOCK_TIMENS	0xffffffffU	/* UINT_MAX (v5.6 include/vdso/datapage.h) */
#endif

#define __NR_clock_gettime	228
#define __NR_gettimeofday	96
#define NSEC_PER_USEC		1000U

struct vdso_timestamp {
	u64	sec;
	u64	nsec;		/* hres: ns << shift; coarse: plain ns */
};

struct timens_offset {
	s64	sec;
	u64	nsec;
};

/* include/vdso/datapage.h, v5.6: 240 bytes, an array of CS_BASES */
struct vdso_data {
	u32	seq;
	s32	clock_mode;
	u64	cycle_last;
	u64	mask;
	u32	mult;
	u32	shift;
	union {
		struct vdso_timestamp	basetime[VDSO_BASES];
		struct timens_offset	offset[VDSO_BASES];
	};
	s32	tz_minuteswest;
	s32	tz_dsttime;
	u32	hrtimer_res;
	u32	__unused;
};

/* arch/x86/include/asm/pvclock-abi.h */
struct pvclock_vcpu_time_info {
	u32	version;
	u32	pad0;
	u64	tsc_timestamp;
	u64	system_time;
	u32	tsc_to_system_mul;
	s8	tsc_shift;
	u8	flags;
	u8	pad[2];
};
#define PVCLOCK_TSC_STABLE_BIT	(1 << 0)

/* Hyper-V reference TSC page */
struct ms_hyperv_tsc_page {
	u32	tsc_sequence;
	u32	reserved1;
	u64	tsc_scale;
	s64	tsc_offset;
};

struct __kernel_timespec {
	s64	tv_sec;
	s64	tv_nsec;
};

struct __kernel_old_timeval {
	long	tv_sec;
	long	tv_usec;
};

struct timezone {
	int	tz_minuteswest;
	int	tz_dsttime;
};

/* Symbols the linker script puts in the vvar area below the text. */
extern struct vdso_data _vdso_data[CS_BASES] __attribute__((visibility("hidden")));
extern struct vdso_data _timens_data[CS_BASES] __attribute__((visibility("hidden")));
extern struct pvclock_vcpu_time_info pvclock_page __attribute__((visibility("hidden")));
extern struct ms_hyperv_tsc_page hvclock_page __attribute__((visibility("hidden")));

static __always_inline const struct vdso_data *__arch_get_vdso_data(void)
{
	return _vdso_data;		/* "page 0" of the vvar area */
}

static __always_inline const struct vdso_data *__arch_get_timens_vdso_data(void)
{
	return _timens_data;		/* the TIMENS slot: real data in a namespace task */
}

static __always_inline void cpu_relax(void)
{
	__asm__ __volatile__("rep; nop" : : : "memory");
}

/*
 * The counter read as the running kernel has it. v5.6 arch/x86/include/asm/msr.h (commit
 * be261ffce6f1, "x86: Remove X86_FEATURE_MFENCE_RDTSC", July 2019, in since v5.4):
 *
 *	asm volatile(ALTERNATIVE_2("rdtsc",
 *				   "lfence; rdtsc", X86_FEATURE_LFENCE_RDTSC,
 *				   "rdtscp", X86_FEATURE_RDTSCP)
 *			: EAX_EDX_RET(val, low, high)
 *			/\* RDTSCP clobbers ECX with MSR_TSC_AUX. *\/
 *			:: "ecx");
 *
 * The site is as long as its longest replacement (5 bytes). init_vdso_image()
 * (arch/x86/entry/vdso/vma.c) applies the alternatives to the vDSO image at boot;
 * the last one whose feature the CPU has wins, so every CPU with RDTSCP (Intel
 * since Nehalem, AMD since K8 revision F) runs rdtscp, the rest of the site
 * filled with the 2-byte nop 66 90 (objdump: xchg %ax,%ax), as `live vdso`
 * shows on a running kernel. Only a CPU without RDTSCP that sets LFENCE_RDTSC
 * runs lfence; rdtsc. COUNTER_READ_LFENCE_RDTSC builds that site instead; the
 * shipped listings are the rdtscp one (every core of assets/timing.yaml has
 * RDTSCP; CounterReadTest checks both). No "memory" clobber: loads may move
 * across the read, as in the kernel's code.
 */
#ifdef COUNTER_READ_LFENCE_RDTSC
#define RDTSC_ORDERED_SITE	"lfence\n\trdtsc"		/* 3 + 2 bytes */
#else
#define RDTSC_ORDERED_SITE	"rdtscp\n\t.byte 0x66, 0x90"	/* 3 bytes + the 2-byte nop */
#endif

static __always_inline u64 rdtsc_ordered(void)
{
	u32 low, high;

	__asm__ __volatile__(RDTSC_ORDERED_SITE : "=a" (low), "=d" (high) : : "ecx");
	return low | ((u64)high << 32);
}

static __always_inline u64 mul_u64_u32_shr(u64 a, u32 mul, unsigned int shift)
{
	return (u64)(((unsigned __int128)a * mul) >> shift);
}

static __always_inline u64 mul_u64_u64_shr(u64 a, u64 mul, unsigned int shift)
{
	return (u64)(((unsigned __int128)a * mul) >> shift);
}

/* KVM pvclock: its own version loop on the pvclock page */
static u64 vread_pvclock(void)
{
	const struct pvclock_vcpu_time_info *pvti = &pvclock_page;
	u32 version;
	u64 ret, delta;

	do {
		version = READ_ONCE(pvti->version) & ~1U;
		smp_rmb();
		if (unlikely(!(READ_ONCE(pvti->flags) & PVCLOCK_TSC_STABLE_BIT)))
			return U64_MAX;
		delta = rdtsc_ordered() - pvti->tsc_timestamp;
		if (pvti->tsc_shift < 0)
			delta >>= -pvti->tsc_shift;
		else
			delta <<= pvti->tsc_shift;
		ret = pvti->system_time + mul_u64_u32_shr(delta, pvti->tsc_to_system_mul, 32);
		smp_rmb();
	} while (unlikely(READ_ONCE(pvti->version) != version));

	return ret;
}

/* Hyper-V TSC page: reference time in 100 ns units */
static u64 vread_hvclock(void)
{
	const struct ms_hyperv_tsc_page *tsc_pg = &hvclock_page;
	u64 scale, tsc;
	s64 offset;
	u32 sequence;

	do {
		sequence = READ_ONCE(tsc_pg->tsc_sequence);
		if (!sequence)
			return U64_MAX;		/* TSC page invalid */
		smp_rmb();
		scale = READ_ONCE(tsc_pg->tsc_scale);
		offset = READ_ONCE(tsc_pg->tsc_offset);
		tsc = rdtsc_ordered();
		smp_rmb();
	} while (READ_ONCE(tsc_pg->tsc_sequence) != sequence);

	return mul_u64_u64_shr(tsc, scale, 64) + offset;
}

/* v5.6: static inline, s32 clock_mode, a plain if on the TSC case */
static inline u64 __arch_get_hw_counter(s32 clock_mode)
{
#ifdef VARIANT_V5_13
	if (likely(clock_mode == VCLOCK_TSC))
#else
	if (clock_mode == VCLOCK_TSC)
#endif
		return rdtsc_ordered();
	if (clock_mode == VCLOCK_PVCLOCK) {
		barrier();
		return vread_pvclock();
	}
	if (clock_mode == VCLOCK_HVCLOCK) {
		barrier();
		return vread_hvclock();
	}
	return U64_MAX;		/* looks negative: the caller falls back */
}

/* x86 override of the generic helper (v5.6) */
static __always_inline u64 vdso_calc_delta(u64 cycles, u64 last, u64 mask, u32 mult)
{
	if (cycles > last)
		return (cycles - last) * mult;
	return 0;
}

static __always_inline u32 __iter_div_u64_rem(u64 dividend, u32 divisor, u64 *remainder)
{
	u32 ret = 0;

	while (dividend >= divisor) {
		/* keeps gcc from turning the loop into a division */
		__asm__("" : "+rm" (dividend));
		dividend -= divisor;
		ret++;
	}
	*remainder = dividend;
	return ret;
}

static __always_inline u32 vdso_read_begin(const struct vdso_data *vd)
{
	u32 seq;

#ifdef VARIANT_READ_UNLIKELY
	while (unlikely((seq = READ_ONCE(vd->seq)) & 1))
#else
	while ((seq = READ_ONCE(vd->seq)) & 1)
#endif
		cpu_relax();
	smp_rmb();
	return seq;
}

static __always_inline u32 vdso_read_retry(const struct vdso_data *vd, u32 start)
{
	u32 seq;

	smp_rmb();
	seq = READ_ONCE(vd->seq);
	return seq != start;
}

/*
 * The fallbacks' asm as v5.6 arch/x86/include/asm/vdso/gettimeofday.h has it: not
 * volatile; clock_gettime_fallback() names *ts as its memory output and clobbers
 * rcx and r11; gettimeofday_fallback() clobbers "memory" and (as in the kernel)
 * does not list rcx and r11.
 */
static __always_inline long clock_gettime_fallback(clockid_t _clkid, struct __kernel_timespec *_ts)
{
	long ret;

	__asm__ ("syscall" : "=a" (ret), "=m" (*_ts) :
		 "0" ((long)__NR_clock_gettime), "D" (_clkid), "S" (_ts) :
		 "rcx", "r11");
	return ret;
}

static __always_inline long gettimeofday_fallback(struct __kernel_old_timeval *_tv,
						 struct timezone *_tz)
{
	long ret;

	__asm__ ("syscall" : "=a" (ret) :
		 "0" ((long)__NR_gettimeofday), "D" (_tv), "S" (_tz) : "memory");
	return ret;
}

/*
 * Where the counter value is checked: v5.6 tests (s64)cycles < 0 after loading
 * basetime[].nsec and cycle_last; v5.13 tests vdso_cycles_ok(cycles) (x86:
 * (s64)cycles >= 0) right after the read.
 */
#ifdef VARIANT_V5_13
#define CYCLES_OK_EARLY(c)	do { if (unlikely((s64)(c) < 0)) return -1; } while (0)
#define CYCLES_OK_LATE(c)	do { } while (0)
#else
#define CYCLES_OK_EARLY(c)	do { } while (0)
#define CYCLES_OK_LATE(c)	do { if (unlikely((s64)(c) < 0)) return -1; } while (0)
#endif

#ifdef VARIANT_TIMENS
#ifdef VARIANT_SWITCH_OFFSETS
/*
 * The rejected alternative: a switch from the clock id to its offset. Only the
 * clocks the vDSO serves reach it (VDSO_HRES, VDSO_COARSE, VDSO_RAW in
 * __cvdso_clock_gettime_common()), so CLOCK_BOOTTIME_ALARM has no case here.
 */
static __always_inline void timens_add_offset(const struct vdso_data *vdns, clockid_t clk,
					      s64 *sec, u64 *nsec)
{
	switch (clk) {
	case CLOCK_MONOTONIC:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_MONOTONIC_COARSE:
		*sec += vdns->offset[CLOCK_MONOTONIC].sec;
		*nsec += vdns->offset[CLOCK_MONOTONIC].nsec;
		break;
	case CLOCK_BOOTTIME:
		*sec += vdns->offset[CLOCK_BOOTTIME].sec;
		*nsec += vdns->offset[CLOCK_BOOTTIME].nsec;
		break;
	default:
		break;
	}
}
#else
/* Gleixner's design: an unconditional array-indexed add. */
static __always_inline void timens_add_offset(const struct vdso_data *vdns, clockid_t clk,
					      s64 *sec, u64 *nsec)
{
	const struct timens_offset *offs = &vdns->offset[clk];

	*sec += offs->sec;
	*nsec += offs->nsec;
}
#endif

TIMENS_INLINE int do_hres_timens(const struct vdso_data *vdns, clockid_t clk,
				 struct __kernel_timespec *ts)
{
	const struct vdso_data *vd = __arch_get_timens_vdso_data();
	const struct vdso_timestamp *vdso_ts;
	u64 cycles, last, ns;
	u32 seq;
	s64 sec;

	if (clk != CLOCK_MONOTONIC_RAW)
		vd = &vd[CS_HRES_COARSE];
	else
		vd = &vd[CS_RAW];
	vdso_ts = &vd->basetime[clk];

	do {
		seq = vdso_read_begin(vd);
		cycles = __arch_get_hw_counter(vd->clock_mode);
		CYCLES_OK_EARLY(cycles);
		ns = vdso_ts->nsec;
		last = vd->cycle_last;
		CYCLES_OK_LATE(cycles);

		ns += vdso_calc_delta(cycles, last, vd->mask, vd->mult);
		ns >>= vd->shift;
		sec = vdso_ts->sec;
	} while (unlikely(vdso_read_retry(vd, seq)));

	timens_add_offset(vdns, clk, &sec, &ns);

	ts->tv_sec = sec + __iter_div_u64_rem(ns, NSEC_PER_SEC, &ns);
	ts->tv_nsec = ns;
	return 0;
}

TIMENS_INLINE int do_coarse_timens(const struct vdso_data *vdns, clockid_t clk,
				   struct __kernel_timespec *ts)
{
	const struct vdso_data *vd = __arch_get_timens_vdso_data();
	const struct vdso_timestamp *vdso_ts = &vd->basetime[clk];
	u64 nsec;
	s64 sec;
	u32 seq;

	do {
		seq = vdso_read_begin(vd);
		sec = vdso_ts->sec;
		nsec = vdso_ts->nsec;
	} while (unlikely(vdso_read_retry(vd, seq)));

	timens_add_offset(vdns, clk, &sec, &nsec);

	ts->tv_sec = sec + __iter_div_u64_rem(nsec, NSEC_PER_SEC, &nsec);
	ts->tv_nsec = nsec;
	return 0;
}
#endif /* VARIANT_TIMENS */

HRES_INLINE int do_hres(const struct vdso_data *vd, clockid_t clk,
			struct __kernel_timespec *ts)
{
	const struct vdso_timestamp *vdso_ts = &vd->basetime[clk];
	u64 cycles, last, sec, ns;
	u32 seq;

	do {
#ifdef VARIANT_TIMENS
		/*
		 * Open coded: a namespace task's page 0 is the namespace page,
		 * seq stuck at 1 and clock_mode VCLOCK_TIMENS. The check costs
		 * nothing on the fast path: it only runs while seq is odd.
		 */
		while (unlikely((seq = READ_ONCE(vd->seq)) & 1)) {
			if (vd->clock_mode == VCLOCK_TIMENS)
				return do_hres_timens(vd, clk, ts);
			cpu_relax();
		}
		smp_rmb();
#else
		seq = vdso_read_begin(vd);
#endif
		cycles = __arch_get_hw_counter(vd->clock_mode);
		CYCLES_OK_EARLY(cycles);
		ns = vdso_ts->nsec;
		last = vd->cycle_last;
		CYCLES_OK_LATE(cycles);

		ns += vdso_calc_delta(cycles, last, vd->mask, vd->mult);
		ns >>= vd->shift;
		sec = vdso_ts->sec;
	} while (unlikely(vdso_read_retry(vd, seq)));

	/* Outside the loop: a race inside it could make this very slow. */
	ts->tv_sec = sec + __iter_div_u64_rem(ns, NSEC_PER_SEC, &ns);
	ts->tv_nsec = ns;
	return 0;
}

HRES_INLINE int do_coarse(const struct vdso_data *vd, clockid_t clk,
			  struct __kernel_timespec *ts)
{
	const struct vdso_timestamp *vdso_ts = &vd->basetime[clk];
	u32 seq;

	do {
#ifdef VARIANT_TIMENS
		while ((seq = READ_ONCE(vd->seq)) & 1) {
			if (vd->clock_mode == VCLOCK_TIMENS)
				return do_coarse_timens(vd, clk, ts);
			cpu_relax();
		}
		smp_rmb();
#else
		seq = vdso_read_begin(vd);
#endif
		ts->tv_sec = vdso_ts->sec;
		ts->tv_nsec = vdso_ts->nsec;
	} while (unlikely(vdso_read_retry(vd, seq)));

	return 0;
}

#if defined(VARIANT_NO_RETRY) || defined(VARIANT_NO_READ_ONCE)
/*
 * Broken on purpose (teaching). The readers below are do_hres() and do_coarse()
 * of the 'unlikely' build (no time namespaces) with one seqlock rule taken out;
 * the two callers further down use them instead (the #defines at the end).
 *
 * VARIANT_NO_RETRY: the reader waits for an even seq, reads the data and
 * returns. It never loads seq again, so an update that starts after its first
 * load of seq goes unnoticed: the data it returns can be half old, half new.
 *
 * VARIANT_NO_READ_ONCE: plain loads of seq and no smp_rmb(). Nothing tells the
 * compiler that seq can change while the reader runs, so it may keep the first
 * load's value in a register and decide the retry check can never fire.
 */
#ifdef VARIANT_NO_RETRY
#define broken_read_begin(vd)		vdso_read_begin(vd)
#define broken_read_retry(vd, seq)	((void)(seq), 0)	/* never retries */
#else
static __always_inline u32 broken_read_begin(const struct vdso_data *vd)
{
	u32 seq;

	while (unlikely((seq = vd->seq) & 1))	/* plain load, no READ_ONCE() */
		cpu_relax();
	return seq;				/* no smp_rmb() */
}

static __always_inline u32 broken_read_retry(const struct vdso_data *vd, u32 start)
{
	return vd->seq != start;		/* no smp_rmb(), plain load */
}
#endif

HRES_INLINE int do_hres_broken(const struct vdso_data *vd, clockid_t clk, struct __kernel_timespec *ts)
{
	const struct vdso_timestamp *vdso_ts = &vd->basetime[clk];
	u32 seq;
	u64 cycles, last, ns, sec;

	/* Only the TSC path is broken: the other clock modes go to the real reader. */
	do {
		seq = broken_read_begin(vd);
		if (unlikely(vd->clock_mode != VCLOCK_TSC))
			return do_hres(vd, clk, ts);
		cycles = rdtsc_ordered();	/* as in the kernel: no memory clobber, so a missing READ_ONCE() shows */
		ns = vdso_ts->nsec;
		last = vd->cycle_last;
		CYCLES_OK_LATE(cycles);
		ns = (ns + vdso_calc_delta(cycles, last, vd->mask, vd->mult)) >> vd->shift;
		sec = vdso_ts->sec;
	} while (unlikely(broken_read_retry(vd, seq)));

	sec += __iter_div_u64_rem(ns, NSEC_PER_SEC, &ns);
	ts->tv_sec = sec;
	ts->tv_nsec = ns;
	return 0;
}

HRES_INLINE int do_coarse_broken(const struct vdso_data *vd, clockid_t clk, struct __kernel_timespec *ts)
{
	const struct vdso_timestamp *vdso_ts = &vd->basetime[clk];
	u32 seq;
	u64 sec, nsec;

	do {
		seq = broken_read_begin(vd);
		sec = vdso_ts->sec;
		nsec = vdso_ts->nsec;
	} while (unlikely(broken_read_retry(vd, seq)));

	ts->tv_sec = sec;	/* stored after the loop, as do_coarse_timens() does */
	ts->tv_nsec = nsec;
	return 0;
}

#define do_hres		do_hres_broken
#define do_coarse	do_coarse_broken
#endif /* VARIANT_NO_RETRY || VARIANT_NO_READ_ONCE */

static __always_inline int __cvdso_clock_gettime_common(clockid_t clock,
							struct __kernel_timespec *ts)
{
	const struct vdso_data *vd = __arch_get_vdso_data();
	u32 msk;

	/* Negative or out-of-range clock ids */
	if (unlikely((u32)clock >= MAX_CLOCKS))
		return -1;

	/* One bit per clock id: which clocks the vDSO serves itself */
	msk = 1U << clock;
	if (likely(msk & VDSO_HRES))
		vd = &vd[CS_HRES_COARSE];
	else if (msk & VDSO_COARSE)
		return do_coarse(&vd[CS_HRES_COARSE], clock, ts);
	else if (msk & VDSO_RAW)
		vd = &vd[CS_RAW];
	else
		return -1;

	return do_hres(vd, clock, ts);
}

static __always_inline int __cvdso_clock_gettime(clockid_t clock, struct __kernel_timespec *ts)
{
	int ret = __cvdso_clock_gettime_common(clock, ts);

	if (unlikely(ret))
		return clock_gettime_fallback(clock, ts);
	return 0;
}

/* gettimeofday() is do_hres()'s second caller, as in the real vDSO */
static __always_inline int __cvdso_gettimeofday(struct __kernel_old_timeval *tv,
						struct timezone *tz)
{
	const struct vdso_data *vd = __arch_get_vdso_data();

	if (likely(tv != 0)) {
		struct __kernel_timespec ts;

		if (do_hres(&vd[CS_HRES_COARSE], CLOCK_REALTIME, &ts))
			return gettimeofday_fallback(tv, tz);

		tv->tv_sec = ts.tv_sec;
		tv->tv_usec = (u32)ts.tv_nsec / NSEC_PER_USEC;
	}

	if (unlikely(tz != 0)) {
#ifdef VARIANT_TIMENS
		if (vd->clock_mode == VCLOCK_TIMENS)
			vd = __arch_get_timens_vdso_data();
#endif
		tz->tz_minuteswest = vd[CS_HRES_COARSE].tz_minuteswest;
		tz->tz_dsttime = vd[CS_HRES_COARSE].tz_dsttime;
	}
	return 0;
}

int __vdso_clock_gettime(clockid_t clock, struct __kernel_timespec *ts)
{
	return __cvdso_clock_gettime(clock, ts);
}

int __vdso_gettimeofday(struct __kernel_old_timeval *tv, struct timezone *tz)
{
	return __cvdso_gettimeofday(tv, tz);
}
