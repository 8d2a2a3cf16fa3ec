#!/usr/bin/env bash
# Builds gocount and its tests with AddressSanitizer, UndefinedBehaviorSanitizer
# and libstdc++'s assertions (bounds of operator[], _GLIBCXX_ASSERTIONS)
# in build-sanitize/ and runs every suite there, then scores every record of
# ../shared/data (where it is) as JSON, and the small collections as text with
# --explain: any sanitizer report fails the run. The Python tests run with the
# sanitizers' runtimes preloaded; left out: library.install, which builds a
# program of its own against the installed library. Third-party leaks held
# until exit are suppressed (scripts/lsan.supp).
# Run by scripts/test.sh unless GOCOUNT_SANITIZE=0.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
sanitize="-fsanitize=address,undefined"
cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=None -DGOCOUNT_BENCH=OFF \
  -DCMAKE_CXX_FLAGS="-O1 -g1 -fno-omit-frame-pointer $sanitize -fno-sanitize-recover=undefined -D_GLIBCXX_ASSERTIONS" \
  -DCMAKE_EXE_LINKER_FLAGS="$sanitize" -DCMAKE_SHARED_LINKER_FLAGS="$sanitize" >/dev/null
cmake --build build-sanitize -j"$(nproc)"
export ASAN_OPTIONS=detect_stack_use_after_return=1
export LSAN_OPTIONS="suppressions=$root/scripts/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS=print_stacktrace=1
(cd build-sanitize && ctest --output-on-failure -j"$(nproc)" -E '^(library\.install|python\..*|examples\.python)$')
# The Python module in a Python that is not sanitized: the runtimes loaded
# first, and no leak check (Python frees little of its own at exit).
preload="$(g++ -print-file-name=libasan.so):$(g++ -print-file-name=libubsan.so)"
(cd build-sanitize && LD_PRELOAD=$preload ASAN_OPTIONS=detect_leaks=0 \
  ctest --output-on-failure -R '^(python\..*|examples\.python)$')

data=$root/../shared/data
if [[ ! -d $data ]]; then
  echo "sanitize: $data is absent: the records are not scored"
  exit 0
fi
# gocount exits 1 on the records that cannot be read (some are broken on
# purpose): only a sanitizer's report counts here.
reports=$(mktemp -d "${TMPDIR:-/tmp}/gocount-sanitize.XXXXXX")
find "$data" -name '*.sgf' | sort >"$reports/all.txt"
grep -v -e '/ogs-9x9-teeny-go/' -e '/kgs-6d-godmoves/' "$reports/all.txt" >"$reports/small.txt" || true
build-sanitize/gocount score --jobs "$(nproc)" --format json --files-from "$reports/all.txt" >/dev/null \
  2>"$reports/json.err" || true
build-sanitize/gocount score --jobs "$(nproc)" --explain --files-from "$reports/small.txt" >/dev/null \
  2>"$reports/text.err" || true
report=(-e 'ERROR: AddressSanitizer' -e 'ERROR: LeakSanitizer' -e 'runtime error:')
if grep -l "${report[@]}" "$reports"/*.err; then
  grep -h -B2 -A30 "${report[@]}" "$reports"/*.err | head -n 80 >&2
  echo "sanitize: a sanitizer report while scoring ../shared/data (above; all of it in $reports)" >&2
  exit 1
fi
echo "sanitize: every record of ../shared/data scored, no sanitizer report ($(grep -o "[0-9]* games read.*" "$reports/json.err" | head -n 1))"
rm -rf "$reports"
