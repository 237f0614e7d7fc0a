package org.vdsoexplorer.sim.cpu;

/** A memory access the address space refuses: the signal the kernel would send (SIGSEGV, SIGBUS). */
public class Fault extends ExecutionException {
    private static final long serialVersionUID = 1L;

    private final String signal;
    private final long address;

    public Fault(String signal, long address, String why) {
        super(signal + " at 0x" + Long.toHexString(address) + ": " + why);
        this.signal = signal;
        this.address = address;
    }

    public String signal() { return signal; }

    public long address() { return address; }
}
