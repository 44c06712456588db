#!/usr/bin/env bash
# jtrace diff on two real recordings: two runs of JavaParser parsing the same 163 files of this
# repository (bench/real-recordings.sh's parser.jfr, made twice). The same input twice is the
# slowest case for the first divergence: no thread parts ways, so every record of both is walked.
#
#   bench/diff.sh OUTDIR [ROUNDS]    (build first: mvn -q -B package -DskipTests)
#
# Prints, per command, the median wall time and peak RSS of ROUNDS runs (default 3):
#   jtrace diff A B              first divergence (here: none; reads both to the end)
#   jtrace diff --summary A B    against jtrace summary A + jtrace summary B
# Environment: JTRACE (default jtrace/target/jtrace).
set -euo pipefail
cd "$(dirname "$0")/.."
OUTDIR=${1:?usage: bench/diff.sh OUTDIR [ROUNDS]}
ROUNDS=${2:-3}
JTRACE=${JTRACE:-jtrace/target/jtrace}
mkdir -p "$OUTDIR"
for run in a b; do
    if [ ! -f "$OUTDIR/$run/parser.jfr" ]; then
        bench/real-recordings.sh "$OUTDIR/$run" >/dev/null
    fi
done
A=$OUTDIR/a/parser.jfr
B=$OUTDIR/b/parser.jfr
records() { grep -o '([0-9,]* records)' "$1" | tr -dc 0-9; }
echo "A: $(records "$OUTDIR/a/parser.run.txt") records, B: $(records "$OUTDIR/b/parser.run.txt") records"
# median of ROUNDS runs: "seconds peak-KB"
measure() {
    for _ in $(seq "$ROUNDS"); do
        /usr/bin/time -f '%e %M' "$@" >/dev/null 2>"$OUTDIR/time.txt" || true
        tail -1 "$OUTDIR/time.txt"
    done | sort -n | awk -v n="$ROUNDS" 'NR == int((n + 1) / 2) {print}'
}
printf '%-36s %8s %10s\n' command seconds peak-MB
report() {
    local label=$1; shift
    read -r s kb < <(measure "$@")
    printf '%-36s %8s %10d\n' "$label" "$s" "$((kb / 1024))"
}
report "jtrace summary A" "$JTRACE" summary "$A"
report "jtrace summary B" "$JTRACE" summary "$B"
report "jtrace diff --summary A B" "$JTRACE" diff --summary "$A" "$B"
report "jtrace diff A B" "$JTRACE" diff "$A" "$B"
"$JTRACE" diff "$A" "$B" | head -5
