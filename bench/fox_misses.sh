#!/bin/sh
# The Fox records whose counted result gocount does not reproduce, by kind
# of cause, and the games whose cause is the dead-stone judgement (the
# chains named), for whoever works on the judge (issue 21):
#
#   bench/fox_misses.sh [build/bench_fox] [OUT.tsv]
#
# OUT.tsv (default /tmp/fox_misses.tsv) gets one line per miss: file, RE,
# komi, handicap, gocount's result, RE's margin less ours, points still
# needing a move, the estimate's dead chains, the cause's kind ("?": likely)
# and its words. Skipped when ../shared/data is absent.
set -eu
cd "$(dirname "$0")/.."
bin=${1:-build/bench_fox}
out=${2:-/tmp/fox_misses.tsv}
if [ ! -d ../shared/data/fox-pro-featurecat ]; then
  echo "fox_misses: ../shared/data/fox-pro-featurecat is absent: skipped"
  exit 0
fi
[ -x "$bin" ] || { echo "fox_misses: $bin: no such program (cmake --build build --target bench_fox)" >&2; exit 1; }
GOCOUNT_BENCH_VERBOSE=1 "$bin" --benchmark_filter=DefaultsFox 2>&1 >/dev/null | grep '^MISS' | cut -f2- >"$out" || true
echo "$(wc -l <"$out") counted results not reproduced, in $out; by cause (? = likely):"
cut -f9 "$out" | sort | uniq -c | sort -rn
echo "the dead-stone judgement (file, RE less ours, chains):"
awk -F'\t' '$9 ~ /^(dead_left_on_board|removed_as_dead)/ { sub(/.*\/Pro\//, "", $1); print "  " $1 "\t" $6 "\t" $10 }' "$out" |
  cut -c1-240
