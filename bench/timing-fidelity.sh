#!/usr/bin/env bash
# Issue 14's fidelity rule: for the methods that stay timed under adaptive timing, summary's total
# and self time against a --timing full run of the same program. A second full run is the control
# (how much two runs of the same configuration differ anyway). Methods are split by whether any
# of their calls has an untimed direct callee. Time-weighted shares within 10%, and the ratio of
# the sums, by bench/timing-fidelity.sql through jtrace query.
#   bench/timing-fidelity.sh [JAVA] [APP ARGS...]   (default: java realapps.GsonOrders 2000 5)
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA=${1:-java}
shift || true
APP=("$@")
[ ${#APP[@]} -gt 0 ] || APP=(realapps.GsonOrders 2000 5)
J=$PWD/jtrace/target/jtrace
SQL=$PWD/bench/timing-fidelity.sql
CP="examples/target/classes:$(ls examples/target/lib/*.jar | tr '\n' ':')"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
"$J" run -o "$W/adaptive.jfr" -- "$JAVA" -cp "$CP" "${APP[@]}" >/dev/null
"$J" run --timing full -o "$W/full.jfr" -- "$JAVA" -cp "$CP" "${APP[@]}" >/dev/null
"$J" run --timing full -o "$W/control.jfr" -- "$JAVA" -cp "$CP" "${APP[@]}" >/dev/null
"$JAVA" -version 2>&1 | head -1
for a in adaptive control; do
    echo "$a against full:"
    (cd "$W" && "$J" query "$a.jfr" full.jfr --format csv "$(sed "s/A_FILE/$a.jfr/g; s/F_FILE/full.jfr/g" "$SQL")")
done
