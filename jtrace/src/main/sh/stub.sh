#!/bin/sh
# jtrace: a shell stub followed by a Java archive. Needs Java 17+ ($JTRACE_JAVA, $JAVA_HOME or PATH).
if [ -n "$JTRACE_JAVA" ]; then java="$JTRACE_JAVA"
elif [ -n "$JAVA_HOME" ] && [ -x "$JAVA_HOME/bin/java" ]; then java="$JAVA_HOME/bin/java"
else java=java; fi
# The user's JVM options are for the program jtrace runs, not for jtrace's own JVM (a debugger
# port, 'Picked up ...' lines): hide them from it and hand them on as JTRACE_SAVED_<name>.
if [ "${JAVA_TOOL_OPTIONS+set}" = set ]; then
  JTRACE_SAVED_JAVA_TOOL_OPTIONS=$JAVA_TOOL_OPTIONS; export JTRACE_SAVED_JAVA_TOOL_OPTIONS; unset JAVA_TOOL_OPTIONS
else unset JTRACE_SAVED_JAVA_TOOL_OPTIONS
fi
if [ "${JDK_JAVA_OPTIONS+set}" = set ]; then
  JTRACE_SAVED_JDK_JAVA_OPTIONS=$JDK_JAVA_OPTIONS; export JTRACE_SAVED_JDK_JAVA_OPTIONS; unset JDK_JAVA_OPTIONS
else unset JTRACE_SAVED_JDK_JAVA_OPTIONS
fi
if [ "${_JAVA_OPTIONS+set}" = set ]; then
  JTRACE_SAVED__JAVA_OPTIONS=$_JAVA_OPTIONS; export JTRACE_SAVED__JAVA_OPTIONS; unset _JAVA_OPTIONS
else unset JTRACE_SAVED__JAVA_OPTIONS
fi
tmp=
if [ -n "$TMPDIR" ]; then tmp="-Djava.io.tmpdir=$TMPDIR"; fi
# A small young generation and a heap kept close to what is live: reading allocates little that
# lives long, except the aggregates (a call tree of 1.9M paths), so the process stays small
# (tree of a 365 MB JavaParser recording: 402 -> 274 MB peak RSS; print of 704 MB: 191 -> 102 MB).
exec "$java" -XX:+UseSerialGC -XX:NewSize=16m -XX:MaxNewSize=16m -XX:MinHeapFreeRatio=5 -XX:MaxHeapFreeRatio=20 \
    -XX:-UsePerfData -Xss4m ${tmp:+"$tmp"} $JTRACE_OPTS -jar "$0" "$@"
exit 1
