# The same loop as spin.c in RV64 for RARS (java -jar rars.jar nc rv64 ic me spin.s): 35,000,008 instructions,
# exit status 160, the low byte of the same result.
.globl main
.text
main:
  li a0, 5000000
  li t0, 0
  li t1, 0
  li t2, 0
  li t3, 5
loop:
  slli t4, t1, 1
  add t1, t1, t4
  add t1, t1, t0
  mul t2, t2, t3
  add t2, t2, t1
  addi t0, t0, 1
  bne t0, a0, loop
  add a0, t1, t2
  li a7, 93
  ecall
