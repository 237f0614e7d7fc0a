/* Loops for BlockCompilerTest: gcc -O2 -c loops.c; objdump -d loops.o > loops.lst (generate.sh).
   Each takes n in rdi and returns a value that depends on every turn. */
unsigned long spin(unsigned long n) {            /* lea, add, cmp, jne: the held-out-style loop */
    unsigned long x = 0, y = 0;
    for (unsigned long i = 0; i < n; i++) { x = x * 3 + i; y = y * 5 + x; }
    return x + y;
}
unsigned long xorshift(unsigned long n) {        /* shifts (generic ops inside a block) */
    unsigned long x = 88172645463325252UL;
    for (unsigned long i = 0; i < n; i++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; }
    return x;
}
unsigned long hash(unsigned long n) {            /* imul */
    unsigned long h = 1469598103934665603UL;
    for (unsigned long i = 0; i < n; i++) h = (h ^ (i & 0xff)) * 1099511628211UL;
    return h;
}
unsigned long collatz(unsigned long n) {         /* data-dependent branches, 32-bit ops */
    unsigned long steps = 0;
    for (unsigned long s = 1; s <= n; s++) {
        unsigned long x = s;
        while (x != 1) { x = (x & 1) ? 3 * x + 1 : x >> 1; steps++; }
    }
    return steps;
}
unsigned int mix32(unsigned int n) {             /* 32-bit arithmetic, cmov */
    unsigned int a = 1, b = 2;
    for (unsigned int i = 0; i < n; i++) { a += b ^ i; b = a > b ? a - b : b - a; b += i << 2; }
    return a ^ b;
}
unsigned long sum(unsigned long *p, unsigned long n) { /* loads: the block stops at each one */
    unsigned long s = 0;
    for (unsigned long i = 0; i < n; i++) s += p[i & 7] + i;
    return s;
}
