#!/usr/bin/env bash
# Peak memory of `gocount score` against the size of its input (the README's
# figures): a 1 KB record, 20 MB and 62 MB collections made of the OGS records
# in ../shared/data (skipped when absent), and one game with a 100 MB comment.
# Scored with --no-estimate --format json, output discarded; peak RSS from
# /usr/bin/time -v (Debian's `time` package). Takes about three minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/gocount
[[ -x $bin ]] || { echo "build first: bash scripts/build.sh" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
inputs=(examples/example.sgf)
ogs=../shared/data/ogs-9x9-teeny-go
if [[ -d $ogs ]]; then
  cat "$ogs"/chinese-0[1-4].sgf > "$tmp/20mb.sgf"
  cat "$ogs"/chinese-0[1-4].sgf "$ogs"/japanese-0[1-9].sgf > "$tmp/62mb.sgf"
  inputs+=("$tmp/20mb.sgf" "$tmp/62mb.sgf")
else
  echo "(../shared/data absent: the collections are skipped)"
fi
{ printf '(;FF[4]SZ[9]KM[6.5]C['; head -c 100000000 /dev/zero | tr '\0' 'x'; printf '];B[ee];W[];B[])'; } > "$tmp/comment.sgf"
inputs+=("$tmp/comment.sgf")
printf '%-14s %12s %12s %10s\n' input bytes peak_rss_kb seconds
for f in "${inputs[@]}"; do
  /usr/bin/time -v "$bin" score --no-estimate --format json "$f" >/dev/null 2>"$tmp/time" || true
  rss=$(grep 'Maximum resident' "$tmp/time" | awk '{print $NF}')
  secs=$(grep 'Elapsed' "$tmp/time" | awk '{print $NF}')
  printf '%-14s %12s %12s %10s\n' "$(basename "$f")" "$(stat -c %s "$f")" "$rss" "$secs"
done
