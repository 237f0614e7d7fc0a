## divb divides AX: 0x1000 / 1 does not fit in AL, so #DE (SIGFPE), whatever DL holds
# check:
	.text
	.globl main
main:
	xor %edx, %edx
	mov $0x1000, %eax
	mov $1, %ecx
	divb %cl
	ret
	.section .note.GNU-stack,"",@progbits
