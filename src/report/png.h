// Layer 7: an SVG picture as PNG, drawn by librsvg into a cairo surface
// (librsvg loaded when the first picture is drawn).
#pragma once

#include <string>
#include <string_view>

namespace gocount {

// The scale every front end draws PNGs at: sharp on a screen and in print, and small.
inline constexpr double kPngScale = 1.5;

// The PNG bytes of `svg` drawn at `scale` (1.5: one and a half times the SVG's
// pixel size), or
// "" with `error` set to one line saying why (bad data, a picture too large,
// no librsvg on the machine).
std::string svg_to_png(std::string_view svg, double scale, std::string* error);

}  // namespace gocount
