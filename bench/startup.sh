#!/usr/bin/env bash
# jtrace run's own cost at both ends, side by side: a two-line Hello run plain, with a JFR
# recording, with the agent alone (-javaagent, as jtrace run passes it), and through jtrace run
# (with its class-data archive, the default, and without: JTRACE_CDS=off);
# N rounds in turn, median and minimum wall-clock in ms.
#   bench/startup.sh [N] [JTRACE] [OTHER]   (defaults: 9 jtrace/target/jtrace; build first)
# OTHER: another jtrace executable (an older build) whose 'jtrace run' is timed in the same rounds.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-9}
J=$(realpath "${2:-jtrace/target/jtrace}")
OTHER=${3:+$(realpath "$3")}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cat >"$W/Hello.java" <<'JAVA'
public class Hello { public static void main(String[] a) { System.out.println("hello " + greet(a.length)); } static String greet(int n) { return "world" + n; } }
JAVA
javac -d "$W" "$W/Hello.java"
export XDG_CACHE_HOME="$W/cache" # a cache of this run's own: the agent timed alone is this executable's
if [ -n "$OTHER" ]; then "$OTHER" run -o "$W/warm.jfr" -- java -cp "$W" Hello >/dev/null 2>&1; fi
sleep 1 # the agent jar's time tells which executable unpacked it
"$J" run -o "$W/warm.jfr" -- java -cp "$W" Hello >/dev/null 2>&1 # unpacks the agent, makes the class archive
CDS="$XDG_CACHE_HOME/jtrace/cds"
for ((w = 0; w < 120 && $(ls "$CDS"/*.lock 2>/dev/null | wc -l) > 0; w++)); do sleep 0.5; done # the archive's dump
AGENT=$(ls -t "$XDG_CACHE_HOME"/jtrace/*/jtrace-agent.jar | head -1)
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
    if [ -n "$OTHER" ]; then r[run-other]+="$(t "$OTHER" run -o "$W/o.jfr" -- java -cp "$W" Hello) "; fi
done
for k in plain jfr agent run run-nocds version ${OTHER:+run-other}; do
    echo "$k: $(tr ' ' '\n' <<<"${r[$k]}" | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print "median " a[int((NR+1)/2)] " ms, min " a[1] " ms"}')"
done
