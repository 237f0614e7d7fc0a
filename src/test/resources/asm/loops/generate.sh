#!/bin/sh
# Regenerates loops.lst (the listing BlockCompilerTest runs) and loops.expect (what each loop returned natively,
# and the share of its instructions that must run in compiled blocks) from loops.c: gcc -O2 on x86-64.
set -eu
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O2 -c loops.c -o "$tmp/loops.o"
objdump -d "$tmp/loops.o" | sed "s|$tmp/||" > loops.lst
cat > "$tmp/harness.c" <<'C'
#include <stdio.h>
unsigned long spin(unsigned long), xorshift(unsigned long), hash(unsigned long), collatz(unsigned long);
unsigned long sum(unsigned long *, unsigned long);
unsigned int mix32(unsigned int);
int main(void) {
    unsigned long buf[8] = {0};
    printf("spin 100000 %lu 99\n", spin(100000));
    printf("xorshift 100000 %lu 99\n", xorshift(100000));
    printf("hash 100000 %lu 99\n", hash(100000));
    printf("collatz 3000 %lu 99\n", collatz(3000));
    printf("mix32 100000 %u 99\n", mix32(100000));
    printf("sum 100000 %lu 80\n", sum(buf, 100000)); /* the load stops a block: 7 of 8 instructions compiled */
    return 0;
}
C
gcc -O2 "$tmp/harness.c" "$tmp/loops.o" -o "$tmp/harness"
"$tmp/harness" > loops.expect
