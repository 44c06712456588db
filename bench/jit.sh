#!/usr/bin/env bash
# What the JIT spends on one jtrace command, and why it compiles code again: runs the command with
# a JFR recording of jtrace's own JVM (bench/jit.jfc: every jdk.Compilation and jdk.Deoptimization,
# through JTRACE_OPTS) and prints the compile time per tier, the methods C2 compiled more than once,
# and the deoptimizations in jtrace's code by place and reason. An `unstable_if` there is a branch
# the profile had never seen taken: taking it threw away the compiled code it was inlined into
# (docs/design/reading-speed.md, "The JIT's rules").
#   bench/jit.sh [JTRACE] -- ARGS...     e.g. bench/jit.sh -- tree --merge /dev/shm/newrec/parser.jfr
# The command's output goes to /dev/null. Needs the JDK's `jfr` tool on PATH. The JIT's decisions
# depend on timing: compare two builds over a few runs each.
set -euo pipefail
cd "$(dirname "$0")/.."
JTRACE=jtrace/target/jtrace
if [ "${1:-}" != -- ]; then JTRACE=$1; shift; fi
[ "${1:-}" = -- ] || { echo "usage: bench/jit.sh [JTRACE] -- ARGS..." >&2; exit 2; }
shift
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
start=$(date +%s%N)
JTRACE_OPTS="${JTRACE_OPTS:-} -XX:StartFlightRecording:settings=$PWD/bench/jit.jfc,filename=$W/jit.jfr" \
    "$JTRACE" "$@" >/dev/null 2>"$W/err" || { cat "$W/err" >&2; exit 1; }
echo "jtrace $*: $((($(date +%s%N) - start) / 1000000)) ms"
jfr print --events jdk.Compilation "$W/jit.jfr" >"$W/c.txt"
jfr print --events jdk.Deoptimization "$W/jit.jfr" >"$W/d.txt"
# One line per compilation: level, ms, osr, code size, method.
awk '
    /^jdk.Compilation/ { ms = 0; lvl = ""; m = ""; osr = ""; size = "" }
    /^ *duration = / { v = $3; u = $4; ms = u == "s" ? v * 1000 : u == "ms" ? v : u == "us" ? v / 1000 : v / 1e6 }
    /^ *compileLevel = / { lvl = $3 }
    /^ *isOsr = / { osr = $3 == "true" ? "OSR" : "" }
    /^ *codeSize = / { size = $4 == "kB" ? $3 : $4 == "MB" ? $3 * 1024 : $3 / 1024 }
    /^ *method = / { m = $0; sub(/^ *method = /, "", m) }
    /^}/ { if (lvl != "") printf "%s\t%.1f\t%s\t%.1f\t%s\n", lvl, ms, osr, size, m }
' "$W/c.txt" >"$W/c.tsv"
awk -F'\t' '{ t[$1] += $2; n[$1]++ } END { for (l in t) printf "  tier %s: %d compilations, %.0f ms\n", l, n[l], t[l] }' "$W/c.tsv" | sort
echo "C2 compiled more than once (times, ms in all, largest code in KB):"
awk -F'\t' '$1 == 4 { n[$5]++; t[$5] += $2; if ($4 + 0 > big[$5] + 0) big[$5] = $4 } END { for (m in n) if (n[m] > 1) printf "  %d\t%.0f ms\t%s\t%s\n", n[m], t[m], big[m], m }' "$W/c.tsv" | sort -t$'\t' -k2 -rn | head -15
echo "the 10 longest C2 compilations (ms, code in KB; jdk.internal.org.objectweb.asm is JFR's own, instrumenting its events):"
awk -F'\t' '$1 == 4' "$W/c.tsv" | sort -t$'\t' -k2 -rn | head -10 | awk -F'\t' '{ printf "  %.0f ms\t%s\t%s\t%s\n", $2, $4, $3, $5 }'
echo "deoptimizations in jtrace's code (count, place, reason, action):"
awk '
    /^jdk.Deoptimization/ { m = ""; line = ""; r = ""; a = "" }
    /^ *method = / { m = $0; sub(/^ *method = /, "", m) }
    /^ *lineNumber = / { line = $3 }
    /^ *reason = / { r = $3 }
    /^ *action = / { a = $3 }
    /^}/ { if (m ~ /^io\.jtrace\./) print m ":" line "\t" r "\t" a }
' "$W/d.txt" | sort | uniq -c | sort -rn | head -20 | sed 's/^ */  /'
