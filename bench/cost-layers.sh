#!/usr/bin/env bash
# Where a traced real application's time goes, layer by layer, side by side in one run: plain; with a
# plain JFR recording (-XX:StartFlightRecording, what JFR alone costs the program); jtrace run tracing
# nothing (--include none.None: JFR, the agent, its class rewriting checks and the CLI around it); and
# traced whole (the default). ROUNDS rounds, each running every layer of every app once in turn;
# every wall-clock time in ms, then the medians' ratios to plain.
#   bench/cost-layers.sh [ROUNDS] [JAVA]     (defaults: 3 java; build first: mvn -q -B package -DskipTests)
# APPS="gson h2" limits the apps (the five of bench/real-apps.env by default); JTRACE=<executable>.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
JAVA=${2:-java}
JTRACE=${JTRACE:-jtrace/target/jtrace}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
source bench/real-apps.env # CP, cmd[APP]
read -ra apps <<<"${APPS:-gson javaparser h2 pdfbox jetty}"
layers="plain jfr none traced"
ms() { local s; s=$(date +%s%N); "$@" >/dev/null 2>&1; echo $((($(date +%s%N) - s) / 1000000)); }
declare -A wall
for ((r = 0; r < ROUNDS; r++)); do
    for a in "${apps[@]}"; do
        # shellcheck disable=SC2086
        wall[$a.plain]+="$(ms "$JAVA" -cp "$CP" ${cmd[$a]}) "
        # shellcheck disable=SC2086
        wall[$a.jfr]+="$(ms "$JAVA" -XX:StartFlightRecording:filename="$OUT/jfr.jfr" -cp "$CP" ${cmd[$a]}) "
        # shellcheck disable=SC2086
        wall[$a.none]+="$(ms "$JTRACE" run --include none.None -o "$OUT/none.jfr" -- "$JAVA" -cp "$CP" ${cmd[$a]}) "
        # shellcheck disable=SC2086
        wall[$a.traced]+="$(ms "$JTRACE" run -o "$OUT/traced.jfr" -- "$JAVA" -cp "$CP" ${cmd[$a]}) "
    done
done
source bench/median.sh # median
"$JAVA" -version 2>&1 | head -1
echo "$ROUNDS rounds, $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf "  %-11s %-24s %-24s %-24s %-24s\n" app "plain ms" "JFR alone ms (x)" "tracing nothing ms (x)" "traced ms (x)"
for a in "${apps[@]}"; do
    p=$(median "${wall[$a.plain]}")
    printf "  %-11s %-24s" "$a" "$p (${wall[$a.plain]% })"
    for l in jfr none traced; do
        m=$(median "${wall[$a.$l]}")
        printf " %-24s" "$m ($(awk -v m="$m" -v p="$p" 'BEGIN {printf "%.2fx", m / p}'))"
    done
    echo
done
