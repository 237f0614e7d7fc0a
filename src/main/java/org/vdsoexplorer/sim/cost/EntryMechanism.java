package org.vdsoexplorer.sim.cost;

/** How user code entered the kernel. */
public enum EntryMechanism {
    SYSCALL("syscall"), SYSENTER("sysenter"), INT80("int $0x80");

    private final String insn;

    EntryMechanism(String insn) { this.insn = insn; }

    public String instruction() { return insn; }
}
