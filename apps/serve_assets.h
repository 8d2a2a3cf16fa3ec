// The web page of `gocount serve` (apps/serve/), built into the binary by
// cmake/embed.cmake: no network, no files at run time.
#pragma once

#include <string_view>
#include <vector>

namespace gocount {

struct Asset {
  std::string_view path;  // "/index.html"
  std::string_view type;  // Content-Type
  std::string_view body;
};
const std::vector<Asset>& page_assets();

}  // namespace gocount
