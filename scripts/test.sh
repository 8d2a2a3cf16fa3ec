#!/usr/bin/env bash
# Sets everything up, builds, and runs every test: the GoogleTest suites
# through ctest, after a short libFuzzer run of the SGF reader (with clang);
# then the suites again under ASan and UBSan, with every record of
# ../shared/data scored there (scripts/sanitize.sh; GOCOUNT_SANITIZE=0 skips it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh --test
bash scripts/build.sh
if command -v clang++ >/dev/null && [[ -f fuzz/run.sh ]]; then
  bash fuzz/run.sh "${GOCOUNT_FUZZ_SECONDS:-60}"
fi
(cd build && ctest --output-on-failure -j"$(nproc)")
if [[ "${GOCOUNT_SANITIZE:-1}" != 0 ]]; then
  bash scripts/sanitize.sh
fi
