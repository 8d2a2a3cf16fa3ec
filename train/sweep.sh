#!/usr/bin/env bash
# Trains several networks side by side on one GPU (a machine lent by chance:
# train/README.md), each for the same minutes, keeping each one's best
# weights on the held-out validation records.
#
#   bash train/sweep.sh DATA OUT MINUTES NAME:CHANNELS:BLOCKS[:EXTRA ARGS] ...
#
# DATA holds index.csv and size9/size19 (.bin, or .npz from `train.py --pack`).
# Writes OUT/NAME.bin for each network and LOGS/NAME.log (LOGS: OUT unless
# set). DEVICE=cpu runs it here; BATCH_SCALE (8: 1,024 9x9 or 256 19x19
# positions a batch) and VALIDATE_EVERY (60 s) as train.py's options.
set -uo pipefail
cd "$(dirname "$0")/.."
data="$1" out="$2" minutes="$3"
shift 3
logs="${LOGS:-$out}"
mkdir -p "$out" "$logs"
export PYTHONUNBUFFERED=1
for spec in "$@"; do
  IFS=: read -r name channels blocks extra <<<"$spec"
  # shellcheck disable=SC2086  # EXTRA is a list of arguments
  "${PYTHON:-python3}" train/train.py --data "$data" --out "$out/$name.bin" --channels "$channels" --blocks "$blocks" \
    --device "${DEVICE:-cuda}" --batch-scale "${BATCH_SCALE:-8}" --minutes "$minutes" --validate-every "${VALIDATE_EVERY:-60}" --seed 20261126 $extra \
    >"$logs/$name.log" 2>&1 &
done
wait
for spec in "$@"; do
  name="${spec%%:*}"
  echo "== $name: $(grep -c '^step .*loss' "$logs/$name.log") progress lines"
  grep -E 'validation|steps in|Error|error' "$logs/$name.log" | tail -8
done
