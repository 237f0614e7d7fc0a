package org.vdsoexplorer.sim.cpu;

import org.vdsoexplorer.sim.cost.CostClass;

/** Where cycles go, for the counters' breakdown. */
public enum Category {
    COUNTER_READ("counter read"), LOADS("loads"), STORES("stores"), PUSH_POP("push/pop"),
    CALL_RET("call/ret"), BRANCHES("branches"), ALU("alu"), SPIN("cpu_relax"), SEQ_RETRY("seq retries"),
    SYSCALL("syscall"), HARNESS("caller loop");

    private final String label;

    Category(String label) { this.label = label; }

    public String label() { return label; }

    public static Category of(CostClass c) {
        return switch (c) {
            case LFENCE, RDTSC, RDTSCP -> COUNTER_READ;
            case LOAD, LOAD_OP_STORE -> LOADS;
            case STORE -> STORES;
            case PUSH, POP, LEAVE -> PUSH_POP;
            case CALL, RET -> CALL_RET;
            case JMP, JCC -> BRANCHES;
            case PAUSE -> SPIN;
            case KERNEL_ENTRY -> SYSCALL;
            default -> ALU;
        };
    }
}
