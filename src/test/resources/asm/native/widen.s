## cltq, cqto, cltd and cwtl on negative and positive values
# check: rax rbx rcx rdx rsi rdi r8
	.text
	.globl main
main:
	movabs $0x12345678fffffffe, %rax
	cltq
	mov %rax, %rbx
	mov $0x7fffffff, %eax
	cltq
	mov %rax, %rcx
	movabs $0x111111111111fff0, %rax
	cwtl
	mov %rax, %rsi
	movabs $0x2222222280000000, %rax
	movabs $0x3333333333333333, %rdx
	cltd
	mov %rdx, %rdi
	movabs $0x8000000000000000, %rax
	cqto
	mov %rdx, %r8
	mov $5, %eax
	cqto
	ret
	.section .note.GNU-stack,"",@progbits
