# median "N N N ...": the middle of the numbers (an even count: the mean of the middle two). Sourced by
# the bench scripts that take medians of rounds, so that each figure of bench/README.md is the same statistic.
median() { tr ' ' '\n' <<<"$1" | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}'; }
