## rol and ror at 8, 32 and 64 bits, by 1, by an immediate and by %cl (masked to 5 or 6 bits); CF is the
## bit rotated last, OF is defined for counts of 1 (kept with seto)
# check: rax rbx rcx rdx rsi rdi r8 r9 r10 r11 r12 r13
# flags: CF
	.text
	.globl main
main:
	movabs $0x8000000000000001, %rax
	rol %rax
	setc %r8b
	seto %r9b
	mov $0x81, %ebx
	rorb %bl
	setc %r10b
	seto %r11b
	mov $0x12345678, %edx
	roll $12, %edx
	setc %r12b
	mov $0x87654321, %esi
	mov $36, %ecx
	rorl %cl, %esi
	setc %r13b
	movabs $0x0123456789abcdef, %rdi
	mov $68, %ecx
	ror %cl, %rdi
	mov $0xf0, %ecx
	rol $4, %cl
	ret
	.section .note.GNU-stack,"",@progbits
