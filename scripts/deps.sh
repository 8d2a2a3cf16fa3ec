#!/usr/bin/env bash
# Installs the Debian packages gocount needs to build and test, if missing.
set -euo pipefail
pkgs=(g++ cmake make pkg-config libcli11-dev nlohmann-json3-dev libfmt-dev libgtest-dev libgmock-dev
      libbenchmark-dev clang libclang-rt-dev python3-jsonschema librsvg2-dev fonts-dejavu-core libcpp-httplib-dev libsqlite3-dev sqlite3
      chromium)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo=sudo
  echo "Installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# The page's browser test drives the Debian chromium with puppeteer-core,
# pinned in tests/web/package-lock.json (Node 20 and npm from the machine).
web="$(dirname "$0")/../tests/web"
if ! command -v npm >/dev/null; then
  echo "npm not found: install Node 20 to run the page's browser test (tests/web)" >&2
elif [[ ! -f "$web/node_modules/.package-lock.json" || "$web/package-lock.json" -nt "$web/node_modules/.package-lock.json" ]]; then
  (cd "$web" && npm ci --no-audit --no-fund --loglevel=error)
fi
