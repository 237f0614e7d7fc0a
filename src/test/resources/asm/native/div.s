## div (unsigned) at 8, 16, 32 and 64 bits. divb divides AX (not DL:AL): DL holds garbage here, and AH
## gets the remainder while the rest of rax is kept.
# check: rax rdx rbx rsi rdi r8 r9 r10 r11
	.text
	.globl main
main:
	mov $0x7f55, %edx
	movabs $0xaaaaaaaaaaaa1234, %rax
	mov $0x56, %ecx
	divb %cl
	mov %rax, %rbx
	mov %rdx, %rsi
	mov $0x3, %edx
	mov $0x1234, %eax
	mov $0x1000, %ecx
	divw %cx
	mov %rax, %rdi
	mov %rdx, %r8
	mov $0x5, %edx
	mov $0x12345678, %eax
	mov $0x10000001, %ecx
	divl %ecx
	mov %rax, %r9
	mov %rdx, %r10
	movabs $0x123456789abcdef0, %rax
	mov $0x1234, %edx
	movabs $0xfedcba9876543210, %rcx
	divq %rcx
	mov %rax, %r11
	ret
	.section .note.GNU-stack,"",@progbits
