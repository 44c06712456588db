#!/bin/sh
# Exception-heavy workload: N throw/catch pairs (default 1,000,000), each thrown three frames
# down, run plain, traced, and traced with --no-exceptions, ROUNDS times side by side; prints
# the median wall-clock time of each and the ratios. Build first: mvn -q -B package -DskipTests
# Usage: bench/exception-storm.sh [N] [ROUNDS]   (JAVA=/path/to/java to pick the JDK)
set -eu
cd "$(dirname "$0")/.."
N=${1:-1000000}
ROUNDS=${2:-5}
JAVA=${JAVA:-java}
CP=examples/target/classes
JT=jtrace/target/jtrace
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
now() { date +%s.%N; }
for i in $(seq "$ROUNDS"); do
  for v in plain traced noexc; do
    s=$(now)
    case $v in
      plain) "$JAVA" -cp $CP workloads.ExceptionStorm "$N" >/dev/null ;;
      traced) $JT run -o "$OUT/storm.jfr" -- "$JAVA" -cp $CP workloads.ExceptionStorm "$N" >/dev/null 2>&1 ;;
      noexc) $JT run --no-exceptions -o "$OUT/storm-noexc.jfr" -- "$JAVA" -cp $CP workloads.ExceptionStorm "$N" >/dev/null 2>&1 ;;
    esac
    echo "$v $(echo "$(now) - $s" | bc)"
  done
done | sort -k1,1 -k2,2n | awk -v r="$ROUNDS" '
  { t[$1, ++n[$1]] = $2 }
  END {
    m = int((r + 1) / 2)
    p = t["plain", m]; x = t["traced", m]; q = t["noexc", m]
    printf "median of %d: plain %.2f s, traced %.2f s (%.1fx), traced --no-exceptions %.2f s (%.1fx)\n", r, p, x, x / p, q, q / p
  }'
ls -l "$OUT"/*.jfr | awk '{ printf "%s %.1f MB\n", $NF, $5 / 1048576 }'
