## shld and shrd at 32 and 64 bits, by an immediate and by %cl; CF is the last bit shifted out
# check: rax rbx rdx rsi rdi r8 r9
# flags: CF
	.text
	.globl main
main:
	movabs $0x8123456789abcdef, %rax
	movabs $0xfedcba9876543210, %rdx
	shld $4, %rdx, %rax
	setc %r8b
	mov $0x80000001, %ebx
	mov $0xc0000000, %esi
	mov $33, %ecx
	shld %cl, %esi, %ebx
	setc %r9b
	movabs $0x00000000000000ff, %rdi
	movabs $0x0123456789abcdef, %rcx
	shrd $8, %rcx, %rdi
	mov $0x1, %edx
	shld $63, %rdx, %rdx
	ret
	.section .note.GNU-stack,"",@progbits
