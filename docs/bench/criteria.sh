#!/bin/bash
# Issue 27's command-line criteria in interleaved rounds (docs/benchmarks.md, "A fifth session").
# usage: docs/bench/criteria.sh ROUNDS OUT OLD_APP RARS_JAR
#   OLD_APP   a checkout of the build compared against (e.g. 3b35fcd), built with ./mvnw package
#   RARS_JAR  RARS (github.com/TheThirdOne/rars), built from its sources
# Each round runs, in turn: report (old, this build), report --timing pipeline, seeds (old, this build), bench,
# bench --timing pipeline, RARS on spin.s and this build's run on spin.c's gcc -O2 listing; /usr/bin/time's wall,
# user and system seconds on one line each, outputs kept in OUT.
set -eu
[ $# -eq 4 ] || { echo "usage: $0 ROUNDS OUT OLD_APP RARS_JAR" >&2; exit 2; }
rounds=$1 out=$2 old=$3/bin/vdso-explorer rars=$4
here=$(cd "$(dirname "$0")" && pwd)
new=$here/../../bin/vdso-explorer
mkdir -p "$out"
gcc -O2 -c "$here/spin.c" -o "$out/spin.o"
objdump -d "$out/spin.o" > "$out/spin.lst"
t() {
    name=$1; shift
    /usr/bin/time -f "%e %U %S" -o "$out/time.txt" "$@" > "$out/$name-$r.out" 2>&1 || true
    echo "$name $(tail -1 "$out/time.txt")"
}
for r in $(seq "$rounds"); do
    echo "== round $r $(date +%H:%M:%S)"
    t report-old "$old" report
    t report-new "$new" report
    t pipeline-new "$new" report --timing pipeline
    t seeds-old "$old" seeds
    t seeds-new "$new" seeds
    t bench-add "$new" bench
    t bench-pipe "$new" bench --timing pipeline
    t rars java -jar "$rars" nc rv64 ic me "$here/spin.s"
    t run "$new" run "$out/spin.lst" --entry spin --arg rdi=5000000 --max-instructions 40000000
    echo "bench-add $(grep overall "$out/bench-add-$r.out")"
    echo "bench-pipe $(grep overall "$out/bench-pipe-$r.out")"
done
