#!/bin/bash
# The front ends over the public API only (issue 22, condition 2): the files
# named here include <gocount/...> and nothing from src/. (The build checks
# it too: gocount_gtp and gocount_serve see include/, not src/.) When a front
# end moves onto the API, add it here.
set -u
cd "$(dirname "$0")/.."
front_ends=(apps/gtp/engine.h apps/gtp/engine.cpp apps/serve.h apps/serve.cpp)
layers=$(ls src | paste -sd'|')
found=$(grep -nE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"](\.\./)*(src/)?($layers)/" "${front_ends[@]}")
if [[ -n "$found" ]]; then
  echo "test_front_ends: a front end includes src/ headers (use <gocount/...>):"
  echo "$found"
  exit 1
fi
echo "test_front_ends: ${front_ends[*]} include no src/ header"
