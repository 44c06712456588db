#!/usr/bin/env bash
# jtrace's start-up against the JDK's own tools, side by side (issue 39's goals), on each JDK:
#  - jtrace run -- java Hello against the same Hello with a plain JFR recording (-XX:StartFlightRecording),
#    and with the agent alone (-javaagent, as jtrace run passes it); with jtrace's class-data archive
#    (the default) and without (JTRACE_CDS=off);
#  - every reading command on a small recording (the bank example with --vars and --args) against
#    `jfr summary` of the same file, by the same JDK's jfr;
#  - jtrace --version and --help against `jfr version`.
# N rounds; each round runs every command once, in turn (interleaved, so load moves all alike);
# median and minimum wall-clock in ms and median CPU time, and each median's ratio to its reference
# (on a loaded machine the CPU time moves less than the wall time).
#   bench/startup.sh [N] [JTRACE] [OTHER]   (defaults: 9 jtrace/target/jtrace; build first)
# OTHER: another jtrace executable (an older build) timed in the same rounds ("other" column).
# JDKS: the java executables to measure on (default: java on the PATH, and JDK 25 if installed).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-9}
J=$(realpath "${2:-jtrace/target/jtrace}")
OTHER=${3:+$(realpath "$3")}
JDK25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
JDKS=${JDKS:-"$(command -v java)${JDK25:+ $( [ -x "$JDK25" ] && echo "$JDK25")}"}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cat >"$W/Hello.java" <<'JAVA'
public class Hello { public static void main(String[] a) { System.out.println("hello " + greet(a.length)); } static String greet(int n) { return "world" + n; } }
JAVA
javac --release 11 -d "$W" "$W/Hello.java"
export XDG_CACHE_HOME="$W/cache" # a cache of this run's own: the agent timed alone is this executable's
mkdir -p "$W/repo"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $N rounds, load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
echo "# jtrace: $J${OTHER:+; other: $OTHER}"

# The small recording every reading command reads (and a second one for diff).
JTRACE_JAVA=$(command -v java) "$J" run --vars 'bank.**' --args 'bank.**' -o "$W/small.jfr" -- java -cp examples/target/classes bank.Main >/dev/null 2>&1
JTRACE_JAVA=$(command -v java) "$J" run -o "$W/small2.jfr" -- java -cp examples/target/classes bank.Main >/dev/null 2>&1
S="$W/small.jfr"

# Times a command: "wall/cpu" in ms, cpu = user + system of the command and every process it waited
# for (jtrace run's target JVM, a background dump it started is not counted): on a loaded machine the
# CPU time moves less than the wall time.
t() {
    local TIMEFORMAT='%3R %3U %3S' x
    x=$({ time "$@" >/dev/null 2>&1 </dev/null; } 2>&1)
    awk '{printf "%d/%d", $1 * 1000, ($2 + $3) * 1000}' <<<"$x"
}
# median and minimum of the wall (field 1) or CPU (field 2) times
stats() { tr ' ' '\n' <<<"$1" | grep -v '^$' | cut -d/ -f"${2:-1}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)], a[1]}'; }

# name|reference|arguments (after the executable); the reference is the row the ratio is taken to.
COMMANDS=(
    "--version|jfr-version|--version"
    "--help|jfr-version|--help"
    "print|jfr-summary|print $S"
    "summary|jfr-summary|summary $S"
    "tree|jfr-summary|tree $S"
    "tree --merge|jfr-summary|tree --merge $S"
    "exceptions|jfr-summary|exceptions $S"
    "vars|jfr-summary|vars $S"
    "calls|jfr-summary|calls $S --method Bank.transfer"
    "diff|jfr-summary|diff $S $W/small2.jfr"
    "filter|jfr-summary|filter $S --thread main -o $W/f.jfr"
    "export json|jfr-summary|export $S --format json -o $W/e.json"
    "export flamegraph|jfr-summary|export $S --format flamegraph -o $W/e.html"
    "query|jfr-summary|query $S SELECT count(*) FROM calls"
    "explore (quit)|jfr-summary|explore $S"
    "ps|jfr-summary|ps"
)

for JAVA in $JDKS; do
    JHOME=$(dirname "$(dirname "$(realpath "$JAVA")")")
    JFR="$JHOME/bin/jfr"
    export JTRACE_JAVA=$JAVA
    echo
    echo "## $("$JAVA" -XshowSettings:properties -version 2>&1 | sed -n 's/ *java.runtime.version = //p') ($JAVA)"
    # Warm: unpack the agent, make the class-data archives (background dumps), the class cache.
    for x in "$J" $OTHER; do "$x" run -o "$W/warm.jfr" -- "$JAVA" -cp "$W" Hello >/dev/null 2>&1; "$x" --version >/dev/null 2>&1; done
    for ((w = 0; w < 240 && $(find "$XDG_CACHE_HOME/jtrace/cds" -name '*.lock' 2>/dev/null | wc -l) > 0; w++)); do sleep 0.5; done
    for c in "${COMMANDS[@]}"; do # every command works (a failing one would time well)
        IFS='|' read -r name _ args <<<"$c"
        if [ "$name" = query ]; then set -- query "$S" "SELECT count(*) FROM calls"; else read -ra a <<<"$args"; set -- "${a[@]}"; fi
        for x in "$J" $OTHER; do
            e=0; "$x" "$@" >/dev/null 2>"$W/err" </dev/null || e=$?
            if [ $e -gt $([ "$name" = diff ] && echo 1 || echo 0) ]; then echo "failed ($e): $x $* ($(head -1 "$W/err"))" >&2; exit 1; fi
        done
    done
    AGENT=$(ls -t "$XDG_CACHE_HOME"/jtrace/*/jtrace-agent.jar | head -1)
    declare -A r=()
    for ((i = 0; i < N; i++)); do
        r[plain]+="$(t "$JAVA" -cp "$W" Hello) "
        r[jfr-run]+="$(t "$JAVA" -XX:StartFlightRecording:filename="$W/j.jfr" -cp "$W" Hello) "
        r[agent]+="$(t "$JAVA" -javaagent:"$AGENT"=output="$W/a.jfr" -XX:FlightRecorderOptions:repository="$W/repo" -cp "$W" Hello) "
        r[run]+="$(t "$J" run -o "$W/r.jfr" -- "$JAVA" -cp "$W" Hello) "
        r[run-nocds]+="$(JTRACE_CDS=off t "$J" run -o "$W/r.jfr" -- "$JAVA" -cp "$W" Hello) "
        if [ -n "$OTHER" ]; then r[run/other]+="$(t "$OTHER" run -o "$W/o.jfr" -- "$JAVA" -cp "$W" Hello) "; fi
        r[jfr-summary]+="$(t "$JFR" summary "$S") "
        r[jfr-version]+="$(t "$JFR" version) "
        for c in "${COMMANDS[@]}"; do
            IFS='|' read -r name ref args <<<"$c"
            if [ "$name" = query ]; then set -- query "$S" "SELECT count(*) FROM calls"; else read -ra a <<<"$args"; set -- "${a[@]}"; fi
            r[$name]+="$(t "$J" "$@") "
            if [ -n "$OTHER" ]; then r[$name/other]+="$(t "$OTHER" "$@") "; fi
        done
    done
    printf '%-18s %7s %7s %10s %8s %8s  %s\n' command wall min ratio cpu ratio "${OTHER:+other: wall, ratio, cpu, ratio}"
    ratio() { if [ "$3" = + ]; then printf '%+d ms' $(($1 - $2)); else awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2fx", a / b}'; fi; }
    row() { # name, reference (or empty), how it compares: x (times) or + (ms over)
        local m mn c rm rc o="" wr="" cr=""
        read -r m mn < <(stats "${r[$1]}" 1)
        read -r c _ < <(stats "${r[$1]}" 2)
        if [ -n "$2" ]; then
            read -r rm _ < <(stats "${r[$2]}" 1)
            read -r rc _ < <(stats "${r[$2]}" 2)
            wr=$(ratio "$m" "$rm" "$3")
            cr=$(ratio "$c" "$rc" "$3")
            if [ -n "${r[$1/other]:-}" ]; then
                local om oc
                read -r om _ < <(stats "${r[$1/other]}" 1)
                read -r oc _ < <(stats "${r[$1/other]}" 2)
                o="$om $(ratio "$om" "$rm" "$3") $oc $(ratio "$oc" "$rc" "$3")"
            fi
        fi
        printf '%-18s %7s %7s %10s %8s %8s  %s\n' "$1" "$m" "$mn" "$wr" "$c" "$cr" "$o"
    }
    row plain "" ""
    row jfr-run "" ""
    row agent jfr-run +
    row run jfr-run +
    row run-nocds jfr-run +
    row jfr-version "" ""
    row jfr-summary "" ""
    for c in "${COMMANDS[@]}"; do
        IFS='|' read -r name ref _ <<<"$c"
        row "$name" "$ref" x
    done
    unset r
done
