#!/usr/bin/env bash
# Every reading command's output from two jtrace binaries on the same recordings, compared: a
# change of the reading side must leave them identical (print in six forms, summary, tree,
# exceptions, vars, calls, every export, and filter followed by print/exceptions/vars of the result).
#   bench/compare-readers.sh OLD_JTRACE NEW_JTRACE FILE.jfr...
# Prints "DIFF <file>: <command>" with the first lines of each difference; exits 1 if any.
set -uo pipefail
OLD=$(realpath "$1"); NEW=$(realpath "$2"); shift 2
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail=0
for F in "$@"; do
    F=$(realpath "$F"); b=$(basename "$F" .jfr)
    while IFS= read -r c; do
        [ -z "$c" ] && continue
        o=$(cd "$WORK" && eval "\"$OLD\" $c" 2>&1; echo "rc=$?")
        n=$(cd "$WORK" && eval "\"$NEW\" $c" 2>&1; echo "rc=$?")
        if [ "$o" != "$n" ]; then echo "DIFF $b: $c"; diff <(echo "$o") <(echo "$n") | head -6; fail=1; fi
    done <<CMDS
print "$F"
print "$F" --by-thread
print "$F" --no-times --include '*.*' --exclude 'java.**'
print "$F" --depth 3
print "$F" --thread main
print "$F" --color always
summary "$F"
summary "$F" --include '**' --exclude '*.<init>'
tree "$F"
tree "$F" --merge
tree "$F" --depth 2 --exclude '*.<init>'
exceptions "$F"
exceptions "$F" --summary
vars "$F"
vars "$F" --var '*' --method '*.*' --no-times
calls "$F" --method '*.*' --top 30
calls "$F" --method '*.*' --sort duration --top 30 --no-times
calls "$F" --method '*.*' --where 'ret != null' --top 30
export "$F" --format json
export "$F" --format csv
export "$F" --format chrome
export "$F" --format speedscope
export "$F" --format collapsed
export "$F" --format json --exclude '*.<init>'
CMDS
    for opts in "" "--from 10ms --to 80ms" "--kinds exceptions" "--exclude *.<init>"; do
        rm -f "$WORK/old.jfr" "$WORK/new.jfr"
        # shellcheck disable=SC2086
        "$OLD" filter "$F" -o "$WORK/old.jfr" $opts >/dev/null 2>&1
        # shellcheck disable=SC2086
        "$NEW" filter "$F" -o "$WORK/new.jfr" $opts >/dev/null 2>&1
        a=$(cd "$WORK" && for c in print exceptions vars; do "$NEW" $c old.jfr 2>&1; done | sed 's/old\.jfr/X.jfr/g')
        z=$(cd "$WORK" && for c in print exceptions vars; do "$NEW" $c new.jfr 2>&1; done | sed 's/new\.jfr/X.jfr/g')
        if [ "$a" != "$z" ]; then echo "DIFF $b: filter $opts"; fail=1; fi
    done
done
echo "compared $# recording(s): $([ $fail = 0 ] && echo identical || echo DIFFERENT)"
exit $fail
