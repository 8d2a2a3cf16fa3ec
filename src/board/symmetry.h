// Layer 1: the eight ways to turn or mirror a board, and a position's
// canonical image among them.
//
// A judge that is not symmetric itself (random playouts, a learned model)
// gives the same verdicts to a position however it is turned or mirrored
// when it always reads the position's canonical image: every image of a
// position has the same canonical image.
//
//   X . .      transposed      X O .      then mirrored      . O X
//   O . .      (x and y   ->   . . .      left to right  ->  . . .
//   . . .       swapped)       . . .                         . . .
#pragma once

#include <span>
#include <vector>

#include "board/board.h"

namespace gocount {

// Transpose first (x and y swapped: a 19x9 board becomes 9x19), then mirror.
struct Symmetry {
  bool transpose = false, mirror_x = false, mirror_y = false;
  bool identity() const { return !transpose && !mirror_x && !mirror_y; }
};

// The symmetry whose image of `b` is least: by width, then height, then
// the points' colours row by row. Two boards that are images of each other
// have the same least image.
Symmetry canonical_symmetry(const Board& b);

// A board's image by a symmetry, and the points of each matched.
class BoardImage {
 public:
  BoardImage(const Board& from, Symmetry s);

  const Board& board() const { return image_; }  // the image: stones, chains and ko
  Symmetry symmetry() const { return s_; }
  Vertex to_image(Vertex v) const { return v < 0 ? v : to_image_[v]; }      // a pass or kNoVertex stays
  Vertex from_image(Vertex w) const { return w < 0 ? w : from_image_[w]; }
  std::vector<Vertex> to_image(std::span<const Vertex> points) const;
  // A row-major list of the image's points (width x height values) as the
  // board's own row-major list.
  template <class T>
  std::vector<T> row_major_from_image(const std::vector<T>& values) const;

 private:
  Symmetry s_;
  Board image_;
  std::vector<Vertex> to_image_, from_image_;  // by padded index; kNoVertex off the board
  std::vector<int> row_major_;                 // the image's row-major index of each of the board's, row-major
};

template <class T>
std::vector<T> BoardImage::row_major_from_image(const std::vector<T>& values) const {
  if (values.size() != row_major_.size()) return values;  // none given
  std::vector<T> out(values.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = values[row_major_[i]];
  return out;
}

}  // namespace gocount
