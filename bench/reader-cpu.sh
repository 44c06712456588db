#!/usr/bin/env bash
# bench/reader-cpu.sh ROUNDS FILE OLD_JTRACE NEW_JTRACE: each reading command with OLD then NEW (then NEW then OLD the
# next round), user+sys CPU seconds and wall seconds of each run; medians per command and build.
# CPU time because on this shared machine wall time spreads by a third between runs of the same build.
set -uo pipefail
R=$1; F=$2; OLD=$3; NEW=$4; W=$(mktemp -d)
cmds=("summary" "print" "tree" "exceptions" "export json")
run() { # build label cmd
    local b=$1 c=$2 args
    case $c in "export json") args=(export "$F" --format json -o /dev/null);; *) args=("$c" "$F");; esac
    /usr/bin/time -o "$W/t" -f '%U %S %e' "$b" "${args[@]}" >/dev/null 2>&1
    awk '{printf "%.2f %.2f\n", $1 + $2, $3}' "$W/t"
}
for ((r = 1; r <= R; r++)); do
    for c in "${cmds[@]}"; do
        if ((r % 2)); then order=(old new); else order=(new old); fi
        for o in "${order[@]}"; do
            [ $o = old ] && b=$OLD || b=$NEW
            run "$b" "$c" >>"$W/${c// /_}.$o"
        done
    done
    echo "round $r done" >&2
done
med() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '%-12s %10s %10s %8s %10s %10s\n' command "old cpu s" "new cpu s" "new/old" "old wall" "new wall"
for c in "${cmds[@]}"; do
    k=${c// /_}
    o=$(cut -d' ' -f1 "$W/$k.old" | med); n=$(cut -d' ' -f1 "$W/$k.new" | med)
    ow=$(cut -d' ' -f2 "$W/$k.old" | med); nw=$(cut -d' ' -f2 "$W/$k.new" | med)
    printf '%-12s %10s %10s %8s %10s %10s\n' "$c" "$o" "$n" "$(awk -v a=$o -v b=$n 'BEGIN{printf "%.3f", b/a}')" "$ow" "$nw"
done
rm -rf "$W"
