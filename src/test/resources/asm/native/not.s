## not at 8, 16, 32 (zero-extends into the upper half) and 64 bits; not changes no flag
# check: rax rbx rcx rdx
# flags: CF ZF
	.text
	.globl main
main:
	movabs $0x1122334455667788, %rax
	notb %al
	movabs $0x1122334455667788, %rbx
	notw %bx
	movabs $0x1122334455667788, %rcx
	notl %ecx
	mov $0, %edx
	cmp $1, %edx
	movabs $0x1122334455667788, %rdx
	notq %rdx
	ret
	.section .note.GNU-stack,"",@progbits
