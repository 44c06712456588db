#!/usr/bin/env bash
# jtrace diff on two real recordings: two runs of JavaParser parsing the same 163 files of this
# repository (bench/real-recordings.sh's parser.jfr, made the same way, twice). The same input
# twice is the slowest case for the first divergence: no thread parts ways, so every record of
# both is walked.
#
#   bench/diff.sh OUTDIR [ROUNDS]    (build first: mvn -q -B package -DskipTests)
#
# Prints, per command, the median wall time and peak RSS of ROUNDS runs (default 3):
#   jtrace diff A B              first divergence
#   jtrace diff --ignore M A B   no divergence left: reads both to the end
#   jtrace diff --summary A B    against jtrace summary A + jtrace summary B
# Environment: JTRACE (default jtrace/target/jtrace).
set -euo pipefail
cd "$(dirname "$0")/.."
OUTDIR=${1:?usage: bench/diff.sh OUTDIR [ROUNDS]}
ROUNDS=${2:-3}
JTRACE=${JTRACE:-jtrace/target/jtrace}
mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)
CP="examples/target/classes:$(ls "$PWD"/examples/target/lib/*.jar | tr '\n' ':')"
SOURCES="$OUTDIR/parser-sources-7c63b2e" # the input of bench/real-recordings.sh's parser.jfr
if [ ! -d "$SOURCES" ]; then
    mkdir -p "$SOURCES.tmp"
    git archive 7c63b2e agent jfr-events jtrace e2e | tar -x -C "$SOURCES.tmp"
    mv "$SOURCES.tmp" "$SOURCES"
fi
for run in a b; do
    if [ ! -f "$OUTDIR/$run.jfr" ]; then
        "$JTRACE" run -o "$OUTDIR/$run.making.jfr" -- java -cp "$CP" realapps.JavaSources "$SOURCES" 1 \
            >/dev/null 2>"$OUTDIR/$run.run.txt"
        mv "$OUTDIR/$run.making.jfr" "$OUTDIR/$run.jfr"
    fi
done
A=$OUTDIR/a.jfr
B=$OUTDIR/b.jfr
records() { grep -o '([0-9,]* records)' "$1" | tr -dc 0-9; }
echo "A: $(records "$OUTDIR/a.run.txt") records, B: $(records "$OUTDIR/b.run.txt") records"
IGNORE=com.github.javaparser.printer.configuration.DefaultPrinterConfiguration.get
labels=("jtrace summary A" "jtrace summary B" "jtrace diff --summary A B" "jtrace diff A B" "jtrace diff --ignore M A B")
run_command() {
    case $1 in
        0) "$JTRACE" summary "$A" ;;
        1) "$JTRACE" summary "$B" ;;
        2) "$JTRACE" diff --summary "$A" "$B" ;;
        3) "$JTRACE" diff "$A" "$B" ;;
        4) "$JTRACE" diff --ignore "$IGNORE" "$A" "$B" ;;
    esac
}
# Rounds interleave the commands (the machine is shared: its load changes over minutes), and
# each command's median of the rounds is printed: wall seconds and peak RSS.
: >"$OUTDIR/times.txt"
for r in $(seq "$ROUNDS"); do
    for i in "${!labels[@]}"; do
        /usr/bin/time -f "$i %e %M" -a -o "$OUTDIR/times.txt" bash -c "$(declare -f run_command); JTRACE=$JTRACE A=$A B=$B IGNORE=$IGNORE run_command $i" >/dev/null 2>&1 || true
    done
done
printf '%-30s %8s %8s %10s\n' command median all peak-MB
for i in "${!labels[@]}"; do
    awk -v i="$i" '$1 == i {print $2, $3}' "$OUTDIR/times.txt" | sort -n | awk -v label="${labels[$i]}" -v n="$ROUNDS" '
        {t[NR] = $1; m[NR] = $2; all = all (NR > 1 ? "/" : "") $1}
        END {printf "%-30s %8s %8s %10d\n", label, t[int((n + 1) / 2)], all, m[int((n + 1) / 2)] / 1024}'
done
# JavaParser's DefaultPrinterConfiguration.get takes the first matching option of a HashSet, whose
# order follows identity hashes: two runs part ways there (the first divergence). Left out
# (--ignore), the two runs are the same from end to end, and the walk reads every record of both.
"$JTRACE" diff "$A" "$B" | cut -c1-200 | head -4 || true # exit 1: they differ
"$JTRACE" diff --ignore "$IGNORE" "$A" "$B" || true
