#!/usr/bin/env bash
# What one call costs a program that runs gocount once per game (a GUI that
# recounts on a click, a server per finished game, a script per file): the
# median and worst wall time of N runs (default 50) of `gocount --version`,
# of one 9x9 record scored with the defaults and as a PNG, and of Python's
# `import gocount` (when the module is built); peak memory of one run.
# Most of a one-record run is the loading of shared libraries: `ldd` counts
# them. Run it on an idle machine: about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${GOCOUNT_BIN:-build/gocount}  # another build to compare: GOCOUNT_BIN=DIR/gocount
[[ -x $bin ]] || { echo "build first: bash scripts/build.sh" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
runs=${1:-50}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lib=$(dirname "$bin")/libgocount.so
echo "gocount loads $(ldd "$bin" | wc -l) shared libraries ($(ldd "$lib" 2>/dev/null | wc -l) for libgocount.so)"
printf '%-22s %10s %10s %12s\n' call median_ms worst_ms peak_rss_kb
measure() {  # name command...
  local name=$1
  shift
  : > "$tmp/ms"
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1
    t1=$(date +%s%N)
    echo $(((t1 - t0) / 1000)) >> "$tmp/ms"
  done
  /usr/bin/time -v "$@" >/dev/null 2>"$tmp/time" || true
  sort -n "$tmp/ms" | awk -v name="$name" -v rss="$(grep 'Maximum resident' "$tmp/time" | awk '{print $NF}')" \
    '{ v[NR] = $1 } END { printf "%-22s %10.1f %10.1f %12s\n", name, v[int((NR + 1) / 2)] / 1000, v[NR] / 1000, rss }'
}
measure version "$bin" --version
measure "score, one record" "$bin" score examples/example.sgf
measure "score --format png" "$bin" score --format png -o "$tmp/x.png" examples/example.sgf
py=$(dirname "$bin")/python
if [[ -d $py/gocount ]]; then
  measure "python import" env PYTHONPATH="$py" /usr/bin/python3 -c 'import gocount'
  measure "python (no import)" /usr/bin/python3 -c 'pass'
fi
