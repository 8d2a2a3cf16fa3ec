#!/usr/bin/env bash
# Installs the Debian packages gocount needs to build and test, if missing, and
# the GTP client tests' npm packages (tests/gtp, pinned by its package-lock.json).
# GNU Go plays the games the GTP referee test scores. Node and npm come from
# the machine (Node 20); Debian's npm is not installed.
# help2man writes the man page (scripts/gen_reference.py).
# The Python module: pybind11 and Python's headers, numpy (arrays), pytest
# (its tests), Dask and pandas (gocount.dask), matplotlib (examples/python);
# dpkg-dev's dpkg-shlibdeps for `cpack -G DEB`.
set -euo pipefail
pkgs=(g++ cmake make pkg-config libcli11-dev nlohmann-json3-dev libfmt-dev libgtest-dev libgmock-dev
      libbenchmark-dev clang libclang-rt-dev python3-jsonschema librsvg2-dev fonts-dejavu-core libcpp-httplib-dev
      libsqlite3-dev sqlite3 chromium gnugo help2man
      python3-dev pybind11-dev python3-pybind11 python3-numpy python3-pytest python3-dask python3-distributed
      python3-pandas python3-matplotlib dpkg-dev)
missing=()
for p in "${pkgs[@]}"; do
  [[ $(dpkg-query -W -f='${Status}' "$p" 2>/dev/null) == *"install ok installed"* ]] || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo=sudo
  echo "Installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The npm test tools, exactly as locked (Node 20 and npm from the machine):
# puppeteer-core drives the Debian chromium for the page (tests/web), Sabaki's
# @sabaki/gtp drives the GTP engine (tests/gtp); again when a lock changes.
if command -v npm >/dev/null; then
  for dir in tests/web tests/gtp; do
    d="$(dirname "$0")/../$dir"
    if [[ ! -f "$d/node_modules/.package-lock.json" || "$d/package-lock.json" -nt "$d/node_modules/.package-lock.json" ]]; then
      echo "Installing the npm test tools of $dir"
      (cd "$d" && npm ci --no-audit --no-fund --loglevel=error)
    fi
  done
else
  echo "npm not found: install Node 20 to run the browser and GTP client tests" >&2
fi
