package org.vdsoexplorer.sim.timing;

import java.util.Arrays;
import java.util.Optional;

/**
 * The counter read Linux patches into the vDSO's {@code rdtsc_ordered()} at boot (v5.6
 * arch/x86/include/asm/msr.h: {@code ALTERNATIVE_2("rdtsc", "lfence; rdtsc", X86_FEATURE_LFENCE_RDTSC, "rdtscp",
 * X86_FEATURE_RDTSCP)}; the last matching alternative wins). Named in assets/timing.yaml as {@link #key()}.
 */
public enum CounterRead {
    /** The CPU has RDTSCP: the last alternative wins. */
    RDTSCP("rdtscp"),
    /** No RDTSCP, but LFENCE is dispatch serialising (X86_FEATURE_LFENCE_RDTSC). */
    LFENCE_RDTSC("lfence-rdtsc"),
    /** Neither: the unpatched instruction. */
    RDTSC("rdtsc");

    private final String key;

    CounterRead(String key) { this.key = key; }

    public String key() { return key; }

    /** The instructions as the vDSO holds them. */
    public String asm() { return this == LFENCE_RDTSC ? "lfence; rdtsc" : key; }

    public static Optional<CounterRead> byKey(String k) {
        return Arrays.stream(values()).filter(c -> c.key.equals(k)).findFirst();
    }
}
