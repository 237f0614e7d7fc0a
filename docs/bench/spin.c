/* The held-out-style loop of docs/benchmarks.md: gcc -O2 -c spin.c; objdump -d spin.o > spin.lst;
   vdso-explorer run spin.lst --entry spin --arg rdi=5000000 (35,000,008 instructions, rax 0xf3bb05ff44f54ea0). */
unsigned long spin(unsigned long n) {
    unsigned long x = 0, y = 0;
    for (unsigned long i = 0; i < n; i++) { x = x * 3 + i; y = y * 5 + x; }
    return x + y;
}
