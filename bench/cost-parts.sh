#!/usr/bin/env bash
# Where a traced real application's per-call cost goes: the applications of real-apps.sh run plain,
# tracing nothing (--include none.None), and traced whole by a copy of this build patched by
# bench/cost-parts.patch, whose switches (system properties of the target, all off by default, each a
# static final the JIT folds) take one part of the tracer's work away at a time:
#   traced     the patched build with no switch (the same work as this build)
#   noclock    -Djtrace.noclock=true: a counter instead of System.nanoTime() in the call records
#   nocommit   -Djtrace.nocommit=true: each batch copied out of its buffer, then dropped (no JFR event)
#   neither    both of the above
#   emptycall  -Djtrace.noop=true and Tracer.enter/exit kept out of line (CompileCommand dontinline):
#              every probe is still a call, into a method that returns at once
#   inlined    -Djtrace.noop=true: the probes' calls return at once and the JIT inlines them away
#   outofline  no switch, Tracer.enter/exit kept out of line (dontinline): the whole work, never
#              inlined into the application's methods
# ROUNDS rounds, each running every configuration once in turn; medians of whole-process wall-clock.
# With C2=1, one more run of each configuration with a JFR recording of the JIT (bench/jit.jfc) in
# the target prints C2's compile time in total and on the application's own classes.
#   bench/cost-parts.sh [ROUNDS] [JAVA]   (defaults: 3 java; build first: mvn -q -B package -DskipTests)
# APPS="gson h2" limits the apps (default: gson h2 pdfbox).
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
JAVA=${2:-java}
OUT=$(mktemp -d)
source bench/patched-build.sh # patched_build
patched_build cost-parts.patch # HACK
source bench/real-apps.env # CP, cmd[APP]
read -ra apps <<<"${APPS:-gson h2 pdfbox}"
DONTINLINE="-XX:CompileCommand=quiet -XX:CompileCommand=dontinline,io.jtrace.runtime.Tracer::enter -XX:CompileCommand=dontinline,io.jtrace.runtime.Tracer::exit"
declare -A flags=([traced]="" [noclock]="-Djtrace.noclock=true" [nocommit]="-Djtrace.nocommit=true"
    [neither]="-Djtrace.noclock=true -Djtrace.nocommit=true" [emptycall]="-Djtrace.noop=true $DONTINLINE" [inlined]="-Djtrace.noop=true" [outofline]="$DONTINLINE")
parts=${PARTS:-traced noclock nocommit neither emptycall inlined outofline}
# each build with a class cache of its own (the patched build's classes are the same for every switch)
run() { # app config [extra JVM options] -> wall ms
    local start
    start=$(date +%s%N)
    # shellcheck disable=SC2086
    case $2 in
        plain) "$JAVA" ${3:-} -cp "$CP" ${cmd[$1]} >/dev/null 2>&1 ;;
        none) XDG_CACHE_HOME=$OUT/cache.main jtrace/target/jtrace run --include none.None -o "$OUT/none.jfr" -- "$JAVA" ${3:-} -cp "$CP" ${cmd[$1]} >/dev/null 2>&1 ;;
        *) XDG_CACHE_HOME=$OUT/cache.hack "$HACK/jtrace/target/jtrace" run -o "$OUT/$2.jfr" -- "$JAVA" ${flags[$2]} ${3:-} -cp "$CP" ${cmd[$1]} >/dev/null 2>&1 || true ;;
    esac
    echo $((($(date +%s%N) - start) / 1000000))
}
declare -A wall
for ((r = 0; r < ROUNDS; r++)); do
    for a in "${apps[@]}"; do
        for c in plain none $parts; do wall[$a.$c]+="$(run "$a" "$c") "; done
    done
done
source bench/median.sh # median
"$JAVA" -version 2>&1 | head -1
echo "medians of $ROUNDS rounds, ms (ratio to plain), $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf "  %-8s %6s" app plain
for c in none $parts; do printf " %16s" "$c"; done
echo
for a in "${apps[@]}"; do
    p=$(median "${wall[$a.plain]}")
    printf "  %-8s %6d" "$a" "$p"
    for c in none $parts; do
        m=$(median "${wall[$a.$c]}")
        printf " %16s" "$m ($(awk -v m="$m" -v p="$p" 'BEGIN {printf "%.2fx", m / p}'))"
    done
    echo
done
if [[ ${C2:-} == 1 ]]; then
    echo "C2's compile time, one run each (total / the application's classes), ms:"
    for a in "${apps[@]}"; do
        printf "  %-8s" "$a"
        for c in plain none $parts; do
            run "$a" "$c" "-XX:StartFlightRecording:settings=$PWD/bench/jit.jfc,filename=$OUT/jit.jfr" >/dev/null
            jfr print --events jdk.Compilation "$OUT/jit.jfr" | awk -v c="$c" '
                /^jdk.Compilation/ { ms = 0; lvl = ""; m = "" }
                /^ *duration = / { v = $3; u = $4; ms = u == "s" ? v * 1000 : u == "ms" ? v : u == "us" ? v / 1000 : v / 1e6 }
                /^ *compileLevel = / { lvl = $3 }
                /^ *method = / { m = $3 }
                /^}/ { if (lvl == 4) { t += ms; if (m !~ /^(java|jdk|sun|io\.jtrace)\./) app += ms } }
                END { printf " %s %d/%d", c, t, app }'
            rm -f "$OUT/jit.jfr"
        done
        echo
    done
fi
