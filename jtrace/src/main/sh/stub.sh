#!/bin/sh
# jtrace: a shell stub followed by a Java archive. Needs Java 17+ ($JTRACE_JAVA, $JAVA_HOME or PATH).
if [ -n "$JTRACE_JAVA" ]; then java="$JTRACE_JAVA"
elif [ -n "$JAVA_HOME" ] && [ -x "$JAVA_HOME/bin/java" ]; then java="$JAVA_HOME/bin/java"
else java=java; fi
if ! command -v "$java" >/dev/null 2>&1; then
  echo "jtrace: cannot run Java: no '$java' (set JTRACE_JAVA or JAVA_HOME to a Java 17+, or put java on the PATH)" >&2
  exit 2
fi
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
# jtrace's own classes from a class-data archive (AppCDS) made for this executable and this java
# (their paths, sizes and times name it): ~0.1-0.3 s less start-up per command. Without one, this
# run lists the classes it loads and jtrace makes the archive in the background when it ends.
# JTRACE_CDS=off: neither.
cds=
unset JTRACE_CDS_ARCHIVE JTRACE_CDS_CLASSES
if [ "$JTRACE_CDS" != off ]; then
  javabin=$java
  case $javabin in */*) ;; *) javabin=$(command -v "$javabin") ;; esac
  id=$(ls -lLd -- "$0" "$javabin" 2>/dev/null | cksum)
  dir=${XDG_CACHE_HOME:-$HOME/.cache}/jtrace/cds
  case $dir in *[[:space:]]*) dir=/nonexistent/jtrace-cds ;; esac # a JVM option is one word
  JTRACE_CDS_ARCHIVE=$dir/${id%% *}.jsa
  if [ -f "$JTRACE_CDS_ARCHIVE" ]; then
    # used only at the size its dump wrote: JDK 17 dies of SIGBUS mapping a cut archive (a disk
    # error, a copied cache), every run; a cut or unsized one is removed for another to be made
    size=
    read -r size <"$JTRACE_CDS_ARCHIVE.size" 2>/dev/null
    if [ -r "$JTRACE_CDS_ARCHIVE" ] && [ -n "$size" ] && [ "$(wc -c <"$JTRACE_CDS_ARCHIVE" 2>/dev/null)" -eq "$size" ] 2>/dev/null; then
      cds="-XX:SharedArchiveFile=$JTRACE_CDS_ARCHIVE -Xlog:cds=off"
      export JTRACE_CDS_ARCHIVE # if the JVM cannot use it, jtrace removes it: the next run makes another
    else
      rm -f "$JTRACE_CDS_ARCHIVE" "$JTRACE_CDS_ARCHIVE.size" 2>/dev/null
    fi
  fi
  if [ -z "$cds" ] && [ ! -f "$JTRACE_CDS_ARCHIVE" ] && mkdir -p "$dir" 2>/dev/null; then
    JTRACE_CDS_CLASSES=$dir/${id%% *}.$$.classes
    cds="-XX:DumpLoadedClassList=$JTRACE_CDS_CLASSES"
    export JTRACE_CDS_ARCHIVE JTRACE_CDS_CLASSES
  fi
fi
# Which compilers jtrace's own JVM uses (measured in bench/README.md, "C1 only for short reading
# commands"). 'jtrace run' mostly waits for its program: C1 only, which leaves the CPU to the
# program's JVM while both start (jtrace run's own cost over the agent alone: 0.25 -> 0.15 s on 2
# cores); not with --live, which decodes the trace as it comes. A reading command on a recording
# small enough is over before C2's code pays for its compiling, so C1 only below a size: 16 MB for
# a line of text per event (print, filter, export), 48 MB for a report at the end (summary of 24 MB
# 0.63 -> 0.48 s; of 80 MB C2 wins, 1.01 against 1.13 s). A call tree (tree; export to collapsed
# stacks or a flame graph) is built on two threads at once: on two cores C2 would compile on a core
# the build needs, and C1 only is faster up to ~500 MB (JavaParser's 263 MB: tree 4.15 -> 2.94 s).
jit=
sub=
file=
format=
next=
for a in "$@"; do
  [ "$a" = -- ] && break
  if [ -n "$next" ]; then [ "$next" = format ] && format=$a; next=; continue; fi
  if [ -z "$sub" ]; then
    case $a in -*) ;; *) sub=$a ;; esac
  elif [ "$a" = --live ]; then
    sub=run-live
    break
  else
    case $a in
      -f|--format) next=format ;;
      -o|--output) next=skip ;; # a file that may exist already, not the recording
      --format=*) format=${a#--format=} ;;
      -f*) format=${a#-f}; format=${format#=} ;;
      -*) ;;
      *) if [ -f "$a" ]; then case $file in *.jfr) ;; *) file=$a ;; esac; fi ;; # the first .jfr, else a file
    esac
  fi
done
# The SQL engine (query, export --format parquet) loads its native library with System.load: JDK 24+
# warns of it on stderr, five lines before every answer, unless native access is granted.
native=
case $sub:$format in query:*|export:parquet) native=--enable-native-access=ALL-UNNAMED ;; esac
case $sub in
  run) jit=-XX:TieredStopAtLevel=1 ;;
  ''|help|ps|detach|install|uninstall) jit=-XX:TieredStopAtLevel=1 ;; # --version, --help: over in ~0.1 s (bench/README.md, "Start-up like the JDK's own tools")
  print|summary|tree|exceptions|vars|calls|filter|export)
    if [ -n "$file" ]; then
      limit=16
      case $sub:$format in
        summary:*|exceptions:*|vars:*|calls:*) limit=48 ;;
        export:parquet) limit=0 ;; # many recordings into one dataset: the first one's size says little
        tree:*|export:collapsed|export:flamegraph)
          limit=48
          cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null)
          case $cores in ''|*[!0-9]*) cores=4 ;; esac
          if [ "$cores" -le 2 ]; then limit=512; fi ;;
      esac
      size=$( { wc -c <"$file"; } 2>/dev/null || echo 0)
      if [ $((size)) -lt $((limit * 1048576)) ]; then jit=-XX:TieredStopAtLevel=1; fi
    fi ;;
esac
# The explore shell lives on after each report (vars, tree): a small initial heap (the default, 1/64
# of the RAM, is a floor the heap never shrinks below: 376 MB here), room to grow during a report
# without a full collection every few MB, and the whole excess given back at the collection the
# shell makes after a report, not a tenth of it per collection (bench/README.md, "vars in the shell").
heap=
case $sub in explore) heap="-Xms64m -XX:MinHeapFreeRatio=40 -XX:MaxHeapFreeRatio=50 -XX:-ShrinkHeapInSteps" ;; esac
# A small young generation and a heap kept close to what is live: reading allocates little that
# lives long, except the aggregates (a call tree of 1.9M paths), so the process stays small
# (tree of a 365 MB JavaParser recording: 402 -> 274 MB peak RSS; print of 704 MB: 191 -> 102 MB).
# Arrays over 100 KB (the call tree's 512 KB pages, replay blocks) go straight to the old
# generation instead of being copied there: parser.jfr's `tree --merge` 210-230 -> 52 ms of GC pauses.
# diff walks two recordings on two threads whose objects each young collection moves: where they
# land decides whether the two share cache lines, so fewer collections make its speed steadier
# (bench/README.md, "The walk in columns").
young=16m
case $sub in diff) young=64m ;; esac
exec "$java" -XX:+UseSerialGC -XX:NewSize=$young -XX:MaxNewSize=$young -XX:MinHeapFreeRatio=5 -XX:MaxHeapFreeRatio=20 \
    -XX:PretenureSizeThreshold=100k -XX:-UsePerfData -Xss4m $heap $jit $native ${tmp:+"$tmp"} $cds $JTRACE_OPTS -jar "$0" "$@"
exit 1
