package org.vdsoexplorer.host.live;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * The C library calls the live lab makes, as Foreign Function and Memory downcalls (JDK 22+). The timed
 * calls use {@code Linker.Option.critical(false)} (no thread-state transition, the cheapest downcall) and
 * one preallocated timespec, so a loop of them is a loop of C calls plus a small, measured overhead
 * ({@link #labsLoop}). glibc's clock_gettime() calls the vDSO's; {@link #syscallLoop} enters the kernel
 * with libc's {@code syscall(SYS_clock_gettime, ...)}.
 */
public final class Native {
    /** x86-64 system call number of clock_gettime (arch/x86/entry/syscalls/syscall_64.tbl: 228). */
    public static final long SYS_CLOCK_GETTIME = 228;
    /** getauxval() key of the vDSO's ELF header address (include/uapi/linux/auxvec.h: AT_SYSINFO_EHDR 33). */
    public static final long AT_SYSINFO_EHDR = 33;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();
    private static final MethodHandle CLOCK_GETTIME = LINKER.downcallHandle(find("clock_gettime"),
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS), Linker.Option.critical(false));
    private static final MethodHandle SYSCALL = LINKER.downcallHandle(find("syscall"),
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS), Linker.Option.firstVariadicArg(1),
            Linker.Option.critical(false));
    private static final MethodHandle LABS = LINKER.downcallHandle(find("labs"),
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG), Linker.Option.critical(false));
    private static final MethodHandle GETAUXVAL = LINKER.downcallHandle(find("getauxval"),
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG));
    private static final MethodHandle SIGNAL = LINKER.downcallHandle(find("signal"),
            FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG));
    private static final MethodHandle RAISE = LINKER.downcallHandle(find("raise"),
            FunctionDescriptor.of(JAVA_INT, JAVA_INT));

    /** The one timespec every timed call writes (struct timespec: two longs). */
    private static final MemorySegment TS = Arena.global().allocate(16, 8);

    private Native() {}

    private static MemorySegment find(String name) {
        return LIBC.find(name).orElseThrow(() -> new IllegalStateException("the C library has no " + name + "()"));
    }

    /** One clock_gettime(clock) through libc (and so the vDSO), as nanoseconds; -1 if the call failed. */
    public static long clockNanos(int clock) {
        try {
            int rc = (int) CLOCK_GETTIME.invokeExact(clock, TS);
            return rc != 0 ? -1 : TS.get(JAVA_LONG, 0) * 1_000_000_000L + TS.get(JAVA_LONG, 8);
        } catch (Throwable t) {
            throw new IllegalStateException("clock_gettime: " + t, t);
        }
    }

    /** {@code n} calls of clock_gettime(clock, &ts); returns the sum of the return values (0 when all worked). */
    public static int clockLoop(int clock, long n) throws Throwable {
        int acc = 0;
        for (long i = 0; i < n; i++) acc += (int) CLOCK_GETTIME.invokeExact(clock, TS);
        return acc;
    }

    /** {@code n} calls of syscall(SYS_clock_gettime, clock, &ts): the kernel entry every call. */
    public static long syscallLoop(int clock, long n) throws Throwable {
        long acc = 0;
        for (long i = 0; i < n; i++) acc += (long) SYSCALL.invokeExact(SYS_CLOCK_GETTIME, (long) clock, TS);
        return acc;
    }

    /** {@code n} calls of labs(): a C function of a few instructions, i.e. the downcall's own cost. */
    public static long labsLoop(long n) throws Throwable {
        long acc = 0;
        for (long i = 0; i < n; i++) acc += (long) LABS.invokeExact(-i);
        return acc;
    }

    /** getauxval(key); 0 if the kernel did not pass it. */
    public static long getauxval(long key) {
        try {
            return (long) GETAUXVAL.invokeExact(key);
        } catch (Throwable t) {
            throw new IllegalStateException("getauxval: " + t, t);
        }
    }

    /** Ends this process with a real signal (the default action restored first, so the JVM cannot catch it). */
    static void dieBySignal(int signal) {
        try {
            long ignored = (long) SIGNAL.invokeExact(signal, 0L); // SIG_DFL
            int rc = (int) RAISE.invokeExact(signal);
        } catch (Throwable t) {
            Runtime.getRuntime().halt(128 + signal);
        }
    }
}
