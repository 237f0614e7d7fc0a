package org.vdsoexplorer.sim.cpu;

/** Execution stopped: an unsupported instruction, a fault, a runaway program. The message names where. */
public class ExecutionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ExecutionException(String message) { super(message); }
}
