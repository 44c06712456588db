#!/usr/bin/env bash
# How instrumentation changes the JIT's inlining of the traced application's own call sites: the
# SQL workload (H2, as in bench/real-apps.sh) run plain, traced (default timing) and traced with
# --timing full, each with -XX:+PrintInlining; counts the inlining decisions on call sites whose
# callee is the application's (org.h2.*), by outcome.
#   bench/inlining.sh [JAVA]        (build first: mvn -q -B package -DskipTests)
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA=${1:-java}
JTRACE=jtrace/target/jtrace
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
echo "inlining decisions (C1 and C2) on call sites whose callee is org.h2.*, by the JIT's reason:"
outcomes() { grep -aF "org.h2." "$1" | sed -E 's/^ *//; s/.*\([0-9]+ bytes\) *//; s/^failed to inline: //' | sort | uniq -c; }
for f in plain traced full; do outcomes "$OUT/$f.txt" >"$OUT/$f.counts"; done
printf "  %-40s %10s %10s %10s\n" reason plain traced full
cat "$OUT"/*.counts | sed -E 's/^ *[0-9]+ //' | sort -u | while read -r reason; do
    row=""
    for f in plain traced full; do
        n=$(awk -v r="$reason" '{c=$1; $1=""; sub(/^ /, ""); if ($0 == r) print c}' "$OUT/$f.counts")
        row+=$(printf " %10s" "${n:-0}")
    done
    printf "  %-40s%s\n" "$reason" "$row"
done
for f in plain traced full; do
    all=$(grep -acF "org.h2." "$OUT/$f.txt" || true)
    ok=$(grep -aF "org.h2." "$OUT/$f.txt" | grep -cE '(inline|inline \(hot\)|accessor|intrinsic)$' || true)
    echo "  $f: $ok of $all decisions inlined"
done
