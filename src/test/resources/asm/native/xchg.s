## xchg of registers at 64, 32 (both zero-extended, even xchg %eax,%eax) and 8 bits, and with memory
# check: rax rbx rcx rdx rsi rdi r8 r9
	.text
	.globl main
main:
	movabs $0x1111111111111111, %rax
	movabs $0x2222222222222222, %rbx
	xchg %rax, %rbx
	movabs $0x3333333333333333, %rcx
	movabs $0x4444444444444444, %rdx
	xchg %ecx, %edx
	movabs $0x5555555555555555, %rsi
	movabs $0x6666666666666666, %rdi
	xchg %sil, %dil
	movabs $0x7777777777777777, %r8
	push %r8
	movabs $0x0123456789abcdef, %r9
	xchg %r9, (%rsp)
	pop %r8
	movabs $0x8888888888888888, %rax
	xchg %eax, %eax
	ret
	.section .note.GNU-stack,"",@progbits
