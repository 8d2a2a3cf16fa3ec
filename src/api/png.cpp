// gocount::png over report/png.h (librsvg, loaded at the first call: a
// program that never calls it needs no librsvg).
#include <gocount/score.h>

#include "report/png.h"

GOCOUNT_BEGIN_NAMESPACE

std::string png(std::string_view svg) {
  std::string error;
  std::string out = svg_to_png(svg, kPngScale, &error);
  if (!error.empty()) throw Error(error);
  return out;
}

GOCOUNT_END_NAMESPACE
