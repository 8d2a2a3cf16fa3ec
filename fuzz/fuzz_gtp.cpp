// libFuzzer target: arbitrary bytes as a GTP session on `gocount gtp`'s
// standard input: the command reader (framing, ids, comments, CR, tabs,
// control characters, long lines) and every command of the engine with
// whatever arguments. Nothing may crash, hang, leak or trip ASan/UBSan, and
// every response must be framed: '=' or '?', no control byte, one empty line
// after it (none inside), an error on one line.
//
// The estimator is off (fuzz_sgf fuzzes it): a session of a few thousand
// bytes may ask for hundreds of counts. Inputs naming /dev, /proc or /sys
// are passed over, so that loadsgf reads no device.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "gtp/engine.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gocount;
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const char* device : {"/dev", "/proc", "/sys"})
    if (text.find(device) != std::string::npos) return 0;
  Options options;
  options.estimate = "off";
  gtp::Engine engine(options);
  std::istringstream in(text);
  std::ostringstream out;
  gtp::serve(engine, in, out);
  const std::string said = out.str();
  if (!said.empty() && !said.ends_with("\n\n")) __builtin_trap();
  for (size_t p = 0, q; p < said.size(); p = q + 2) {
    q = said.find("\n\n", p);
    if (q == std::string::npos) __builtin_trap();
    const std::string response = said.substr(p, q - p);
    if (response.empty() || (response[0] != '=' && response[0] != '?')) __builtin_trap();
    if (response[0] == '?' && response.find('\n') != std::string::npos) __builtin_trap();
    for (const char c : response)
      if (c != '\n' && static_cast<unsigned char>(c) < 32) __builtin_trap();
  }
  return 0;
}
