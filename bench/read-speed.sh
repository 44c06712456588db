#!/usr/bin/env bash
# How fast jtrace's reading commands get through large recordings of real applications (made by
# bench/real-recordings.sh: several threads, dozens of chunks, definitions repeated in every
# chunk), against `jfr summary` on the same file (the JDK's own tool, which counts the events
# without decoding jtrace's payloads: the floor a reader of the file can hope for).
#
#   bench/read-speed.sh DIR [ROUNDS] [JTRACE]    (defaults: 3 jtrace/target/jtrace)
#   OTHER=path/to/older/jtrace bench/read-speed.sh DIR ...: also every jtrace command with that
#   executable, right after the same command with JTRACE (side by side, rows marked "(other)").
#
#   ONLY='tree|collapsed' bench/read-speed.sh DIR ...: only the commands whose label matches that
#   extended regular expression (and `jfr summary`, the yardstick).
#
# Every DIR/*.jfr, every command below; each round runs every command on every file once, in
# turn (so the commands are compared side by side under the same machine load), and the rounds
# are repeated; medians of wall-clock and of peak RSS (/usr/bin/time -f '%e %M') over the rounds.
# A command that takes longer than TIMEOUT seconds (environment, default 300) is stopped and
# reported as TIMEOUT, one that fails as FAILED (its last stderr lines are shown). Output to
# /dev/null throughout: what is timed is reading and formatting, not a disk's write speed.
# records/s = the file's records (jtrace run's own count, from NAME.run.txt beside the file, else
# 2 x the calls of `jtrace summary`) / wall seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:?usage: bench/read-speed.sh DIR [ROUNDS] [JTRACE]}
ROUNDS=${2:-3}
JTRACE=$(realpath "${3:-jtrace/target/jtrace}")
TIMEOUT=${TIMEOUT:-300}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

files=("$DIR"/*.jfr)
[ -e "${files[0]}" ] || { echo "no .jfr in $DIR" >&2; exit 2; }

# label | command (F = the recording). Shell words only: run through eval with F set.
labels=(
    "jfr summary"
    "jtrace summary"
    "jtrace tree --merge"
    "jtrace exceptions --summary"
    "jtrace export collapsed"
    "jtrace print"
    "jtrace export json"
)
commands=(
    'jfr summary "$F" >"$OUT"'
    '"$JTRACE" summary "$F" >"$OUT"'
    '"$JTRACE" tree "$F" --merge >/dev/null'
    '"$JTRACE" exceptions "$F" --summary >/dev/null'
    '"$JTRACE" export "$F" --format collapsed -o /dev/null'
    '"$JTRACE" print "$F" >/dev/null'
    '"$JTRACE" export "$F" --format json -o /dev/null'
)
# as shown in the markdown table
shown=(
    '`jfr summary F`'
    '`jtrace summary F`'
    '`jtrace tree F --merge`'
    '`jtrace exceptions F --summary`'
    '`jtrace export F --format collapsed -o /dev/null`'
    '`jtrace print F > /dev/null`'
    '`jtrace export F --format json -o /dev/null`'
)

if [ -n "${ONLY:-}" ]; then # keep jfr summary and the commands ONLY names
    l2=("${labels[0]}") c2=("${commands[0]}") s2=("${shown[0]}")
    for ((c = 1; c < ${#commands[@]}; c++)); do
        if [[ ${labels[$c]} =~ $ONLY ]]; then l2+=("${labels[$c]}") c2+=("${commands[$c]}") s2+=("${shown[$c]}"); fi
    done
    labels=("${l2[@]}") commands=("${c2[@]}") shown=("${s2[@]}")
fi

OTHER=${OTHER:+$(realpath "$OTHER")}
if [ -n "$OTHER" ]; then # each jtrace command, then the same with the other executable
    l2=("${labels[0]}") c2=("${commands[0]}") s2=("${shown[0]}")
    for ((c = 1; c < ${#commands[@]}; c++)); do
        l2+=("${labels[$c]}" "${labels[$c]} (other)")
        c2+=("${commands[$c]}" "${commands[$c]//\"\$JTRACE\"/\"\$OTHER\"}")
        s2+=("${shown[$c]}" "${shown[$c]} (other build)")
    done
    labels=("${l2[@]}") commands=("${c2[@]}") shown=("${s2[@]}")
fi

# run FILE_INDEX COMMAND_INDEX: one timed run; appends "wall rss" (or "TIMEOUT" / "FAILED")
# to $WORK/<file>.<command>.runs. timeout signals the whole process group it starts (the jtrace
# stub execs java, so the JVM itself); /usr/bin/time outside it always writes its line.
run() {
    local F=${files[$1]} OUT="$WORK/$1.$2.out" rc=0
    # shellcheck disable=SC2016
    /usr/bin/time -o "$WORK/time" -f '%e %M' timeout -k 10 "$TIMEOUT" \
        bash -c "F=\$1; OUT=\$2; JTRACE=\$3; OTHER=\$4; ${commands[$2]}" _ "$F" "$OUT" "$JTRACE" "$OTHER" \
        2>"$WORK/$1.$2.err" || rc=$?
    if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then echo TIMEOUT
    elif [ $rc -ne 0 ]; then echo "FAILED"
    else tail -1 "$WORK/time"
    fi >>"$WORK/$1.$2.runs"
}

echo "read speed, $(date '+%Y-%m-%d %H:%M'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
echo "jtrace: $JTRACE ($(sha256sum "$JTRACE" | cut -c1-12)); $(java -version 2>&1 | head -1); $ROUNDS round(s), timeout ${TIMEOUT} s"
if [ -n "$OTHER" ]; then echo "other: $OTHER ($(sha256sum "$OTHER" | cut -c1-12))"; fi
for ((r = 1; r <= ROUNDS; r++)); do
    for i in "${!files[@]}"; do
        for c in "${!commands[@]}"; do
            run "$i" "$c"
            echo "  round $r: $(basename "${files[$i]}") ${labels[$c]}: $(tail -1 "$WORK/$i.$c.runs")" >&2
        done
    done
done
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"

# median of the "wall rss" lines, TIMEOUT and FAILED counting as longer than anything: prints
# "wall rss" (the medians of each), or TIMEOUT / FAILED when the median run is one of those
median() {
    local n t f mid
    n=$(grep -cv -e TIMEOUT -e FAILED "$1" || true)
    t=$(grep -c TIMEOUT "$1" || true)
    f=$(grep -c FAILED "$1" || true)
    mid=$(( (n + t + f + 1) / 2 ))
    if [ "$mid" -gt "$n" ]; then [ "$t" -ge "$f" ] && echo TIMEOUT || echo FAILED; return; fi
    echo "$(grep -v -e TIMEOUT -e FAILED "$1" | cut -d' ' -f1 | sort -g | sed -n "${mid}p")" \
         "$(grep -v -e TIMEOUT -e FAILED "$1" | cut -d' ' -f2 | sort -g | sed -n "$(( (n + 1) / 2 ))p")"
}

md_head="| command |"
md_rule="|---|"
declare -A md
for i in "${!files[@]}"; do
    F=${files[$i]}
    name=$(basename "$F" .jfr)
    runtxt="$(dirname "$F")/$name.run.txt"
    records="" threads=""
    if [ -f "$runtxt" ]; then # "jtrace: 74,442,197 calls (148,884,394 records) in 6 thread(s) -> ..."
        records=$(sed -n 's/.*(\([0-9,]*\) records).*/\1/p' "$runtxt" | tr -d , | awk 'NR == 1')
        threads=$(sed -n 's/.* in \([0-9]*\) thread(s).*/\1/p' "$runtxt" | awk 'NR == 1')
    fi
    if [ -s "$WORK/$i.1.out" ]; then # jtrace summary: "calls      599,260 (...)", "threads    3"
        [ -n "$records" ] || records=$(awk '$1 == "calls" { gsub(",", "", $2); print 2 * $2; exit }' "$WORK/$i.1.out")
        [ -n "$threads" ] || threads=$(awk '$1 == "threads" { print $2; exit }' "$WORK/$i.1.out")
    fi
    # jfr summary: " Chunks: 31", " jtrace.TraceBatch   13168   430540200"
    chunks=$(awk '$1 == "Chunks:" { print $2 }' "$WORK/$i.0.out")
    batches=$(awk '$1 == "jtrace.TraceBatch" { print $2 }' "$WORK/$i.0.out")
    defs=$(awk '$1 == "jtrace.MethodDefinition" { print $2 }' "$WORK/$i.0.out")
    mb=$(( $(stat -c %s "$F") / 1000000 ))
    echo
    echo "$(basename "$F"): $mb MB, ${chunks:-?} chunks, ${threads:-?} threads, ${records:-?} records," \
        "${batches:-?} jtrace.TraceBatch and ${defs:-?} jtrace.MethodDefinition events"
    printf "  %-36s %9s %10s %9s %9s\n" command seconds "M rec/s" "peak MB" "x jfr"
    md_head+=" $name.jfr ($mb MB, ${chunks:-?} chunks, ${threads:-?} threads, $(awk -v r="${records:-0}" 'BEGIN {printf "%.0f", r / 1e6}')M records) |"
    md_rule+="---|"
    base=$(median "$WORK/$i.0.runs" | cut -d' ' -f1)
    for c in "${!commands[@]}"; do
        m=$(median "$WORK/$i.$c.runs")
        if [ "$m" = TIMEOUT ] || [ "$m" = FAILED ]; then
            [ "$m" = TIMEOUT ] && m="TIMEOUT (> $TIMEOUT s)"
            printf "  %-36s %s\n" "${labels[$c]}" "$m"
            md[$c]+=" $m |"
            if [ "$m" = FAILED ]; then sed 's/^/      /' "$WORK/$i.$c.err" | tail -3; fi
            continue
        fi
        set -- $m
        awk -v l="${labels[$c]}" -v w="$1" -v k="$2" -v r="${records:-0}" -v b="$base" \
            'BEGIN { printf "  %-36s %9.2f %10.1f %9d %8.1fx\n", l, w, (w > 0 ? r / w / 1e6 : 0), k / 1024, (b + 0 > 0 ? w / b : 0) }'
        md[$c]+=" $(awk -v w="$1" -v k="$2" -v r="${records:-0}" 'BEGIN { printf "%.2f s, %.1fM/s, %d MB", w, (w > 0 ? r / w / 1e6 : 0), k / 1024 }') |"
    done
done

echo
echo "Markdown (wall-clock seconds, records per second, peak RSS; medians of $ROUNDS round(s)):"
echo
echo "$md_head"
echo "$md_rule"
for c in "${!commands[@]}"; do echo "| ${shown[$c]} |${md[$c]}"; done
