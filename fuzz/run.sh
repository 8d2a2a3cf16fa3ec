#!/bin/sh
# Builds fuzz_sgf with clang in build-fuzz/ and fuzzes it for $1 seconds
# (default 60) on a copy of fuzz/corpus. Exits non-zero when the fuzzer finds a
# crash, a hang (-timeout=5) or a sanitizer report; the reproducer (crash-*,
# timeout-*, leak-*, oom-*) is then in the temp dir printed below, and can be
# rerun with: build-fuzz/fuzz_sgf <file>
set -eu
seconds=${1:-60}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

CC=clang CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Release \
  -DGOCOUNT_FUZZ=ON -DGOCOUNT_TESTS=OFF -DGOCOUNT_BENCH=OFF >/dev/null
cmake --build build-fuzz -j2 --target fuzz_sgf

work=$(mktemp -d "${TMPDIR:-/tmp}/gocount-fuzz.XXXXXX")
mkdir "$work/corpus"
cp fuzz/corpus/* "$work/corpus/"
echo "fuzz_sgf: ${seconds}s, corpus and artifacts in $work"

status=0
# A fixed seed (GOCOUNT_FUZZ_SEED changes it) so that a run can be repeated.
build-fuzz/fuzz_sgf "$work/corpus" -seed="${GOCOUNT_FUZZ_SEED:-1}" -max_len=4096 -timeout=5 -max_total_time="$seconds" -dict=fuzz/sgf.dict \
  -artifact_prefix="$work/" -print_final_stats=1 || status=$?
if [ "$status" -ne 0 ]; then
  echo "fuzz_sgf: FAILED (exit $status); reproducers:" >&2
  ls "$work" | grep -E '^(crash|timeout|leak|oom|slow-unit)-' >&2 || true
  exit "$status"
fi
echo "fuzz_sgf: no crash in ${seconds}s ($(ls "$work/corpus" | wc -l) inputs in the corpus)"
rm -rf "$work"
