#!/usr/bin/env bash
# How much of a traced real application's time is JFR's: the five applications of real-apps.sh run
# plain, traced by this build, and traced by a copy of it patched (bench/no-jfr-bound.patch) so that
# the target's JVM never starts JFR: no -XX:FlightRecorderOptions, no Recording, no periodic hooks.
# The patched agent still rewrites every class and runs every probe, and still copies each batch's
# payload out of the thread's buffer as it does for JFR; the batch is then dropped, and no JFR event
# class is loaded (JDK 25 starts part of JFR to instrument one), so no recording is written. What it measures is the bound of a trace written without
# JFR: the patched run minus the cost of writing the same bytes to a file of jtrace's own.
# ROUNDS rounds, each running every configuration once in turn; medians of whole-process wall-clock.
#   bench/no-jfr-bound.sh [ROUNDS] [JAVA]   (defaults: 3 java; build first: mvn -q -B package -DskipTests)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
JAVA=${2:-java}
OUT=$(mktemp -d)
source bench/patched-build.sh # patched_build
patched_build no-jfr-bound.patch # HACK
apps=(gson javaparser h2 pdfbox jetty)
if [[ -n ${ONLY:-} ]]; then read -ra apps <<<"$ONLY"; fi
source bench/real-apps.env # CP, cmd[APP]
run() { # app config -> wall ms
    local start
    start=$(date +%s%N)
    # shellcheck disable=SC2086
    case $2 in
        plain) "$JAVA" -cp "$CP" ${cmd[$1]} >/dev/null 2>&1 ;;
        traced) jtrace/target/jtrace run -o "$OUT/$1.jfr" -- "$JAVA" -cp "$CP" ${cmd[$1]} >/dev/null 2>&1 ;;
        nojfr) JTRACE_NOJFR=1 "$HACK/jtrace/target/jtrace" run -o "$OUT/$1.nojfr.jfr" -- "$JAVA" -cp "$CP" ${cmd[$1]} >/dev/null 2>&1 || true ;;
    esac
    echo $((($(date +%s%N) - start) / 1000000))
}
declare -A wall
for ((r = 0; r < ROUNDS; r++)); do
    for a in "${apps[@]}"; do
        for c in plain traced nojfr; do wall[$a.$c]+="$(run "$a" "$c") "; done
    done
done
source bench/median.sh # median
"$JAVA" -version 2>&1 | head -1
echo "medians of $ROUNDS rounds, ms (ratio to plain):"
printf "  %-11s %7s %15s %15s\n" app plain traced "without JFR"
tr=""; nr=""
for a in "${apps[@]}"; do
    p=$(median "${wall[$a.plain]}"); t=$(median "${wall[$a.traced]}"); n=$(median "${wall[$a.nojfr]}")
    tr+="$(awk -v p="$p" -v t="$t" 'BEGIN {printf "%.2f", t / p}') "
    nr+="$(awk -v p="$p" -v t="$n" 'BEGIN {printf "%.2f", t / p}') "
    awk -v a="$a" -v p="$p" -v t="$t" -v n="$n" 'BEGIN {printf "  %-11s %7d %7d (%.2fx) %7d (%.2fx)\n", a, p, t, t / p, n, n / p}'
done
echo "  median ratio: traced $(median "$tr")x, without JFR $(median "$nr")x"
