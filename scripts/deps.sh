#!/usr/bin/env bash
# Installs the Debian packages gocount needs, if missing:
#   bash scripts/deps.sh          building and running it (the command, the
#                                 library, the Python module with numpy)
#   bash scripts/deps.sh --test   and its tests: GoogleTest, Google Benchmark,
#                                 clang (fuzzing), Chromium (the page), GNU Go
#                                 (the GTP referee plays it), help2man (the man
#                                 page), pytest, Dask, pandas and matplotlib
#                                 (gocount.dask, examples/python), dpkg-dev
#                                 (cpack -G DEB), and the npm test tools
#                                 (tests/web, tests/gtp, pinned by their
#                                 package-lock.json; Node 20 and npm from the
#                                 machine, never Debian's npm).
set -euo pipefail
pkgs=(g++ cmake make pkg-config libcli11-dev nlohmann-json3-dev libfmt-dev librsvg2-dev fonts-dejavu-core
      libcpp-httplib-dev libsqlite3-dev python3-dev pybind11-dev python3-pybind11 python3-numpy)
test_tools=0
[[ ${1:-} == --test ]] && test_tools=1
((test_tools)) && pkgs+=(libgtest-dev libgmock-dev libbenchmark-dev clang libclang-rt-dev python3-jsonschema sqlite3
                        chromium gnugo help2man python3-pytest python3-dask python3-distributed python3-pandas
                        python3-matplotlib dpkg-dev)
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
if ((!test_tools)); then
  exit 0
elif command -v npm >/dev/null; then
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
