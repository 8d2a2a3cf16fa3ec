// Stage 3 of `classify` (classifier.h): the sekis, and every point's class.
#include <algorithm>

#include "analysis/classifier.h"

namespace gocount::classifier {

// do not live on their own are in seki. So are those around a ko that
// connecting cannot resolve (they live together, as in a double-ko seki).
void Classifier::find_seki() {
  seki_group_.assign(board_->padded_size(), 0);
  for (Vertex p : neutral_) {
    if (filled_.at(p) != kEmpty) continue;
    unsigned beside = 0;
    for (Vertex r : filled_.chains_beside(p)) beside |= 1u << side_index(filled_.at(r));
    if (beside != 3) continue;
    for (Vertex r : filled_.chains_beside(p))
      filled_.for_each_in_chain(r, [&](Vertex s) {
        if (board_->at(s) != filled_.at(s)) return;  // a stone the filling added
        const Vertex g = find(board_->chain_root(s));
        if (eyes_[g] < 2) seki_group_[g] = any_seki_ = 1;
      });
  }
  if (any_ko_blocked_)
    board_->for_each_point([&](Vertex q) {
      if (!ko_blocked_[q]) return;
      for (Vertex r : board_->chains_beside(q)) {
        const Vertex g = find(r);
        if (eyes_[g] < 2) seki_group_[g] = any_seki_ = 1;
      }
    });
  if (!any_seki_) return;  // most positions: no stone is in seki
  board_->for_each_point([&](Vertex v) {
    if (is_stone(board_->at(v)) && seki_group_[find(board_->chain_root(v))]) seki_[v] = 1;
  });
}

// Without branches on the colour (a board's stones follow no pattern): an
// empty point's class and owner, written here too, are set by its region
// below, and only stones are in seki.
void Classifier::classify_stones() {
  board_->for_each_point([&](Vertex v) {
    const Color c = board_->at(v);
    r_->cls[v] = seki_[v] ? PointClass::kSekiStone : PointClass::kStone;
    r_->owner[v] = c;
    r_->seki_stones[side_index(c)] += seki_[v];
  });
}

// A region's points. Shared liberties: a small neutral region beside a seki
// in which a point was left that nobody could fill is all shared liberties:
// in the passage # a b @ between two seki chains neither point touches both
// colours, yet neither side can fill both.
void Classifier::classify_region(int id) {
  const auto chains = regions_->chains(id);
  const bool beside_seki =
      any_seki_ && std::any_of(chains.begin(), chains.end(), [&](Vertex r) { return seki_[r] != 0; });
  if (regions_->owner(id) != kEmpty) return classify_owned(id, beside_seki);
  const auto pts = regions_->points(id);
  const auto stuck = [&] { return std::any_of(pts.begin(), pts.end(), [&](Vertex v) { return filled_.at(v) == kEmpty; }); };
  const bool seki_region = beside_seki && regions_->borders_both(id) && stuck();
  const bool small = regions_->size(id) <= kSmallRegion;
  if (seki_region && small) {
    for (Vertex v : pts) r_->cls[v] = PointClass::kSharedLiberty;
    r_->shared_liberties += regions_->size(id);
    return;
  }
  for (Vertex v : pts) classify_neutral_point(v, seki_region, small);
}

// Territory, teire, or (beside a seki) seki eyes; a one-point seki eye
// between two chains is a false eye.
void Classifier::classify_owned(int id, bool beside_seki) {
  const Color own = regions_->owner(id);
  const int s = side_index(own);
  const bool false_eye = regions_->size(id) == 1 && regions_->chains(id).size() >= 2;
  for (Vertex v : regions_->points(id)) {
    r_->owner[v] = own;
    if (beside_seki) {
      r_->cls[v] = false_eye ? PointClass::kFalseEye : PointClass::kSekiEye;
      ++(false_eye ? r_->false_eyes : r_->seki_eyes)[s];
    } else if (teire_[v] == own) {
      r_->cls[v] = PointClass::kTeire;
      ++r_->teire[s];
    } else {
      r_->cls[v] = PointClass::kTerritory;
      ++r_->territory[s];
    }
  }
}

// Else a shared liberty: in a large region, a point left unfillable; and
// anywhere, a liberty of seki stones of both colours, even one that a side
// could fill. Here either side may fill a (then both seki chains keep G8 and
// J6), yet a is a liberty of both: the seki has three shared liberties
// (Mays: 1 each, 1 non-scoring), not two and a dame.
//
//       E F G H J
//     9 @ @ @ @ a
//     8 X @ s # #      @ # seki chains, X living stones
//     7 @ @ @ @ #
//     6 X X @ @ s
void Classifier::classify_neutral_point(Vertex v, bool seki_region, bool small_region) {
  PointClass& cls = r_->cls[v];
  if ((seki_region && filled_.at(v) == kEmpty && beside_stone(v)) || (any_seki_ && beside_both_seki(v))) {
    cls = PointClass::kSharedLiberty;
    ++r_->shared_liberties;
  } else if (!small_region && !beside_stone(v)) {
    cls = PointClass::kUnsealed;
    ++r_->unsealed;
  } else if (const Around a = around(*board_, v); safe_fill(*board_, a, kBlack, v) != safe_fill(*board_, a, kWhite, v)) {
    cls = PointClass::kOneSidedDame;
    ++r_->one_sided_dame;
  } else {
    cls = PointClass::kDame;
    ++r_->dame;
  }
}

bool Classifier::beside_both_seki(Vertex v) const {
  unsigned beside = 0;
  for (Vertex r : board_->chains_beside(v))
    if (seki_[r]) beside |= 1u << side_index(board_->at(r));
  return beside == 3;
}

// The sekis: shared liberties joined through each other and through the seki
// groups beside them. The three shared liberties above, apart from each
// other, are one seki.
void Classifier::gather_sekis() {
  if (r_->shared_liberties == 0) return;  // no seki: most positions
  auto shared = [&](Vertex v) { return r_->cls[v] == PointClass::kSharedLiberty; };
  board_->for_each_point([&](Vertex v) {
    if (shared(v)) group_[v] = v;
  });
  board_->for_each_point([&](Vertex v) {
    if (!shared(v)) return;
    for (int d : board_->directions()) {
      const Vertex w = v + d;
      if (shared(w) || (is_stone(board_->at(w)) && seki_[w])) join(v, w);
    }
  });
  seki_of_.assign(board_->padded_size(), -1);
  most_shared_ = std::max(most_shared_, static_cast<size_t>(r_->shared_liberties));
  board_->for_each_point([&](Vertex v) {
    if (!shared(v)) return;
    int& i = seki_of_[find(v)];
    if (i < 0) {
      i = static_cast<int>(r_->sekis.size());
      r_->sekis.emplace_back();
      if (!spare_sekis_.empty()) {
        r_->sekis.back().swap(spare_sekis_.back());
        spare_sekis_.pop_back();
        r_->sekis.back().clear();
      }
      r_->sekis.back().reserve(most_shared_);
    }
    r_->sekis[i].push_back(v);
  });
}

}  // namespace gocount::classifier
