package org.vdsoexplorer.sim.cost;

/** The cost-table row an instruction is charged from (one per instruction, chosen when it is decoded). */
public enum CostClass {
    ALU, MOV, LEA, SHIFT, LOAD, STORE, LOAD_OP_STORE, PUSH, POP, CALL, RET, LEAVE, JMP, JCC, CMOV, SETCC,
    IMUL, MUL, DIV, NOP, PAUSE, LFENCE, RDTSC, RDTSCP, KERNEL_ENTRY;
}
