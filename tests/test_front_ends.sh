#!/bin/bash
# The front ends over the public API only (issue 22, condition 2): every
# file under apps/ includes <gocount/...> and nothing from src/. (The build
# checks it too: gocount, gocount_gtp and gocount_serve see include/ and
# apps/, not src/.)
set -u
cd "$(dirname "$0")/.."
mapfile -t front_ends < <(find apps -type f \( -name '*.cpp' -o -name '*.h' \) | sort)
if [[ ${#front_ends[@]} -eq 0 ]]; then
  echo "test_front_ends: no source under apps/"
  exit 1
fi
layers=$(ls src | paste -sd'|')
found=$(grep -nE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"](\.\./)*(src/)?($layers)/" "${front_ends[@]}")
if [[ -n "$found" ]]; then
  echo "test_front_ends: a front end includes src/ headers (use <gocount/...>):"
  echo "$found"
  exit 1
fi
echo "test_front_ends: the ${#front_ends[@]} files of apps/ include no src/ header"
