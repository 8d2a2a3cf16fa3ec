#!/usr/bin/env bash
# Whole archives through `gocount score` (the README's figures for --jobs):
# records per second and peak memory on the 9,166 KGS records and the 78,106
# OGS 9x9 records of ../shared/data, with --jobs 1 and --jobs 2, with the
# estimate (the default) and without (--no-estimate); and the peak memory of
# a 10x larger input (the OGS records ten times over), which must not be
# larger. CSV output discarded; peak RSS and time from /usr/bin/time -v
# (Debian's `time` package). Run it on an idle machine: about a minute (session 40).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/gocount
[[ -x $bin ]] || { echo "build first: bash scripts/build.sh" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
data=../shared/data
[[ -d $data ]] || { echo "../shared/data is absent: nothing to measure"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ls "$data"/kgs-6d-godmoves/*.sgf > "$tmp/kgs.txt"
ls "$data"/ogs-9x9-teeny-go/*.sgf > "$tmp/ogs.txt"
for i in $(seq 10); do cat "$tmp/ogs.txt"; done > "$tmp/ogs10.txt"
printf '%-8s %-13s %5s %8s %10s %12s %12s\n' corpus estimate jobs games seconds games_per_s peak_rss_kb
run() {  # corpus list estimate jobs
  local flag=""
  [[ $3 == off ]] && flag=--no-estimate
  /usr/bin/time -v "$bin" score --quiet --format csv --jobs "$4" $flag --summary "$tmp/s.json" \
    --files-from "$tmp/$2.txt" >/dev/null 2>"$tmp/time" || true
  local games secs rss
  games=$(grep -o '"games_read":[0-9]*' "$tmp/s.json" | cut -d: -f2)
  secs=$(grep 'Elapsed' "$tmp/time" | awk '{print $NF}' | awk -F: '{ if (NF == 3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
  rss=$(grep 'Maximum resident' "$tmp/time" | awk '{print $NF}')
  printf '%-8s %-13s %5s %8s %10s %12.0f %12s\n' "$1" "$3" "$4" "$games" "$secs" "$(awk -v g="$games" -v s="$secs" 'BEGIN { print g / s }')" "$rss"
}
for corpus in kgs ogs; do
  for estimate in on off; do
    for jobs in 1 2; do run "$corpus" "$corpus" "$estimate" "$jobs"; done
  done
done
run ogs-x10 ogs10 off 2
