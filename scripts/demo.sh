#!/usr/bin/env bash
# Sets everything up, builds, and scores the bundled example game.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
bash scripts/build.sh >/dev/null
set -x
build/gocount score examples/example.sgf
build/gocount score --rules chinese examples/example.sgf
build/gocount score --format json examples/example.sgf examples/example.txt
build/gocount score --format diagram examples/race.txt   # no marks: the estimate decides
build/gocount score examples/recorded_other_komi.sgf      # a count that differs from RE, and why
