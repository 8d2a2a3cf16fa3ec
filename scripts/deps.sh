#!/usr/bin/env bash
# Installs the Debian packages gocount needs to build and test, if missing, and
# the GTP client tests' npm packages (tests/gtp, pinned by its package-lock.json).
# GNU Go plays the games the GTP referee test scores. Node and npm come from
# the machine (Node 20); Debian's npm is not installed.
set -euo pipefail
pkgs=(g++ cmake make pkg-config libcli11-dev nlohmann-json3-dev libfmt-dev libgtest-dev libgmock-dev
      libbenchmark-dev clang libclang-rt-dev python3-jsonschema gnugo)
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

# @sabaki/gtp for tests/gtp, exactly as locked; again when the lock changes.
gtp_tests="$(dirname "$0")/../tests/gtp"
if command -v npm >/dev/null; then
  if [[ ! -d "$gtp_tests/node_modules" || "$gtp_tests/package-lock.json" -nt "$gtp_tests/node_modules" ]]; then
    echo "Installing the GTP client tests' npm packages (tests/gtp)"
    (cd "$gtp_tests" && npm ci --no-audit --no-fund --loglevel=error && touch node_modules)
  fi
else
  echo "npm not found: the GTP client tests (tests/gtp) will be skipped"
fi
