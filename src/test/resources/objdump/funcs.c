/* Functions for the objdump-format fixtures: half() uses SSE registers (outside the modelled subset),
 * the others stay inside it. half() comes first, so a run of the others must not trip over it. */
double half(double x) { return x / 2; }

long mul3(long x) { return x * 3; }

long divide(long a, long b) { return a / b; }

long sum(const long *p, long n) {
    long s = 0;
    for (long i = 0; i < n; i++) s += p[i];
    return s;
}
