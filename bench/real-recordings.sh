#!/usr/bin/env bash
# Large recordings of real applications traced whole (jtrace's default scope: every class not from
# the JDK), shaped like the ones users make and complain about: several threads, dozens of JFR
# chunks, hundreds of MB, and every traced method's jtrace.MethodDefinition written again in every
# chunk (thousands of methods x dozens of chunks = tens of thousands of definition events). They
# are the input of bench/read-speed.sh, which times jtrace's reading commands on them.
#
#   json.jfr    Gson (2,000 orders serialized and bound back) on 5 threads at once, ~75M calls
#   sql.jfr     H2 in memory (inserts through prepared statements, a join, index look-ups), ~100M calls
#   parser.jfr  JavaParser parsing this repository's own sources (pinned commit), ~40M calls
#
#   bench/real-recordings.sh OUTDIR [JAVA]    (default java; build first: mvn -q -B package -DskipTests)
#
# A recording is made only if OUTDIR does not have it yet (each takes ~15-40 s on a 2-core
# machine), so the same files can be read again and again. Environment: JTRACE (default
# jtrace/target/jtrace) and EXAMPLES (default examples/target/classes) to use copies that a
# rebuild will not change under you.
#
# Chunks: the agent's recording has no size cap (maxsize 0) and leaves maxchunksize at JFR's
# default, 12 MB, so JFR starts a new chunk every ~12 MB of events. The workload sizes below are
# chosen for ~400-700 MB files, i.e. 30-60 chunks, without touching the agent's settings.
set -euo pipefail
cd "$(dirname "$0")/.."
OUTDIR=${1:?usage: bench/real-recordings.sh OUTDIR [JAVA]}
JAVA=${2:-java}
JTRACE=${JTRACE:-jtrace/target/jtrace}
EXAMPLES=${EXAMPLES:-examples/target/classes}
CP="$EXAMPLES:$(ls "$PWD"/examples/target/lib/*.jar | tr '\n' ':')"
mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)

# JavaParser's input: this repository's sources at a fixed commit (not the work tree, which
# changes), so that parser.jfr is the same recording whenever it is made.
SOURCES_COMMIT=7c63b2e
SOURCES="$OUTDIR/parser-sources-$SOURCES_COMMIT"
if [ ! -d "$SOURCES" ]; then
    mkdir -p "$SOURCES.tmp"
    git archive "$SOURCES_COMMIT" agent jfr-events jtrace e2e | tar -x -C "$SOURCES.tmp"
    mv "$SOURCES.tmp" "$SOURCES"
fi

names=(json sql parser)
declare -A cmd=(
    # 5 threads (orders-1..orders-5) sharing one Gson, each binding 2,000 orders 10 times
    [json]="realapps.GsonOrders 2000 10 5"
    [sql]="realapps.SqlDatabase 60000"
    [parser]="realapps.JavaSources $SOURCES 1"
)

for n in "${names[@]}"; do
    f="$OUTDIR/$n.jfr"
    if [ -f "$f" ]; then
        echo "== $n.jfr: already there"
    else
        # Made under another name and renamed when complete: an interrupted run leaves no
        # half-made .jfr that bench/read-speed.sh would pick up.
        echo "== $n.jfr: jtrace run -o $n.jfr -- $JAVA -cp ... ${cmd[$n]}"
        mkdir -p "$OUTDIR/.making"
        start=$(date +%s%N)
        # shellcheck disable=SC2086
        "$JTRACE" run -o "$OUTDIR/.making/$n.jfr" -- "$JAVA" -cp "$CP" ${cmd[$n]} \
            >"$OUTDIR/.making/$n.out" 2>"$OUTDIR/.making/$n.run.txt"
        end=$(date +%s%N)
        echo "made in $(( (end - start) / 1000000 )) ms" >>"$OUTDIR/.making/$n.run.txt"
        # jtrace run's report (calls, records, threads; bench/read-speed.sh takes the records from
        # it) and the program's output, kept beside the recording
        mv "$OUTDIR/.making/$n.out" "$OUTDIR/$n.out"
        sed "s|/.making/|/|" "$OUTDIR/.making/$n.run.txt" >"$OUTDIR/$n.run.txt"
        rm "$OUTDIR/.making/$n.run.txt"
        mv "$OUTDIR/.making/$n.jfr" "$f"
        rmdir "$OUTDIR/.making"
    fi
    cat "$OUTDIR/$n.out"
    grep -v '^Picked up' "$OUTDIR/$n.run.txt" || true
    # Chunks and the event types by count (with their bytes): what the readers have to get
    # through. (awk reads to the end: head closing the pipe early would fail it under pipefail.)
    printf " Size: %s bytes (%d MB)\n" "$(stat -c %s "$f")" "$(( $(stat -c %s "$f") / 1000000 ))"
    jfr summary "$f" | awk '/^ Chunks/ {print} /^ Event Type/ {t = 1} t && NF && n++ < 12'
    echo
done
