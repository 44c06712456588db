#!/usr/bin/env bash
# Variable and line tracing cost on the 2007 paper's Counter (sum 1..N through add(), a dot per
# step to stdout, here /dev/null), plain and traced, side by side in one run: ROUNDS rounds, each
# running every configuration once in turn; medians. Two clocks:
#   process  whole-process wall-clock (what the paper measured), including jtrace run's fixed
#            start-up and shut-down (its own JVM, starting JFR, writing and summing the recording);
#   program  the program's own wall-clock from main() to its last line (System.nanoTime).
#   bench/vars.sh [N] [ROUNDS] [JAVA]      (defaults: 10000 11 java; build first: mvn -q -B package -DskipTests)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10000}
ROUNDS=${2:-11}
JAVA=${3:-java}
JTRACE=jtrace/target/jtrace
CP=examples/target/classes
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

configs=("plain" "calls" "vars" "vars+lines")
run() { # config -> "process_ns program_ns"
    local start end err="$OUT/$1.err"
    start=$(date +%s%N)
    case $1 in
        plain) "$JAVA" -Dcounter.timing=true -cp "$CP" counter.PaperCounter "$N" >/dev/null 2>"$err" ;;
        calls) "$JTRACE" run -o "$OUT/c.jfr" -- "$JAVA" -Dcounter.timing=true -cp "$CP" counter.PaperCounter "$N" >/dev/null 2>"$err" ;;
        vars) "$JTRACE" run -o "$OUT/v.jfr" --vars 'counter.**' -- "$JAVA" -Dcounter.timing=true -cp "$CP" counter.PaperCounter "$N" >/dev/null 2>"$err" ;;
        vars+lines) "$JTRACE" run -o "$OUT/vl.jfr" --vars 'counter.**' --lines 'counter.**' -- "$JAVA" -Dcounter.timing=true -cp "$CP" counter.PaperCounter "$N" >/dev/null 2>"$err" ;;
    esac
    end=$(date +%s%N)
    echo "$((end - start)) $(sed -n 's/^elapsed_ns=//p' "$err")"
}
declare -A process program
for ((r = 0; r < ROUNDS; r++)); do
    for c in "${configs[@]}"; do
        read -r p q <<<"$(run "$c")"
        process[$c]+="$p "
        program[$c]+="$q "
    done
done
source bench/median.sh # median
base_process=$(median "${process[plain]}")
base_program=$(median "${program[plain]}")
"$JAVA" -version 2>&1 | head -1
echo "counter.PaperCounter $N, $ROUNDS rounds, medians:"
printf "  %-11s %10s %8s   %10s %8s   %s\n" config process ratio program ratio records
for c in "${configs[@]}"; do
    records=$(grep -o '[0-9,]* records' "$OUT/$c.err" || true)
    awk -v c="$c" -v p="$(median "${process[$c]}")" -v bp="$base_process" -v q="$(median "${program[$c]}")" -v bq="$base_program" -v r="$records" \
        'BEGIN {printf "  %-11s %8.3f s %7.2fx   %8.1f ms %7.2fx   %s\n", c, p / 1e9, p / bp, q / 1e6, q / bq, r}'
done
