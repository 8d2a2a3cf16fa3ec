#!/usr/bin/env bash
# gocount as a library, installed: `cmake --install` into a temporary prefix
# puts libgocount.a, libgocount.so with its soname, the headers, the CMake
# package and gocount.pc in place; examples/cpp (find_package(gocount)) and
# a pkg-config consumer build against that prefix alone and run; the Python
# module imports from the prefix. With --deb: `cpack -G DEB` makes a package
# that holds the same files (dpkg -c), not installed.
#   bash tests/test_package.sh CMAKE BUILD_DIR [--deb]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
cmake=$1
build=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

if [[ ${3:-} == --deb ]]; then
  cpack=$(dirname "$cmake")/cpack
  (cd "$work" && "$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$work" >"$work/cpack.log" 2>&1) \
    || { cat "$work/cpack.log"; fail "cpack -G DEB"; }
  deb=$(ls "$work"/gocount_*.deb) || fail "no .deb made"
  listing=$(dpkg -c "$deb")
  for f in ./usr/bin/gocount ./usr/include/gocount/gocount.h ./usr/include/gocount/version.h ./usr/lib/libgocount.a \
           ./usr/lib/libgocount.so.0 ./usr/lib/cmake/gocount/gocount-config.cmake ./usr/lib/pkgconfig/gocount.pc \
           ./usr/share/man/man1/gocount.1 ./usr/lib/python3/dist-packages/gocount/__init__.py \
           ./usr/libexec/gocount/gocount-serve; do
    grep -q " $f\( \|$\)" <<<"$listing" || fail "the package lacks $f"
  done
  # Not `cmd | grep -q`: under pipefail grep's early exit can fail the pipe (SIGPIPE).
  # librsvg is loaded when a PNG is drawn, so dpkg-shlibdeps cannot see it.
  grep -qw "librsvg2-2" <<<"$(dpkg-deb -f "$deb" Depends)" || fail "the package does not depend on librsvg2-2"
  grep -q "^Version: $(grep -oP 'GOCOUNT_VERSION "\K[^"]+' "$build/include/gocount/version.h")" <<<"$(dpkg-deb -f "$deb" Package Version Depends)" \
    || fail "the package's version is not GOCOUNT_VERSION"
  echo "deb: ok ($(basename "$deb"), $(wc -l <<<"$listing") entries)"
  exit 0
fi

prefix=$work/prefix
"$cmake" --install "$build" --prefix "$prefix" >/dev/null
lib=$(cd "$prefix" && ls -d lib*/libgocount.so | head -1 | xargs dirname)
for f in include/gocount/gocount.h include/gocount/version.h "$lib/libgocount.a" "$lib/libgocount.so" \
         "$lib/cmake/gocount/gocount-config.cmake" "$lib/cmake/gocount/gocount-config-version.cmake" \
         "$lib/pkgconfig/gocount.pc" bin/gocount libexec/gocount/gocount-serve; do
  [[ -e $prefix/$f ]] || fail "cmake --install did not install $f"
done
soname=$(readelf -d "$prefix/$lib/libgocount.so" | grep -oP 'SONAME.*\[\K[^]]+')
[[ $soname == libgocount.so.0 && -e $prefix/$lib/$soname ]] || fail "soname '$soname'"
# The public headers name only the standard library and each other.
if grep -hE '^#include "' "$prefix"/include/gocount/*.h | grep -v '"gocount/'; then fail "a public header includes an internal one"; fi

# examples/cpp with find_package(gocount), against the prefix only.
"$cmake" -S examples/cpp -B "$work/examples" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
"$cmake" --build "$work/examples" -j2 >/dev/null || fail "examples/cpp did not build against the installed package"
export LD_LIBRARY_PATH=$prefix/$lib
out=$("$work/examples/score_record" examples/example.sgf japanese)
grep -q '^game 0: japanese B+1.5 (komi 6.5), dead: B7 H7$' <<<"$out" || fail "score_record: $out"
[[ $("$work/examples/score_record_static" examples/example.sgf japanese) == "$out" ]] || fail "the static build differs"
[[ $(sed -n 2p <<<"$out") == "$("$build/gocount" score --format json --rules japanese examples/example.sgf)" ]] \
  || fail "score_record's JSON is not the command's"
linked=$(ldd "$work/examples/score_record")
grep -q "libgocount.so.0 => $prefix" <<<"$linked" \
  || fail "score_record is not linked with the installed .so: $(grep gocount <<<"$linked")"
out=$("$work/examples/by_hand")
expected="chinese: B+4.5 (Black 15, White 10.5)
japanese: B+5.5 (Black 11, White 5.5)
dead: A3
chinese B+4.5
japanese B+5.5
aga B+4.5
refused: 'Z9' is not a point of a 5x5 board"
[[ $out == "$expected" ]] || fail "by_hand printed: $out"

# A user of the shared library needs no fmt (the headers include none):
# find_package(gocount) works with fmt hidden, and only the static
# component asks for it. libgocount.a's link list holds no empty entry.
mkdir -p "$work/shared_only"
cat >"$work/shared_only/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(shared_only CXX)
if(COMPONENTS)
  find_package(gocount REQUIRED COMPONENTS ${COMPONENTS})
else()
  find_package(gocount REQUIRED)
endif()
add_executable(shared_only main.cpp)
target_link_libraries(shared_only PRIVATE gocount::gocount)
CMAKE
echo '#include <gocount/gocount.h>
int main() { return gocount::read_record("(;SZ[9]AB[cc])").width() == 9 ? 0 : 1; }' >"$work/shared_only/main.cpp"
"$cmake" -S "$work/shared_only" -B "$work/shared_only/build" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_DISABLE_FIND_PACKAGE_fmt=ON >"$work/shared_only.log" 2>&1 \
  || { cat "$work/shared_only.log"; fail "find_package(gocount) needs fmt for the shared library"; }
"$cmake" --build "$work/shared_only/build" >/dev/null && "$work/shared_only/build/shared_only" \
  || fail "the shared-only consumer did not build or run"
if "$cmake" -S "$work/shared_only" -B "$work/shared_only/static" -DCMAKE_PREFIX_PATH="$prefix" -DCOMPONENTS=static \
     -DCMAKE_DISABLE_FIND_PACKAGE_fmt=ON >"$work/static_only.log" 2>&1; then
  fail "COMPONENTS static was found without fmt"
fi
grep -q "links fmt, and fmt was not found" "$work/static_only.log" || fail "no word of fmt: $(cat "$work/static_only.log")"
if grep -q 'LINK_ONLY:>' "$prefix/$lib"/cmake/gocount/*.cmake; then fail "an empty \$<LINK_ONLY:> in the exported targets"; fi

# A pkg-config consumer, shared and static.
cat >"$work/pc.cpp" <<'CPP'
#include <gocount/gocount.h>
#include <iostream>
int main() { std::cout << gocount::read_record("(;SZ[9]KM[7]AB[cc]AW[gg])").width() << " " << GOCOUNT_VERSION << "\n"; }
CPP
export PKG_CONFIG_PATH=$prefix/$lib/pkgconfig
[[ $(pkg-config --modversion gocount) == "$(grep -oP 'GOCOUNT_VERSION "\K[^"]+' "$prefix/include/gocount/version.h")" ]] \
  || fail "gocount.pc's version"
# shellcheck disable=SC2046
g++ -std=c++20 "$work/pc.cpp" -o "$work/pc" $(pkg-config --cflags --libs gocount) || fail "the pkg-config consumer did not build"
# Where pkg-config sees gocount.pc alone (no fmt.pc), a shared user is served.
PKG_CONFIG_LIBDIR=$prefix/$lib/pkgconfig pkg-config --cflags --libs gocount >/dev/null \
  || fail "pkg-config gocount needs fmt.pc for the shared library"
# shellcheck disable=SC2046
g++ -std=c++20 "$work/pc.cpp" -o "$work/pc_static" $(pkg-config --cflags gocount) "$prefix/$lib/libgocount.a" \
  $(pkg-config --static --libs-only-l gocount | sed 's/-lgocount//') || fail "the static pkg-config consumer did not build"
for p in pc pc_static; do
  [[ $("$work/$p") == "9 $(pkg-config --modversion gocount)" ]] || fail "$p printed: $("$work/$p")"
done
# rules.h alone declares what its example calls: rule_set_for({}) needs Options whole.
echo '#include <gocount/rules.h>
int main() { return gocount::rule_set_for({}).name == "chinese" ? 0 : 1; }' >"$work/rules_alone.cpp"
# shellcheck disable=SC2046
g++ -std=c++20 -fsyntax-only "$work/rules_alone.cpp" $(pkg-config --cflags gocount) || fail "rules.h's example does not build alone"
# An older standard stops at version.h's one line, not deep inside score.h.
# shellcheck disable=SC2046
old_std=$(g++ -std=c++17 -fsyntax-only "$work/pc.cpp" $(pkg-config --cflags gocount) 2>&1) && fail "C++17 built"
first=$(grep -m1 "error:" <<<"$old_std")
grep -q 'version.h:.*#error "gocount needs C++20' <<<"$first" || fail "C++17's first error: $first"
# An internal header is not there to include.
echo '#include "count/score.h"' >"$work/internal.cpp"
# shellcheck disable=SC2046
if g++ -std=c++20 -c "$work/internal.cpp" -o /dev/null $(pkg-config --cflags gocount) 2>/dev/null; then
  fail "an internal header builds against the installed package"
fi

# librsvg (with its fifty libraries) is loaded when a PNG is drawn, not
# when the program or the library is: neither names it, and PNG still works.
for f in bin/gocount "$lib/libgocount.so"; do
  if readelf -d "$prefix/$f" | grep NEEDED | grep -q rsvg; then fail "$f loads librsvg when it starts"; fi
done
"$prefix/bin/gocount" score --format png -o "$work/example.png" examples/example.sgf
[[ $(head -c 8 "$work/example.png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || fail "the installed program drew no PNG"

# `gocount serve` from the prefix runs the installed gocount-serve, which
# serves; gocount itself loads no web server (cpp-httplib, OpenSSL).
if readelf -d "$prefix/bin/gocount" | grep NEEDED | grep -qE "httplib|ssl"; then fail "bin/gocount loads the web server"; fi
"$prefix/bin/gocount" serve --port 0 >"$work/serve.out" 2>&1 &
serve_pid=$!
for _ in $(seq 100); do grep -q "open http" "$work/serve.out" && break; sleep 0.1; done
port=$(grep -oP 'open http://127\.0\.0\.1:\K[0-9]+' "$work/serve.out") \
  || { kill $serve_pid; fail "gocount serve from the prefix: $(cat "$work/serve.out")"; }
rules=$(exec 3<>"/dev/tcp/127.0.0.1/$port" && printf 'GET /api/rules HTTP/1.0\r\n\r\n' >&3 && cat <&3) || true
kill $serve_pid
wait $serve_pid 2>/dev/null || true
grep -q '"tromp-taylor"' <<<"$rules" || fail "the installed server's /api/rules: $rules"

# The Python module, installed under the prefix where its interpreter looks:
# for Debian's python3, lib/python3.X/dist-packages, which it reads under
# /usr/local (cmake --install's default prefix) without PYTHONPATH; it read
# nothing under lib/python3/dist-packages there.
if compgen -G "$build/python/gocount/_gocount*.so" >/dev/null; then
  python=$(grep -oP '^GOCOUNT_PYTHON_EXECUTABLE:INTERNAL=\K.*' "$build/CMakeCache.txt")
  init=$(cd "$prefix" && ls lib*/python3*/*-packages/gocount/__init__.py 2>/dev/null | head -1)
  [[ -n $init ]] || fail "cmake --install did not install the Python module"
  site=${init%/gocount/__init__.py}
  if [[ $python == /usr/bin/python3 ]]; then
    "$python" -c "import sys; sys.exit('/usr/local/$site' not in sys.path)" \
      || fail "with the prefix /usr/local the Python module would go to /usr/local/$site, where $python does not look"
  fi
  out=$(cd "$work" && PYTHONPATH=$prefix/$site "$python" -c \
        "import gocount; print(gocount.__file__); print(gocount.score('$root/examples/example.sgf')['result'])")
  grep -q "^$prefix/$site/gocount/__init__.py$" <<<"$out" || fail "python: $out"
  grep -qx "B+1.5" <<<"$out" || fail "python: $out"
fi
echo "package: ok"
