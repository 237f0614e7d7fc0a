## sbb with CF clear and set, at 8, 32 and 64 bits; sbb %eax,%eax gives -CF
# check: rax rbx rcx rdx rsi r8 r9 r10
# flags: CF ZF SF OF
	.text
	.globl main
main:
	xor %eax, %eax
	cmp $1, %eax
	sbb %eax, %eax
	mov $5, %ebx
	cmp $6, %ebx
	sbb $2, %ebx
	setc %r8b
	mov $0x80, %ecx
	xor %edx, %edx
	cmp $0, %edx
	sbbb $1, %cl
	seto %r9b
	movabs $0x8000000000000000, %rsi
	mov $0, %edx
	cmp $1, %edx
	sbb $0, %rsi
	seto %r10b
	mov $3, %rdx
	cmp $4, %edx
	sbb $3, %rdx
	ret
	.section .note.GNU-stack,"",@progbits
