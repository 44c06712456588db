#!/usr/bin/env bash
# jtrace run's own cost at both ends, side by side: a two-line Hello run plain, with a JFR
# recording, with the agent alone (-javaagent, as jtrace run passes it), and through jtrace run
# (with its class-data archive, the default, and without: JTRACE_CDS=off);
# N rounds in turn, median and minimum wall-clock in ms.
#   bench/startup.sh [N] [JTRACE]      (defaults: 9 jtrace/target/jtrace; build first)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-9}
J=$(realpath "${2:-jtrace/target/jtrace}")
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cat >"$W/Hello.java" <<'JAVA'
public class Hello { public static void main(String[] a) { System.out.println("hello " + greet(a.length)); } static String greet(int n) { return "world" + n; } }
JAVA
javac -d "$W" "$W/Hello.java"
"$J" run -o "$W/warm.jfr" -- java -cp "$W" Hello >/dev/null 2>&1 # unpacks the agent, makes the class archive
CDS="${XDG_CACHE_HOME:-$HOME/.cache}/jtrace/cds"
for ((w = 0; w < 120 && $(ls "$CDS"/*.lock 2>/dev/null | wc -l) > 0; w++)); do sleep 0.5; done # the archive's dump
AGENT=$(ls -t "${XDG_CACHE_HOME:-$HOME/.cache}"/jtrace/*/jtrace-agent.jar | head -1)
mkdir -p "$W/repo"
t() { local s; s=$(date +%s%N); "$@" >/dev/null 2>&1; echo $((($(date +%s%N) - s) / 1000000)); }
declare -A r
for ((i = 0; i < N; i++)); do
    r[plain]+="$(t java -cp "$W" Hello) "
    r[jfr]+="$(t java -XX:StartFlightRecording:filename="$W/j.jfr" -cp "$W" Hello) "
    r[agent]+="$(t java -javaagent:"$AGENT"=output="$W/a.jfr" -XX:FlightRecorderOptions:repository="$W/repo" -cp "$W" Hello) "
    r[run]+="$(t "$J" run -o "$W/r.jfr" -- java -cp "$W" Hello) "
    r[run-nocds]+="$(JTRACE_CDS=off t "$J" run -o "$W/r.jfr" -- java -cp "$W" Hello) "
    r[version]+="$(t "$J" --version) "
done
for k in plain jfr agent run run-nocds version; do
    echo "$k: $(tr ' ' '\n' <<<"${r[$k]}" | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print "median " a[int((NR+1)/2)] " ms, min " a[1] " ms"}')"
done
