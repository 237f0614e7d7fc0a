## division by zero raises #DE, which Linux delivers as SIGFPE
# check:
	.text
	.globl main
main:
	mov $1, %eax
	xor %edx, %edx
	xor %ecx, %ecx
	div %ecx
	ret
	.section .note.GNU-stack,"",@progbits
