#!/bin/sh
# jtrace: a shell stub followed by a Java archive. Needs Java 17+ ($JTRACE_JAVA, $JAVA_HOME or PATH).
if [ -n "$JTRACE_JAVA" ]; then java="$JTRACE_JAVA"
elif [ -n "$JAVA_HOME" ] && [ -x "$JAVA_HOME/bin/java" ]; then java="$JAVA_HOME/bin/java"
else java=java; fi
exec "$java" -XX:+UseSerialGC -XX:-UsePerfData -Xss4m $JTRACE_OPTS -jar "$0" "$@"
exit 1
