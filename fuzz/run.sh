#!/bin/sh
# Builds the libFuzzer targets with clang in build-fuzz/ and fuzzes each for
# $1 seconds (default 60): fuzz_parse (the SGF and diagram readers and the
# writer alone, tens of thousands of runs a second), fuzz_sgf (the whole
# pipeline) and fuzz_gtp (gocount gtp's command reader and commands). The
# seed corpus is fuzz/corpus, plus the small records of ../shared/data when it
# is there; fuzz_gtp's is fuzz/corpus-gtp, with fuzz/gtp.dict. Exits non-zero
# when a fuzzer finds a crash, a hang (-timeout=5) or a sanitizer report; the reproducer (crash-*,
# timeout-*, leak-*, oom-*) is then in the temp dir printed below, and can be
# rerun with: build-fuzz/<target> <file>
set -eu
seconds=${1:-60}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

CC=clang CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Release \
  -DGOCOUNT_FUZZ=ON -DGOCOUNT_TESTS=OFF -DGOCOUNT_BENCH=OFF >/dev/null
cmake --build build-fuzz -j2 --target fuzz_sgf fuzz_parse fuzz_gtp

for target in fuzz_parse fuzz_sgf fuzz_gtp; do
  work=$(mktemp -d "${TMPDIR:-/tmp}/gocount-$target.XXXXXX")
  mkdir "$work/corpus"
  corpus=fuzz/corpus dict=fuzz/sgf.dict
  if [ "$target" = fuzz_gtp ]; then corpus=fuzz/corpus-gtp dict=fuzz/gtp.dict; fi
  cp "$corpus"/* "$work/corpus/"
  if [ -d ../shared/data ] && [ "$target" != fuzz_gtp ]; then
    # Real records small enough for -max_len: the shapes archives contain.
    find ../shared/data -name '*.sgf' -size -4k | sort | head -n 400 | while read -r f; do
      cp "$f" "$work/corpus/shared-$(echo "$f" | cksum | cut -d' ' -f1).sgf"
    done
  fi
  echo "$target: ${seconds}s, corpus and artifacts in $work"
  status=0
  # A fixed seed (GOCOUNT_FUZZ_SEED changes it) so that a run can be repeated.
  "build-fuzz/$target" "$work/corpus" -seed="${GOCOUNT_FUZZ_SEED:-1}" -max_len=4096 -timeout=5 \
    -max_total_time="$seconds" -dict="$dict" -artifact_prefix="$work/" -print_final_stats=1 \
    2>"$work/log" || status=$?
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)|DONE' "$work/log" || true
  if [ "$status" -ne 0 ]; then
    tail -n 40 "$work/log" >&2
    echo "$target: FAILED (exit $status); reproducers:" >&2
    ls "$work" | grep -E '^(crash|timeout|leak|oom|slow-unit)-' >&2 || true
    exit "$status"
  fi
  echo "$target: no crash in ${seconds}s ($(ls "$work/corpus" | wc -l) inputs in the corpus)"
  rm -rf "$work"
done
