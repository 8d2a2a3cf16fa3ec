#!/usr/bin/env bash
# examples/python run as a reader would run them (PYTHONPATH: the build
# tree's module), their output checked against the counts the example
# record's comment gives by hand.
#   bash tests/test_examples_python.sh PYTHON BUILD_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
py=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

out=$("$py" examples/python/score_file.py examples/example.sgf)
grep -q '^chinese: B+2.5 (Black 45, White 42.5, komi 6.5), dead B7 H7 by marks$' <<<"$out" || fail "score_file: $out"
grep -q '^japanese: B+1.5 (Black 36, White 34.5, komi 6.5), dead B7 H7 by marks$' <<<"$out" || fail "score_file: $out"
grep -q "^refused: unknown rules 'moon'" <<<"$out" || fail "score_file: $out"

cat examples/example.sgf examples/gnugo19.sgf examples/recorded_other_komi.sgf >"$work/three.sgf"
printf '(;SZ[9];B[zz])' >>"$work/three.sgf"
out=$("$py" examples/python/collection_pandas.py "$work/three.sgf")
[[ $(grep -c '^ \+[0-9] ' <<<"$out") == 4 ]] || fail "collection_pandas: $out"
grep -q '^4 games; ' <<<"$out" || fail "collection_pandas: $out"

out=$("$py" examples/python/ownership_plot.py examples/example.sgf "$work/own.png")
grep -q "own.png: 9x9, 2 dead stones, B+1.5$" <<<"$out" || fail "ownership_plot: $out"
[[ $(head -c 8 "$work/own.png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || fail "ownership_plot wrote no PNG"
echo "examples.python: ok"
