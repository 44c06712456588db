#!/usr/bin/env bash
# The explore shell's memory, command by command, on one recording: the shell reads its commands
# from a pipe (as a script does), each report's output goes to /dev/null, and after each command
# the shell's peak RSS during it (VmHWM, reset before each command through /proc/PID/clear_refs)
# and its RSS once it is back at the prompt (VmRSS, 2 s later) are printed.
#
#   bench/explore-memory.sh FILE.jfr [COMMAND...]     (default: every report and a few moves)
#
# Environment: JTRACE (default jtrace/target/jtrace). Linux only (reads /proc).
set -euo pipefail
cd "$(dirname "$0")/.."
FILE=${1:?usage: bench/explore-memory.sh FILE.jfr [COMMAND...]}
shift
JTRACE=${JTRACE:-jtrace/target/jtrace}
if [ $# -eq 0 ]; then
    set -- "where" "summary" "tree" "exceptions" "vars" "exc 1" "find call *.NoSuchMethod" "last" "vars" "where"
fi
T=$(mktemp -d)
trap 'exec 3>&- 2>/dev/null || true; kill "$pid" 2>/dev/null || true; rm -rf "$T"' EXIT
mkfifo "$T/in"
start=$(date +%s%N)
"$JTRACE" explore "$FILE" --no-times <"$T/in" >"$T/out" 2>"$T/err" &
pid=$!
exec 3>"$T/in"
kb() { awk -v k="$1" '$1 == k":" {print int($2 / 1024)}' "/proc/$pid/status"; }
marks=0
wait_mark() { # waits until the shell has answered the marker after the command
    marks=$((marks + 1))
    local answered
    while answered=$(grep -c '^=> ' "$T/out" 2>/dev/null); [ "${answered:-0}" -lt "$marks" ]; do
        kill -0 "$pid" 2>/dev/null || { echo "the shell ended:"; cat "$T/err"; exit 1; }
        sleep 0.2
    done
}
echo "where | head 1" >&3
wait_mark
printf "%-32s %8s %10s %10s\n" command seconds "peak MB" "after MB"
printf "%-32s %8.2f %10s %10s\n" "(open, first where)" "$(( ($(date +%s%N) - start) / 1000000 ))e-3" "$(kb VmHWM)" "$(kb VmRSS)"
for c in "$@"; do
    echo 5 >"/proc/$pid/clear_refs"
    s=$(date +%s%N)
    echo "$c > /dev/null; where | head 1" >&3
    wait_mark
    e=$(date +%s%N)
    peak=$(kb VmHWM)
    sleep 2
    printf "%-32s %8.2f %10s %10s\n" "$c" "$(( (e - s) / 1000000 ))e-3" "$peak" "$(kb VmRSS)"
done
echo quit >&3
wait "$pid" || true
grep -v '^$' "$T/err" | sed 's/^/  stderr: /' | head -20 || true
