#!/usr/bin/env bash
# The cost of --args: the real applications of bench/real-apps.sh (Gson, JavaParser, H2, PDFBox from
# Maven Central) traced whole, once with call tracing alone and once with the arguments and return value
# of every method recorded (--args '**'), on every JDK given, all side by side in one run: ROUNDS
# rounds, each running every configuration once in turn; medians of whole-process wall-clock
# (jtrace run's own start-up and shut-down included). Also: the records each run wrote, the
# recording sizes, bytes per value (the growth divided by the argument and return-value records
# added), and whether the output was the plain run's.
#   bench/args.sh [ROUNDS] [JAVA...]      (defaults: 3, java and /usr/lib/jvm/temurin-25-jdk-amd64/bin/java if present;
#                                          APPS="h2" for some of them; build first: mvn -q -B package -DskipTests)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
shift || true
JAVAS=("$@")
if [ ${#JAVAS[@]} -eq 0 ]; then
    JAVAS=(java)
    [ -x /usr/lib/jvm/temurin-25-jdk-amd64/bin/java ] && JAVAS+=(/usr/lib/jvm/temurin-25-jdk-amd64/bin/java)
fi
JTRACE=jtrace/target/jtrace
CP="examples/target/classes:$(ls examples/target/lib/*.jar | tr '\n' ':')"
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

read -r -a apps <<<"${APPS:-gson javaparser h2 pdfbox}"
declare -A cmd=(
    [gson]="realapps.GsonOrders 2000 5"
    [javaparser]="realapps.JavaSources $PWD/agent/src 2"
    [h2]="realapps.SqlDatabase 20000"
    [pdfbox]="realapps.PdfDocuments 10 10"
)
configs=("plain" "calls" "args")
run() { # jdk-index app config -> wall ns
    local java=${JAVAS[$1]} key="$1.$2.$3" start end
    start=$(date +%s%N)
    # shellcheck disable=SC2086
    case $3 in
        plain) "$java" -cp "$CP" ${cmd[$2]} >"$OUT/$key.out" 2>/dev/null ;;
        calls) "$JTRACE" run -o "$OUT/$key.jfr" -- "$java" -cp "$CP" ${cmd[$2]} >"$OUT/$key.out" 2>"$OUT/$key.err" ;;
        args) "$JTRACE" run -o "$OUT/$key.jfr" --args '**' -- "$java" -cp "$CP" ${cmd[$2]} >"$OUT/$key.out" 2>"$OUT/$key.err" ;;
    esac
    end=$(date +%s%N)
    echo "$((end - start))"
}
declare -A wall
for ((r = 0; r < ROUNDS; r++)); do
    for a in "${apps[@]}"; do
        for j in "${!JAVAS[@]}"; do
            for c in "${configs[@]}"; do wall[$j.$a.$c]+="$(run "$j" "$a" "$c") "; done
        done
    done
done
source bench/median.sh # median
records() { sed -n 's/^jtrace: [0-9,]* calls (\([0-9,]*\) records).*/\1/p' "$1" | tr -d ,; }
echo "--args '**' against call tracing alone, $ROUNDS rounds side by side, medians of whole-process wall-clock:"
printf "  %-6s %-11s %8s %8s %8s %7s %13s %13s %9s %9s %7s  %s\n" jdk app plain calls args ratio \
    "call records" "value records" "calls MB" "args MB" "B/value" output
for j in "${!JAVAS[@]}"; do
    v=$("${JAVAS[$j]}" -version 2>&1 | head -1 | sed 's/.*version "\([0-9]*\).*/\1/')
    ratios=""
    for a in "${apps[@]}"; do
        p=$(median "${wall[$j.$a.plain]}")
        c=$(median "${wall[$j.$a.calls]}")
        g=$(median "${wall[$j.$a.args]}")
        rc=$(records "$OUT/$j.$a.calls.err")
        ra=$(records "$OUT/$j.$a.args.err")
        bc=$(stat -c %s "$OUT/$j.$a.calls.jfr")
        ba=$(stat -c %s "$OUT/$j.$a.args.jfr")
        same=identical
        for c2 in calls args; do cmp -s "$OUT/$j.$a.plain.out" "$OUT/$j.$a.$c2.out" || same="DIFFERENT ($c2)"; done
        ratios+="$(awk -v c="$c" -v g="$g" 'BEGIN {printf "%.2f", g / c}') "
        awk -v v="$v" -v a="$a" -v p="$p" -v c="$c" -v g="$g" -v rc="$rc" -v ra="$ra" -v bc="$bc" -v ba="$ba" -v s="$same" \
            'BEGIN {printf "  %-6s %-11s %6.2f s %6.2f s %6.2f s %6.2fx %13d %13d %9.1f %9.1f %7.2f  %s\n",
                    v, a, p / 1e9, c / 1e9, g / 1e9, g / c, rc, ra - rc, bc / 1e6, ba / 1e6, (ba - bc) / (ra - rc), s}'
    done
    echo "  JDK $v: ratio args/calls median $(median "$ratios")x, highest $(tr ' ' '\n' <<<"$ratios" | sort -n | tail -1)x"
done
