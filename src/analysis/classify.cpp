// Stage 1 of `classify` (classifier.h): the groups and their eyes; and the
// entry points.
#include "analysis/classify.h"

#include "analysis/classifier.h"

namespace gocount {

namespace classifier {

// assign() and clear() keep the capacity: no heap once warm.
void Classifier::start(const Board& board, const Regions& regions, const Board* as_it_stands,
                       std::span<const Vertex> dead) {
  const int n = board.padded_size();
  board_ = &board;
  regions_ = &regions;
  filled_ = board;
  standing_ = dead.empty() ? nullptr : as_it_stands;
  dead_ = dead;
  if (standing_) {
    dead_liberties_.assign(n, 0);
    if (seen_.size() < static_cast<size_t>(n)) seen_.assign(n, 0);
    for (Vertex d : dead)
      for (Vertex r : board.chains_beside(d)) ++dead_liberties_[r];
  }
  group_.assign(n, kNoVertex);
  eyes_.assign(n, 0);
  neutral_.clear();
  teire_.assign(n, kEmpty);
  ko_blocked_.assign(n, 0);
  any_ko_blocked_ = any_seki_ = 0;
  in_atari_.clear();
  atari_unsorted_ = true;
  liberty_of_.assign(n, kNoVertex);
  fills_ = since_capture_ = 1;
  touched_.assign(n, 0);
  passed_atari_.assign(n, 0);
  passed_outside_.assign(n, 0);
  turn_ = kBlack;
  seki_.assign(n, 0);
  // Cleared field by field: the vectors keep their storage.
  Classification& r = *r_;
  r.cls.assign(n, PointClass::kDame);
  r.owner.assign(n, kEmpty);
  for (std::vector<Vertex>& seki : r.sekis) spare_sekis_.push_back(std::move(seki));
  r.sekis.clear();
  r.capturable.clear();
  r.territory = r.seki_eyes = r.false_eyes = r.teire = r.seki_stones = {};
  r.shared_liberties = r.dame = r.one_sided_dame = r.unsealed = 0;
}

// Groups: chains joined through the regions they enclose together.
void Classifier::join_groups() {
  // A select, not a branch on the colour (stones follow no pattern); every
  // other point keeps kNoVertex, as start() left it.
  Vertex* const group = group_.data();
  board_->for_each_point(
      [&](Vertex v) { group[v] = select_by_mask(is_stone(board_->at(v)), board_->chain_root(v), kNoVertex); });
  for (int id = 0; id < regions_->count(); ++id) {
    if (regions_->owner(id) == kEmpty) continue;
    const auto chains = regions_->chains(id);
    for (size_t i = 1; i < chains.size(); ++i) join(chains[0], chains[i]);
  }
}

// A group with two eyes lives on its own: a region of seven points or more
// makes two; a one-point region between two chains is no eye.
void Classifier::count_eyes() {
  for (int id = 0; id < regions_->count(); ++id) {
    const auto chains = regions_->chains(id);
    if (regions_->owner(id) == kEmpty || chains.empty()) continue;
    const int size = regions_->size(id);
    const int value = size >= 7 ? 2 : size >= 2 || chains.size() == 1 ? 1 : 0;
    eyes_[find(chains[0])] += value;
  }
}

}  // namespace classifier

namespace {
// One per thread, whichever entry point: its storage stays warm.
classifier::Classifier& thread_classifier() {
  thread_local classifier::Classifier classifier;
  return classifier;
}
}  // namespace

void classify(const Board& board, const Regions& regions, Classification& out) {
  thread_classifier().run(board, regions, nullptr, {}, out);
}

void classify(const Board& board, const Regions& regions, const Board& as_it_stands, std::span<const Vertex> dead,
              Classification& out) {
  thread_classifier().run(board, regions, &as_it_stands, dead, out);
}

Classification classify(const Board& board, const Regions& regions) {
  Classification c;
  classify(board, regions, c);
  return c;
}

Classification classify(const Board& board) {
  thread_local Regions regions;  // reused: no heap once warm
  regions.flood(board);
  return classify(board, regions);
}

Classification classify(const Board& board, const Board& as_it_stands) {
  thread_local Regions regions;
  thread_local std::vector<Vertex> dead;
  regions.flood(board);
  dead.clear();
  board.for_each_point([&](Vertex v) {
    if (board.at(v) == Color::kEmpty && is_stone(as_it_stands.at(v))) dead.push_back(v);
  });
  Classification c;
  classify(board, regions, as_it_stands, dead, c);
  return c;
}

}  // namespace gocount
