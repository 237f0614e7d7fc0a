## idiv (signed) at 8, 16, 32 and 64 bits with negative dividends and divisors: the quotient truncates
## toward zero and the remainder takes the dividend's sign. cqto; idiv of -7 by 2 gives -3, remainder -1.
# check: rax rdx rbx rsi rdi r8 r9 r10 r11 r12 r13 r14 r15
	.text
	.globl main
main:
	movabs $0x123456789abcfed4, %rax
	mov $7, %ecx
	idivb %cl
	mov %rax, %rbx
	mov $0xffff, %edx
	mov $0xfc18, %eax
	mov $0xfff9, %ecx
	idivw %cx
	mov %rax, %rsi
	mov %rdx, %rdi
	mov $-100000, %eax
	cltd
	mov $37, %ecx
	idivl %ecx
	mov %rax, %r8
	mov %rdx, %r9
	mov $7, %rax
	cqto
	mov $-2, %rcx
	idiv %rcx
	mov %rax, %r10
	mov %rdx, %r11
	mov $0, %eax
	mov $-1, %rdx
	mov $16, %ecx
	idiv %rcx
	mov %rax, %r12
	mov %rdx, %r13
	mov $-7, %rax
	cqto
	mov $-2, %rcx
	idiv %rcx
	mov %rax, %r14
	mov %rdx, %r15
	mov $-7, %rax
	cqto
	mov $2, %rcx
	idiv %rcx
	ret
	.section .note.GNU-stack,"",@progbits
