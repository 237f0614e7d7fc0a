# run_case: calls the case's main with every register but rsp zero (as the interpreter's tests start) and
# the callee-saved registers preserved, then stores every register and rflags into regs[] (harness.c).
	.text
	.globl run_case
run_case:
	push %rbx
	push %rbp
	push %r12
	push %r13
	push %r14
	push %r15
	xor %eax, %eax
	xor %ecx, %ecx
	xor %edx, %edx
	xor %ebx, %ebx
	xor %ebp, %ebp
	xor %esi, %esi
	xor %edi, %edi
	xor %r8d, %r8d
	xor %r9d, %r9d
	xor %r10d, %r10d
	xor %r11d, %r11d
	xor %r12d, %r12d
	xor %r13d, %r13d
	xor %r14d, %r14d
	xor %r15d, %r15d
	call case_main
	mov %rax, regs+0(%rip)
	mov %rcx, regs+8(%rip)
	mov %rdx, regs+16(%rip)
	mov %rbx, regs+24(%rip)
	mov %rsi, regs+48(%rip)
	mov %rdi, regs+56(%rip)
	mov %r8, regs+64(%rip)
	mov %r9, regs+72(%rip)
	mov %r10, regs+80(%rip)
	mov %r11, regs+88(%rip)
	mov %r12, regs+96(%rip)
	mov %r13, regs+104(%rip)
	mov %r14, regs+112(%rip)
	mov %r15, regs+120(%rip)
	pushfq
	pop %rax
	mov %rax, regs+128(%rip)
	pop %r15
	pop %r14
	pop %r13
	pop %r12
	pop %rbp
	pop %rbx
	ret
	.section .note.GNU-stack,"",@progbits
