#include "board/symmetry.h"

#include <algorithm>
#include <array>

namespace gocount {

namespace {

// (x, y) of a board of `w` x `h` points to its image's.
std::pair<int, int> image_point(int x, int y, int w, int h, Symmetry s) {
  if (s.transpose) {
    std::swap(x, y);
    std::swap(w, h);
  }
  return {s.mirror_x ? w - 1 - x : x, s.mirror_y ? h - 1 - y : y};
}

// The image's colours row by row, from the top.
void image_colors(const Board& b, Symmetry s, std::vector<Color>& out) {
  const int w = s.transpose ? b.height() : b.width(), h = s.transpose ? b.width() : b.height();
  out.assign(static_cast<size_t>(w) * h, Color::kEmpty);
  for (int y = 0; y < b.height(); ++y)
    for (int x = 0; x < b.width(); ++x) {
      const auto [ix, iy] = image_point(x, y, b.width(), b.height(), s);
      out[static_cast<size_t>(iy) * w + ix] = b.at(b.vertex(x, y));
    }
}

constexpr std::array<Symmetry, 8> kAll = {{{false, false, false}, {false, true, false}, {false, false, true},
                                          {false, true, true},   {true, false, false},  {true, true, false},
                                          {true, false, true},   {true, true, true}}};

}  // namespace

Symmetry canonical_symmetry(const Board& b) {
  // Only images as wide as they are high, or wider, are candidates: the
  // width is compared first, and a transpose swaps it with the height.
  const bool square = b.width() == b.height();
  Symmetry best;
  std::vector<Color> least, other;
  bool found = false;
  for (const Symmetry& s : kAll) {
    if (!square && (s.transpose ? b.height() < b.width() : b.width() < b.height())) continue;
    image_colors(b, s, other);
    if (found && !(other < least)) continue;
    least.swap(other);
    best = s;
    found = true;
  }
  return best;
}

BoardImage::BoardImage(const Board& from, Symmetry s)
    : s_(s), image_(s.transpose ? from.height() : from.width(), s.transpose ? from.width() : from.height()) {
  to_image_.assign(from.padded_size(), kNoVertex);
  from_image_.assign(image_.padded_size(), kNoVertex);
  row_major_.assign(static_cast<size_t>(from.area()), 0);
  std::vector<Vertex> black, white;
  for (int y = 0; y < from.height(); ++y)
    for (int x = 0; x < from.width(); ++x) {
      const auto [ix, iy] = image_point(x, y, from.width(), from.height(), s);
      const Vertex v = from.vertex(x, y), w = image_.vertex(ix, iy);
      to_image_[v] = w;
      from_image_[w] = v;
      row_major_[static_cast<size_t>(y) * from.width() + x] = iy * image_.width() + ix;
      if (from.at(v) == Color::kBlack) black.push_back(w);
      if (from.at(v) == Color::kWhite) white.push_back(w);
    }
  image_.set_many(black.begin(), black.end(), Color::kBlack);
  image_.set_many(white.begin(), white.end(), Color::kWhite);
  if (from.ko() >= 0) image_.set_ko(to_image_[from.ko()], from.ko_color());
}

std::vector<Vertex> BoardImage::to_image(std::span<const Vertex> points) const {
  std::vector<Vertex> out;
  out.reserve(points.size());
  for (Vertex v : points) out.push_back(to_image(v));
  return out;
}

}  // namespace gocount
