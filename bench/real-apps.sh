#!/usr/bin/env bash
# Tracing real applications whole (every class not from the JDK, jtrace's default scope): a JSON
# binder (Gson), a Java parser (JavaParser), an SQL database (H2), a PDF library (PDFBox, writing
# documents and reading their text back) and a web server (Jetty, answering HTTP requests
# in-process), all from Maven Central,
# driven by examples/src/main/java/realapps. Plain and traced side by side in one run: ROUNDS
# rounds, each running every configuration once in turn; medians of whole-process wall-clock
# (jtrace run's own start-up and shut-down included). Also: calls recorded, bytes per call, and
# whether the traced output was identical to the plain one. "traced" is the default timing
# (adaptive: calls shorter than the clock go untimed), "full" is jtrace run --timing full.
#   bench/real-apps.sh [ROUNDS] [JAVA]      (defaults: 3 java; build first: mvn -q -B package -DskipTests)
# JTRACE=<a jtrace executable> times that build (default: the one just built); OTHER=<one> adds a column: the default timing traced by that build (an earlier
# commit's, say) in the same rounds, for a side-by-side comparison; ONLY="h2 gson" limits the apps.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
JAVA=${2:-java}
JTRACE=${JTRACE:-jtrace/target/jtrace}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

apps=("gson" "javaparser" "h2" "pdfbox" "jetty")
if [[ -n ${ONLY:-} ]]; then read -ra apps <<<"$ONLY"; fi
OTHER=${OTHER:-}
configs="plain traced full"
[[ -n $OTHER ]] && configs+=" other"
source bench/real-apps.env # CP, cmd[APP]
run() { # app config -> wall ns
    local start end
    start=$(date +%s%N)
    # shellcheck disable=SC2086
    case $2 in
        plain) "$JAVA" -cp "$CP" ${cmd[$1]} >"$OUT/$1.plain.out" 2>/dev/null ;;
        traced) "$JTRACE" run -o "$OUT/$1.jfr" -- "$JAVA" -cp "$CP" ${cmd[$1]} >"$OUT/$1.traced.out" 2>"$OUT/$1.err" ;;
        full) "$JTRACE" run --timing full -o "$OUT/$1.full.jfr" -- "$JAVA" -cp "$CP" ${cmd[$1]} >"$OUT/$1.full.out" 2>"$OUT/$1.full.err" ;;
        other) "$OTHER" run -o "$OUT/$1.other.jfr" -- "$JAVA" -cp "$CP" ${cmd[$1]} >"$OUT/$1.other.out" 2>"$OUT/$1.other.err" ;;
    esac
    end=$(date +%s%N)
    echo "$((end - start))"
}
declare -A wall
for ((r = 0; r < ROUNDS; r++)); do
    for a in "${apps[@]}"; do
        for c in $configs; do wall[$a.$c]+="$(run "$a" "$c") "; done
    done
done
source bench/median.sh # median
"$JAVA" -version 2>&1 | head -1
echo "real applications traced whole, $ROUNDS rounds, medians of whole-process wall-clock:"
printf "  %-11s %9s %9s %7s %13s %10s %8s  %-9s %9s %7s %8s" app plain traced ratio calls recording B/call output full ratio B/call
[[ -n $OTHER ]] && printf " %9s %7s %8s" other ratio B/call
echo
ratios=""
fullratios=""
otherratios=""
for a in "${apps[@]}"; do
    calls=$(sed -n 's/^jtrace: \([0-9,]*\) calls.*/\1/p' "$OUT/$a.err" | tr -d ,)
    bytes=$(stat -c %s "$OUT/$a.jfr")
    same=$(cmp -s "$OUT/$a.plain.out" "$OUT/$a.traced.out" && echo identical || echo DIFFERENT)
    p=$(median "${wall[$a.plain]}")
    t=$(median "${wall[$a.traced]}")
    f=$(median "${wall[$a.full]}")
    fbytes=$(stat -c %s "$OUT/$a.full.jfr")
    cmp -s "$OUT/$a.plain.out" "$OUT/$a.full.out" || same="$same, full DIFFERENT"
    ratios+="$(awk -v p="$p" -v t="$t" 'BEGIN {printf "%.2f", t / p}') "
    fullratios+="$(awk -v p="$p" -v t="$f" 'BEGIN {printf "%.2f", t / p}') "
    awk -v a="$a" -v p="$p" -v t="$t" -v c="$calls" -v b="$bytes" -v s="$same" -v f="$f" -v fb="$fbytes" \
        'BEGIN {printf "  %-11s %7.2f s %7.2f s %6.1fx %13d %7.1f MB %8.1f  %-9s %7.2f s %6.1fx %8.1f", a, p / 1e9, t / 1e9, t / p, c, b / 1e6, b / c, s, f / 1e9, f / p, fb / c}'
    if [[ -n $OTHER ]]; then
        o=$(median "${wall[$a.other]}")
        obytes=$(stat -c %s "$OUT/$a.other.jfr")
        cmp -s "$OUT/$a.plain.out" "$OUT/$a.other.out" || echo -n " (other's output DIFFERENT)"
        otherratios+="$(awk -v p="$p" -v t="$o" 'BEGIN {printf "%.2f", t / p}') "
        awk -v p="$p" -v o="$o" -v c="$calls" -v ob="$obytes" 'BEGIN {printf " %7.2f s %6.1fx %8.1f", o / 1e9, o / p, ob / c}'
    fi
    echo
done
echo -n "  median ratio: $(median "$ratios")x (full timing: $(median "$fullratios")x"
[[ -n $OTHER ]] && echo -n "; other: $(median "$otherratios")x"
echo ")"
