#!/bin/sh
# Checks the live lab's Java figures against a C loop of the same calls on this machine (README, "Your
# machine"). Test tooling only: needs gcc, a built jar (./mvnw -DskipTests package) and, for the namespace
# rows, unshare --time (root, or -r). Runs Java and C alternately REPS times (the machine may be shared:
# alternating puts both under the same load) and compares the medians over the repetitions:
# corrected figures (both sides: raw minus a trivial call, labs(), of the same round) within 20 % for the
# hres clocks and the syscall and within 2 ns for the coarse clock; raw figures are printed beside them.
#
#   src/test/c/compare-with-c.sh [REPS] [SECONDS]
set -eu
REPS=${1:-3}
SECONDS_PER_RUN=${2:-3}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
JAR="$ROOT/target/vdso-explorer.jar"
# the launcher finds a JDK 25 (bin/find-jdk) even where the default java is older
LAUNCHER="$ROOT/bin/vdso-explorer"
[ -f "$JAR" ] || { echo "compare-with-c: build the jar first (./mvnw -DskipTests package)" >&2; exit 2; }
command -v gcc >/dev/null || { echo "compare-with-c: gcc is needed for the C reference loop" >&2; exit 2; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
gcc -O2 -Wall -o "$WORK/clockloop" "$HERE/clockloop.c"
NS="unshare --time --monotonic 500 --boottime 1000"
$NS true 2>/dev/null || NS="unshare -r --time --monotonic 500 --boottime 1000"
$NS true 2>/dev/null || { echo "compare-with-c: no time namespace here (unshare --time refused); host rows only" >&2; NS=""; }
i=1
while [ "$i" -le "$REPS" ]; do
    "$LAUNCHER" live --seconds "$SECONDS_PER_RUN" --format tsv 2>/dev/null | tail -n +2 |
        awk -F'\t' -v r="$i" '{print "java", r, $1, $2, $3, $4, $6}' >> "$WORK/all"
    "$WORK/clockloop" "$SECONDS_PER_RUN" 7 | awk -F'\t' -v r="$i" '{print "c", r, "host", $1, $2, $3, $4}' >> "$WORK/all"
    [ -n "$NS" ] && $NS "$WORK/clockloop" "$SECONDS_PER_RUN" 7 |
        awk -F'\t' -v r="$i" '{print "c", r, "timens", $1, $2, $3, $4}' >> "$WORK/all"
    i=$((i + 1))
done
mkdir -p "$ROOT/target"
cp "$WORK/all" "$ROOT/target/compare-with-c.runs"
awk '
function med(a, n,    i, j, t) {
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{ k = $3 " " $4 " " $5; keys[k] = 1; n = ++cnt[$1, k]; corr[$1, k, n] = $6 }
{ rawn = ++rcnt[$1, k]; raw[$1, k, rawn] = $7 }
END {
    printf "%-7s %-17s %-8s %10s %10s %8s %10s %10s  %s\n", "task", "clock", "path", "java_corr", "c_corr", "diff", "java_raw", "c_raw", "target"
    fail = 0
    for (k in keys) {
        split(k, f, " ")
        nj = cnt["java", k]; nc = cnt["c", k]
        if (nj == 0 || nc == 0) continue
        for (i = 1; i <= nj; i++) { a[i] = corr["java", k, i]; b[i] = raw["java", k, i] }
        jc = med(a, nj); jr = med(b, nj); split("", a); split("", b)
        for (i = 1; i <= nc; i++) { a[i] = corr["c", k, i]; b[i] = raw["c", k, i] }
        cc = med(a, nc); cr = med(b, nc); split("", a); split("", b)
        coarse = f[2] ~ /coarse/
        ok = coarse ? (jc - cc < 2 && cc - jc < 2) : (jc <= cc * 1.2 && jc >= cc * 0.8)
        if (!ok) fail = 1
        printf "%-7s %-17s %-8s %10.2f %10.2f %+7.1f%s %10.2f %10.2f  %s %s\n", f[1], f[2], f[3], jc, cc,
            coarse ? jc - cc : 100 * (jc - cc) / cc, coarse ? "ns" : "%", jr, cr, coarse ? "within 2 ns" : "within 20 %", ok ? "ok" : "MISSED"
    }
    exit fail
}' "$WORK/all"
