#!/usr/bin/env bash
# Every output of `gocount score` (text, JSON, CSV, SVG; the command's defaults)
# for every record of ../shared/data against the digests recorded in
# bench/output_digests.tsv before the speed work of issue 23 (ctest's
# outputs.digests checks one game in 50). A change is allowed only where a
# bug is found: name it in the commit and record again with --record.
#   bash bench/output_digests.sh [--record] [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
record=0
[[ ${1:-} == --record ]] && { record=1; shift; }
build=${1:-build}
data=${GOCOUNT_SHARED_DATA:-../shared/data}
[[ -d $data ]] || { echo "no data at $data: skipped"; exit 0; }
if ((record)); then
  "$build/output_digests" "$data" > bench/output_digests.tsv
  "$build/output_digests" --every 50 "$data" > tests/data/output_digests_every50.tsv
else
  "$build/output_digests" --check bench/output_digests.tsv "$data"
fi
