/*
 * legacy.c - the 2007 paths, when the i386 vDSO held no time functions and
 * clock_gettime() was always a system call (vDSO Explorer's own model,
 * compiled as x86-64 so the same interpreter runs it; the i386 register
 * roles are kept: eax = syscall number 265, ebx = clock id, ecx = timespec).
 *
 *   legacy_int80_clock_gettime    CONFIG_PARAVIRT turned the vDSO off:
 *                                 glibc enters the kernel with int $0x80
 *   legacy_sysenter_clock_gettime glibc calls __kernel_vsyscall in the vDSO,
 *                                 which enters with sysenter
 */
#define __NR_i386_clock_gettime	265

struct __kernel_timespec;

__asm__(
	"	.text\n"
	"	.globl	__kernel_vsyscall\n"
	"	.hidden	__kernel_vsyscall\n"
	"	.type	__kernel_vsyscall, @function\n"
	"__kernel_vsyscall:\n"
	"	push	%rcx\n"
	"	push	%rdx\n"
	"	push	%rbp\n"
	"	mov	%rsp, %rbp\n"
	"	sysenter\n"
	"	pop	%rbp\n"
	"	pop	%rdx\n"
	"	pop	%rcx\n"
	"	ret\n"
	"	.size	__kernel_vsyscall, .-__kernel_vsyscall\n");

long legacy_int80_clock_gettime(int clock, struct __kernel_timespec *ts)
{
	long ret;

	__asm__ __volatile__("int $0x80"
			     : "=a" (ret)
			     : "0" ((long)__NR_i386_clock_gettime), "b" ((long)clock), "c" (ts)
			     : "memory");
	return ret;
}

long legacy_sysenter_clock_gettime(int clock, struct __kernel_timespec *ts)
{
	long ret;

	__asm__ __volatile__("call __kernel_vsyscall"
			     : "=a" (ret)
			     : "0" ((long)__NR_i386_clock_gettime), "b" ((long)clock), "c" (ts)
			     : "memory", "rdx");
	return ret;
}
