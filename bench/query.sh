#!/usr/bin/env bash
# jtrace query and export --format parquet on a large recording, and what adding them did to
# 'jtrace run' start-up. Results: bench/README.md ("SQL: jtrace query and Parquet").
#
#   bench/query.sh startup BEFORE AFTER [RUNS]   'jtrace run -- java Hello' with two executables, side by
#                                                 side (alternating), RUNS each (default 15): median and range
#   bench/query.sh speed RECORDING                the statements below timed (wall, user CPU, peak RSS)
#   bench/query.sh parquet RECORDING DIR          export --format parquet to DIR (new), its size against the recording's
#
# JTRACE (default jtrace/target/jtrace) is the executable 'speed' and 'parquet' use.
set -euo pipefail
cd "$(dirname "$0")/.."
JTRACE=${JTRACE:-jtrace/target/jtrace}

case "${1:-}" in
startup)
    BEFORE=${2:?usage: bench/query.sh startup BEFORE AFTER [RUNS]}; AFTER=${3:?}; RUNS=${4:-15}
    work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
    printf 'public class Hello { public static void main(String[] a) { System.out.println("hello"); } }\n' > "$work/Hello.java"
    javac -d "$work" "$work/Hello.java"
    : > "$work/before"; : > "$work/after"
    for i in $(seq "$RUNS"); do
        for which in before after; do
            exe=$BEFORE; [ "$which" = after ] && exe=$AFTER
            s=$(date +%s%N)
            "$exe" run -o "$work/h.jfr" -- java -cp "$work" Hello > /dev/null 2>&1
            echo $(( ($(date +%s%N) - s) / 1000000 )) >> "$work/$which"
        done
    done
    for which in before after; do
        sort -n "$work/$which" | awk -v w="$which" '{a[NR]=$1} END {printf "%-6s median %d ms (min %d, max %d, %d runs)\n", w, a[int((NR+1)/2)], a[1], a[NR], NR}'
    done
    ;;
speed)
    REC=${2:?usage: bench/query.sh speed RECORDING}
    for sql in \
        "SELECT count(*) FROM calls" \
        "SELECT count(*), sum(self_ns) FROM calls" \
        "SELECT class, method, count(*) AS calls, sum(self_ns) AS self_ns FROM calls GROUP BY ALL ORDER BY self_ns DESC LIMIT 5" \
        "SELECT * FROM calls WHERE duration_ns > 1000000000" \
        "SELECT type, count(*) FROM exceptions WHERE step = 0 GROUP BY ALL" ; do
        echo "== $sql"
        /usr/bin/time -f "   %e s wall, %U s user, %M KB peak RSS" "$JTRACE" query "$REC" "$sql" --format csv | tail -3
    done
    ;;
parquet)
    REC=${2:?usage: bench/query.sh parquet RECORDING DIR}; DIR=${3:?}
    /usr/bin/time -f "   %e s wall, %U s user, %M KB peak RSS" "$JTRACE" export "$REC" --format parquet -o "$DIR"
    rec=$(stat -c %s "$REC"); ds=$(du -sb "$DIR" | cut -f1)
    du -sb "$DIR"/* | sed 's/^/   /'
    awk -v r="$rec" -v d="$ds" 'BEGIN { printf "   recording %d bytes, dataset %d bytes: %.2fx\n", r, d, d / r }'
    ;;
*)
    sed -n '2,11p' "$0"; exit 2 ;;
esac
