#!/usr/bin/env bash
# Nothing dropped under load: the five real applications of bench/real-apps.sh traced whole, on
# each JDK given, with two CPU-bound processes beside them (started here; BURNERS=0 leaves them out
# when the machine is already loaded by other means, say so when quoting). For each run: the calls
# recorded, the batches and records the agent handed to JFR against those in the file (the
# agent's own counters, jtrace.TracerStatistics), JFR's jdk.DataLoss events, and every warning
# `jtrace run` printed. A run with a batch missing or a warning is a loss.
#   bench/under-load.sh [ROUNDS] [JAVA...]    (defaults: 1 java; build first: mvn -q -B package -DskipTests)
# JTRACE=<a jtrace executable> (default: the one just built); ONLY="h2 gson" limits the apps;
# JFR_OPTS adds options to the traced JVM (e.g. -XX:FlightRecorderOptions:memorysize=64m).
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-1}
shift || true
JAVAS=("$@")
[[ ${#JAVAS[@]} -eq 0 ]] && JAVAS=(java)
JTRACE=${JTRACE:-jtrace/target/jtrace}
BURNERS=${BURNERS:-2}
OUT=$(mktemp -d)
burners=()
cleanup() { for p in "${burners[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$OUT"; }
trap cleanup EXIT
for ((i = 0; i < BURNERS; i++)); do
    sh -c 'while :; do :; done' &
    burners+=($!)
done
apps=("gson" "javaparser" "h2" "pdfbox" "jetty")
if [[ -n ${ONLY:-} ]]; then read -ra apps <<<"$ONLY"; fi
source bench/real-apps.env # CP, cmd[APP]
echo "under load: $BURNERS CPU burner(s) started here on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-12s %-11s %5s %12s  %-24s %s\n" java app round calls "handed/in-file DataLoss" warnings
losses=0
for java in "${JAVAS[@]}"; do
    v=$("$java" -version 2>&1 | head -1 | sed 's/.*version "\([^"]*\)".*/\1/')
    for ((r = 1; r <= ROUNDS; r++)); do
        for a in "${apps[@]}"; do
            # shellcheck disable=SC2086
            "$JTRACE" run -o "$OUT/$a.jfr" -- "$java" ${JFR_OPTS:-} -cp "$CP" ${cmd[$a]} >/dev/null 2>"$OUT/$a.err" || true
            calls=$(sed -n 's/^jtrace: \([0-9,]*\) calls.*/\1/p' "$OUT/$a.err")
            # the agent's last counters and the file's batch events, from the JDK's own reader
            handed=$("$java" bench/UnderLoadCounts.java "$OUT/$a.jfr" 2>&1 | tail -1 || true)
            warnings=$(grep -c -i 'warning' "$OUT/$a.err" || true)
            printf "%-12s %-11s %5d %12s  %-24s %s\n" "$v" "$a" "$r" "${calls:-?}" "$handed" "$warnings"
            grep -i 'warning' "$OUT/$a.err" | sed 's/^/    /' || true
            if [[ $warnings -gt 0 || $handed == *LOSS* ]]; then losses=$((losses + 1)); fi
        done
    done
done
echo "under load: $losses run(s) with a loss; load at the end $(cut -d' ' -f1-3 /proc/loadavg)"
