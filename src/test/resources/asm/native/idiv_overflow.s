## the most negative 64-bit number divided by -1 does not fit: #DE (SIGFPE)
# check:
	.text
	.globl main
main:
	movabs $0x8000000000000000, %rax
	cqto
	mov $-1, %rcx
	idiv %rcx
	ret
	.section .note.GNU-stack,"",@progbits
