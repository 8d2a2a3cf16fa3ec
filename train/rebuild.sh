#!/usr/bin/env bash
# Rebuilds the ownership model's weights (models/ownership.bin) from the game
# records in ../shared/data, as committed: the dataset (build/make_dataset),
# then training (train/train.py, PyTorch on the CPU, fixed seed), then the
# C++ forward-pass fixture (tests/data/model/). Needs python3-torch and
# python3-numpy (Debian): `apt-get install python3-torch`.
#
#   bash train/rebuild.sh [STEPS]   (default 31,528: as many as the committed model took)
#
# On this project's machine (2 cores) the dataset takes about 4 minutes and
# the training about 60 minutes. The test sets (train/README.md) are never read.
set -euo pipefail
cd "$(dirname "$0")/.."
steps="${1:-31528}"
data="${GOCOUNT_SHARED_DATA:-../shared/data}"
work="${GOCOUNT_TRAIN_DIR:-build/train}"
bash scripts/build.sh
rm -rf "$work"
mkdir -p "$work"
kgs=("$data"/kgs-6d-godmoves/KGS200{1,2,3}.sgf "$data"/kgs-6d-godmoves/kgs-19-2006.sgf)
mapfile -t ogs < <(ls "$data"/ogs-9x9-teeny-go/*.sgf | grep -v -e chinese-04.sgf -e japanese-09.sgf)
build/make_dataset --before 2,4,8,12 "$work/kgs" "${kgs[@]}" &
build/make_dataset "$work/ogs" "${ogs[@]}"
wait
mkdir -p "$work/all"
cp "$work/kgs/size19.bin" "$work/all/size19.bin"
cp "$work/ogs/size9.bin" "$work/all/size9.bin"
{ cat "$work/kgs/index.csv"; tail -n +2 "$work/ogs/index.csv"; } > "$work/all/index.csv"
/usr/bin/python3 train/train.py --data "$work/all" --out models/ownership.bin --blocks 8 --seed 20261126 --steps "$steps" | tee "$work/train.log"
/usr/bin/python3 train/train.py --data "$work/all" --tiny-test tests/data/model
