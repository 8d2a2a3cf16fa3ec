// `gocount serve`'s options, checked in the command (apps/gocount.cpp), which
// has no web server in it: see serve.h.
#include "serve.h"

namespace gocount {

std::string cors_origin_error(const std::string& origin) {
  if (origin == "*") return "";
  const size_t host = origin.find("://");
  const std::string scheme = origin.substr(0, host);
  if (host == std::string::npos || (scheme != "http" && scheme != "https") || origin.size() == host + 3 ||
      origin.find_first_of("/ ?#", host + 3) != std::string::npos)
    return "'" + origin + "' is not an origin as a browser sends it: scheme://host[:port] (http://localhost:3000), or '*'";
  return "";
}

}  // namespace gocount
