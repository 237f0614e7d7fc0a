## inc and dec: wrap-around, OF at the signed limits, and CF left as it was (set by the cmp)
# check: rax rbx rcx rdx r8 r9 r10 r11
# flags: CF ZF SF OF
	.text
	.globl main
main:
	mov $0x7f, %eax
	xor %edx, %edx
	cmp $1, %edx
	incb %al
	seto %r8b
	setc %r9b
	mov $0, %ebx
	decl %ebx
	sets %r10b
	movabs $0x8000000000000000, %rcx
	dec %rcx
	seto %r11b
	mov $0xffff, %edx
	inc %dx
	xor %esi, %esi
	cmp $1, %esi
	movabs $0x7fffffffffffffff, %rsi
	inc %rsi
	ret
	.section .note.GNU-stack,"",@progbits
