#!/usr/bin/env bash
# Sets everything up, builds, and runs every test: the GoogleTest suites
# through ctest, then a short libFuzzer run of the SGF reader (with clang).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh --test
bash scripts/build.sh
if command -v clang++ >/dev/null && [[ -f fuzz/run.sh ]]; then
  bash fuzz/run.sh "${GOCOUNT_FUZZ_SECONDS:-60}"
fi
cd build
ctest --output-on-failure -j"$(nproc)"
