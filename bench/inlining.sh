#!/usr/bin/env bash
# How instrumentation changes the JIT's inlining of the traced application's own call sites: the
# SQL workload (H2, as in bench/real-apps.sh) run plain, traced (default timing) and traced with
# --timing full, each with -XX:+PrintInlining; counts the inlining decisions on call sites whose
# callee is the application's (org.h2.*), by outcome.
#   bench/inlining.sh [JAVA]        (build first: mvn -q -B package -DskipTests)
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA=${1:-java}
JTRACE=${JTRACE:-jtrace/target/jtrace} # JTRACE=<another build> to compare
CP="examples/target/classes:$(ls examples/target/lib/*.jar | tr '\n' ':')"
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
FLAGS="-XX:+UnlockDiagnosticVMOptions -XX:+PrintInlining"
# shellcheck disable=SC2086
"$JAVA" $FLAGS -cp "$CP" realapps.SqlDatabase 20000 >"$OUT/plain.txt" 2>&1
# shellcheck disable=SC2086
"$JTRACE" run -o "$OUT/t.jfr" -- "$JAVA" $FLAGS -cp "$CP" realapps.SqlDatabase 20000 >"$OUT/traced.txt" 2>&1
# shellcheck disable=SC2086
"$JTRACE" run --timing full -o "$OUT/f.jfr" -- "$JAVA" $FLAGS -cp "$CP" realapps.SqlDatabase 20000 >"$OUT/full.txt" 2>&1
"$JAVA" -version 2>&1 | head -1
# One decision per line: '@ BCI   org.h2.X::m (N bytes)   REASON'; JDK 25 adds '\-> TypeProfile' lines.
decisions() { grep -aE '^ *(\| *)*[ !]*@ [0-9]+ +org\.h2\.' "$1" | sed -E 's/^.*@ [0-9]+ +//; s/ +\([0-9]+ bytes\)//; s/ +failed to inline://; s/ +$//'; }
inlined='(inline|inline \(hot\)|accessor|intrinsic|\(intrinsic\))$'
for f in plain traced full; do decisions "$OUT/$f.txt" >"$OUT/$f.dec"; done
echo "inlining decisions (C1 and C2) on call sites whose callee is org.h2.*, by the JIT's reason:"
printf "  %-40s %10s %10s %10s\n" reason plain traced full
cat "$OUT"/*.dec | sed -E 's/^[^ ]+ +//' | sort | uniq -c | sort -rn | sed -E 's/^ *[0-9]+ //' | while read -r reason; do
    row=""
    for f in plain traced full; do row+=$(printf " %10s" "$(sed -E 's/^[^ ]+ +//' "$OUT/$f.dec" | grep -cxF "$reason" || true)"); done
    printf "  %-40s%s\n" "$reason" "$row"
done
for f in plain traced full; do
    echo "  $f: $(grep -cE "$inlined" "$OUT/$f.dec" || true) of $(wc -l <"$OUT/$f.dec") decisions inlined"
done
# Hot call sites: callees that C2 inlined as hot in the plain run. How many are never inlined traced?
grep -E 'inline \(hot\)$' "$OUT/plain.dec" | awk '{print $1}' | sort -u >"$OUT/hot"
for f in traced full; do
    grep -E "$inlined" "$OUT/$f.dec" | awk '{print $1}' | sort -u >"$OUT/$f.ok"
    echo "  hot callees inlined plain and never inlined $f: $(comm -23 "$OUT/hot" "$OUT/$f.ok" | wc -l) of $(wc -l <"$OUT/hot")"
done
