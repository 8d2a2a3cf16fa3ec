#!/usr/bin/env bash
# `cmake --install` puts the program, its man page and its bash completion
# where a system looks for them, and the installed completion completes.
#   bash tests/test_install.sh CMAKE BUILD_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
"$1" --install "$2" --prefix "$prefix" >/dev/null
for f in bin/gocount share/man/man1/gocount.1 share/bash-completion/completions/gocount; do
  [[ -s $prefix/$f ]] || { echo "FAIL: cmake --install did not install $f"; exit 1; }
done
grep -q '^\.TH GOCOUNT "1"' "$prefix/share/man/man1/gocount.1" || { echo "FAIL: gocount.1 is not the man page"; exit 1; }
"$prefix/bin/gocount" --version >/dev/null
bash tests/test_completion.sh "$prefix/share/bash-completion/completions/gocount"
echo "install: ok"
