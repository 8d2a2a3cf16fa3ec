#include "analysis/classify.h"

#include <algorithm>

namespace gocount {

const char* point_class_name(PointClass c) {
  switch (c) {
    case PointClass::kStone: return "stone";
    case PointClass::kSekiStone: return "seki stone";
    case PointClass::kTerritory: return "territory";
    case PointClass::kSekiEye: return "seki eye";
    case PointClass::kFalseEye: return "false eye";
    case PointClass::kTeire: return "must be filled";
    case PointClass::kSharedLiberty: return "shared liberty";
    case PointClass::kDame: return "dame";
    case PointClass::kOneSidedDame: return "one-sided dame";
    case PointClass::kUnsealed: return "unsealed";
  }
  return "?";
}

namespace {

constexpr Color kBlack = Color::kBlack, kWhite = Color::kWhite, kEmpty = Color::kEmpty;
// A neutral region this small is dame or the inside of a seki; a larger one
// may be an open area behind an unsealed border.
constexpr size_t kSmallRegion = 12;

bool is_stone(Color c) { return c == kBlack || c == kWhite; }

// Whether `c` can play at p and keep at least two liberties (a capture
// counts as safe). Stops counting at two: a big chain is rarely walked far.
class SafetyTest {
 public:
  explicit SafetyTest(const Board& b) : mark_(b.padded_size(), 0) {}

  bool safe(const Board& b, Color c, Vertex p) {
    if (b.check(c, p, false) != MoveError::kNone) return false;
    const Color opp = opponent(c);
    for (int d : b.directions())
      if (b.at(p + d) == opp && b.liberties(p + d) == 1) return true;
    ++gen_;
    mark_[p] = gen_;
    int libs = 0;
    auto add = [&](Vertex v) {
      if (b.at(v) == kEmpty && mark_[v] != gen_) {
        mark_[v] = gen_;
        ++libs;
      }
    };
    for (int d : b.directions()) add(p + d);
    if (libs >= 2) return true;
    for (int d : b.directions()) {
      const Vertex n = p + d;
      if (b.at(n) != c) continue;
      if (b.liberties(n) >= 3) return true;  // loses p, keeps two or more
      Vertex s = n;
      do {
        for (int e : b.directions()) add(s + e);
        if (libs >= 2) return true;
        s = b.next_in_chain(s);
      } while (s != n);
    }
    return false;
  }

 private:
  std::vector<uint32_t> mark_;
  uint32_t gen_ = 0;
};

// Filling p with `c` puts a chain of the other colour beside p in atari.
bool ataris(const Board& b, Color c, Vertex p) {
  for (int d : b.directions())
    if (b.at(p + d) == opponent(c) && b.liberties(p + d) == 2) return true;
  return false;
}

Vertex only_liberty(const Board& b, Vertex chain) {
  Vertex lib = kNoVertex;
  b.for_each_in_chain(chain, [&](Vertex s) {
    for (int d : b.directions())
      if (b.at(s + d) == kEmpty) lib = s + d;
  });
  return lib;
}

}  // namespace

Classification classify(const Board& board) {
  const int n = board.padded_size();
  Classification r;
  r.cls.assign(n, PointClass::kDame);
  r.owner.assign(n, kEmpty);

  // 1. Empty regions and the colours around them.
  std::vector<int> region(n, -1);
  std::vector<std::vector<Vertex>> regions;
  std::vector<unsigned> borders;
  std::vector<Vertex> stack;
  board.for_each_point([&](Vertex start) {
    if (board.at(start) != kEmpty || region[start] >= 0) return;
    const int id = static_cast<int>(regions.size());
    regions.emplace_back();
    borders.push_back(0);
    stack.assign(1, start);
    region[start] = id;
    while (!stack.empty()) {
      const Vertex v = stack.back();
      stack.pop_back();
      regions[id].push_back(v);
      for (int d : board.directions()) {
        const Vertex w = v + d;
        const Color c = board.at(w);
        if (c == kEmpty && region[w] < 0) {
          region[w] = id;
          stack.push_back(w);
        } else if (is_stone(c)) {
          borders[id] |= 1u << side_index(c);
        }
      }
    }
  });
  auto region_owner = [&](int id) { return borders[id] == 1 ? kBlack : borders[id] == 2 ? kWhite : kEmpty; };
  // Whose territory a point was in the original position (a point a capture
  // emptied during the filling below was a stone then: nobody's).
  auto owner_at = [&](Vertex v) { return region[v] < 0 ? kEmpty : region_owner(region[v]); };

  // 2. Groups: chains joined through the regions they enclose together. A
  // group with two eyes lives on its own (a region of seven points or more
  // makes two; a one-point region between two chains is no eye).
  std::vector<Vertex> group(n, kNoVertex);
  auto find = [&](Vertex v) {
    while (group[v] != v) v = group[v] = group[group[v]];
    return v;
  };
  board.for_each_point([&](Vertex v) {
    if (is_stone(board.at(v))) group[v] = board.chain_root(v);
  });
  std::vector<std::vector<Vertex>> around(regions.size());  // chain roots beside each region
  for (size_t id = 0; id < regions.size(); ++id) {
    for (Vertex v : regions[id])
      for (int d : board.directions()) {
        const Vertex w = v + d;
        if (!is_stone(board.at(w))) continue;
        const Vertex root = board.chain_root(w);
        if (std::find(around[id].begin(), around[id].end(), root) == around[id].end()) around[id].push_back(root);
      }
    if (region_owner(static_cast<int>(id)) == kEmpty) continue;
    for (size_t i = 1; i < around[id].size(); ++i) {
      const Vertex a = find(around[id][0]), c = find(around[id][i]);
      if (a != c) group[c] = a;
    }
  }
  std::vector<int> eyes(n, 0);
  for (size_t id = 0; id < regions.size(); ++id) {
    if (region_owner(static_cast<int>(id)) == kEmpty || around[id].empty()) continue;
    const size_t size = regions[id].size();
    const int value = size >= 7 ? 2 : size >= 2 || around[id].size() == 1 ? 1 : 0;
    eyes[find(around[id][0])] += value;
  }

  // 3. Fill the neutral points as players do at the end, and the teire that
  // those fills force.
  Board b = board;
  SafetyTest counter(b);
  std::vector<Vertex> neutral;
  // The points of small neutral regions (dame, the inside of a seki), and of
  // larger ones only the points beside a stone: the inside of an open area is
  // left alone.
  auto small = [&](Vertex v) { return regions[region[v]].size() <= kSmallRegion; };
  auto beside_stone = [&](Vertex v) {
    for (int d : board.directions())
      if (is_stone(board.at(v + d))) return true;
    return false;
  };
  board.for_each_point([&](Vertex v) {
    if (board.at(v) != kEmpty || region_owner(region[v]) != kEmpty) return;
    if (small(v) || beside_stone(v)) neutral.push_back(v);
  });
  // Beside p, a group of colour c that lives on its own / one that does not.
  auto beside_alive = [&](Vertex p, Color c) {
    for (int d : board.directions())
      if (board.at(p + d) == c && eyes[find(board.chain_root(p + d))] >= 2) return true;
    return false;
  };
  auto beside_weak = [&](Vertex p, Color c) {
    for (int d : board.directions())
      if (board.at(p + d) == c && eyes[find(board.chain_root(p + d))] < 2) return true;
    return false;
  };
  // Playing c at p would join two of its groups (a weak group can live by
  // connecting, so that point is not an outside liberty to take).
  auto joins_groups = [&](Vertex p, Color c) {
    Vertex first = kNoVertex;
    for (int d : board.directions()) {
      if (board.at(p + d) != c) continue;
      const Vertex g = find(board.chain_root(p + d));
      if (first == kNoVertex) first = g;
      else if (g != first) return true;
    }
    return false;
  };
  std::vector<Color> teire(n, kEmpty);
  std::vector<uint8_t> ko_blocked(n, 0);
  Color turn = kBlack;
  // The roots of the chains that may be in atari, kept as a superset: only a
  // fill can put a chain in atari, and only its own chain or one beside it.
  std::vector<Vertex> in_atari;
  b.for_each_point([&](Vertex v) {
    if (is_stone(b.at(v)) && b.chain_root(v) == v && b.liberties(v) == 1) in_atari.push_back(v);
  });
  auto fill = [&](Color c, Vertex q) {
    b.play(c, q);
    in_atari.push_back(b.chain_root(q));
    for (int d : b.directions())
      if (b.at(q + d) == opponent(c)) in_atari.push_back(b.chain_root(q + d));
  };
  // Per neutral point, the side that fills it first, as an outside liberty
  // (kEmpty: none). It depends on the groups alone, not on the fills.
  std::vector<Color> outside_filler(neutral.size(), kEmpty);
  for (size_t i = 0; i < neutral.size(); ++i) {
    const Vertex p = neutral[i];
    const bool alive_b = beside_alive(p, kBlack), alive_w = beside_alive(p, kWhite);
    const Color weak = alive_b ? kWhite : kBlack;
    if (alive_b != alive_w && beside_weak(p, weak) && !joins_groups(p, weak)) outside_filler[i] = opponent(weak);
  }
  for (bool changed = true; changed;) {
    changed = false;
    // A chain left in atari defends first (the first in board order, as a
    // scan of the board would find them): inside its own territory that is a
    // teire; on a neutral point, if it can do so safely.
    std::erase_if(in_atari,
                  [&](Vertex r) { return !is_stone(b.at(r)) || b.chain_root(r) != r || b.liberties(r) != 1; });
    std::sort(in_atari.begin(), in_atari.end());
    in_atari.erase(std::unique(in_atari.begin(), in_atari.end()), in_atari.end());
    for (size_t i = 0; i < in_atari.size() && !changed; ++i) {
      const Vertex v = in_atari[i];
      const Color c = b.at(v);
      const Vertex q = only_liberty(b, v);
      if (q == kNoVertex) continue;
      const Color own = owner_at(q);
      if (own == c && counter.safe(b, c, q)) {
        fill(c, q);
        teire[q] = c;
        changed = true;
      } else if (own == c) {
        // Connecting would still leave the chain in atari: the point is a ko
        // the opponent may take (a double-ko seki), not a teire.
        ko_blocked[q] = 1;
      } else if (own == kEmpty && counter.safe(b, c, q)) {
        fill(c, q);
        changed = true;
      }
    }
    if (changed) continue;
    // First the dame that a side living on its own fills beside a group that
    // does not (outside liberties of a seki or a semeai: the living side takes
    // them, never the weak one); then the rest.
    for (int pass = 0; pass < 2 && !changed; ++pass) {
      for (size_t i = 0; i < neutral.size(); ++i) {
        const Vertex p = neutral[i];
        if (b.at(p) != kEmpty) continue;
        Color c;
        if (pass == 0) {
          c = outside_filler[i];
          // Not when the fill would put the weak side in atari: that side
          // would rather fill the point itself (a teire is not forced on it).
          if (c == kEmpty || !counter.safe(b, c, p) || ataris(b, c, p)) continue;
        } else {
          const bool safe_b = counter.safe(b, kBlack, p), safe_w = counter.safe(b, kWhite, p);
          if (!safe_b && !safe_w) continue;
          if (safe_b && safe_w) {
            // A dame either side may fill: the side it protects fills it, else
            // they take turns (Mays: evenly).
            const bool threatens_black = ataris(b, kWhite, p), threatens_white = ataris(b, kBlack, p);
            if (threatens_black != threatens_white) {
              c = threatens_black ? kBlack : kWhite;
            } else {
              c = turn;
              turn = opponent(turn);
            }
          } else {
            c = safe_b ? kBlack : kWhite;
          }
        }
        fill(c, p);
        changed = true;
        break;
      }
    }
  }

  // 4. Points nobody can fill, beside both colours: shared liberties. The
  // groups beside them that do not live on their own are in seki.
  std::vector<uint8_t> seki(n, 0);
  std::vector<uint8_t> seki_group(n, 0);
  for (Vertex p : neutral) {
    if (b.at(p) != kEmpty) continue;
    unsigned beside = 0;
    for (int d : b.directions())
      if (is_stone(b.at(p + d))) beside |= 1u << side_index(b.at(p + d));
    if (beside != 3) continue;
    for (int d : b.directions()) {
      if (!is_stone(b.at(p + d))) continue;
      b.for_each_in_chain(p + d, [&](Vertex s) {
        if (board.at(s) != b.at(s)) return;  // a stone the filling added
        const Vertex g = find(board.chain_root(s));
        if (eyes[g] < 2) seki_group[g] = 1;
      });
    }
  }
  // A ko that cannot be resolved by connecting: the groups around it live
  // together, as in a double-ko seki, unless they live on their own.
  board.for_each_point([&](Vertex q) {
    if (!ko_blocked[q]) return;
    for (int d : board.directions()) {
      if (!is_stone(board.at(q + d))) continue;
      const Vertex g = find(board.chain_root(q + d));
      if (eyes[g] < 2) seki_group[g] = 1;
    }
  });
  board.for_each_point([&](Vertex v) {
    if (is_stone(board.at(v)) && seki_group[find(board.chain_root(v))]) seki[v] = 1;
  });

  // 5. Every point's class.
  auto beside_both_seki = [&](Vertex v) {
    unsigned beside = 0;
    for (int d : board.directions())
      if (is_stone(board.at(v + d)) && seki[v + d]) beside |= 1u << side_index(board.at(v + d));
    return beside == 3;
  };
  board.for_each_point([&](Vertex v) {
    const Color c = board.at(v);
    if (is_stone(c)) {
      r.cls[v] = seki[v] ? PointClass::kSekiStone : PointClass::kStone;
      r.owner[v] = c;
      if (seki[v]) ++r.seki_stones[side_index(c)];
    }
  });
  for (size_t id = 0; id < regions.size(); ++id) {
    const std::vector<Vertex>& pts = regions[id];
    const Color own = region_owner(static_cast<int>(id));
    bool beside_seki = false;
    std::vector<Vertex> chains;  // roots of the chains around
    for (Vertex v : pts)
      for (int d : board.directions()) {
        const Vertex w = v + d;
        if (!is_stone(board.at(w))) continue;
        beside_seki |= seki[w] != 0;
        const Vertex root = board.chain_root(w);
        if (std::find(chains.begin(), chains.end(), root) == chains.end()) chains.push_back(root);
      }
    if (own != kEmpty) {
      const int s = side_index(own);
      for (Vertex v : pts) {
        r.owner[v] = own;
        if (beside_seki) {
          const bool false_eye = pts.size() == 1 && chains.size() >= 2;
          r.cls[v] = false_eye ? PointClass::kFalseEye : PointClass::kSekiEye;
          ++(false_eye ? r.false_eyes : r.seki_eyes)[s];
        } else if (teire[v] == own) {
          r.cls[v] = PointClass::kTeire;
          ++r.teire[s];
        } else {
          r.cls[v] = PointClass::kTerritory;
          ++r.territory[s];
        }
      }
      continue;
    }
    // Shared liberties. A small neutral region beside a seki in which a point
    // was left that nobody could fill is all shared liberties: in the passage
    // # a b @ between two seki chains neither point touches both colours, yet
    // neither side can fill both.
    bool stuck = false;
    for (Vertex v : pts) stuck |= b.at(v) == kEmpty;
    const bool seki_region = beside_seki && borders[id] == 3 && stuck;
    if (seki_region && pts.size() <= kSmallRegion) {
      for (Vertex v : pts) r.cls[v] = PointClass::kSharedLiberty;
      r.shared_liberties += static_cast<int>(pts.size());
      continue;
    }
    for (Vertex v : pts) {
      // Else: in a large region, the points left unfillable; and anywhere,
      // a liberty of seki stones of both colours, even one that a side could
      // fill. Here either side may fill a (then both seki chains keep G8 and
      // J6), yet a is a liberty of both: the seki has three shared liberties
      // (Mays: 1 each, 1 non-scoring), not two and a dame.
      //
      //       E F G H J
      //     9 @ @ @ @ a
      //     8 X @ s # #      @ # seki chains, X living stones
      //     7 @ @ @ @ #
      //     6 X X @ @ s
      if ((seki_region && b.at(v) == kEmpty && beside_stone(v)) || beside_both_seki(v)) {
        r.cls[v] = PointClass::kSharedLiberty;
        ++r.shared_liberties;
        continue;
      }
      if (!small(v) && !beside_stone(v)) {
        r.cls[v] = PointClass::kUnsealed;
        ++r.unsealed;
        continue;
      }
      const bool safe_b = counter.safe(board, kBlack, v), safe_w = counter.safe(board, kWhite, v);
      if (safe_b != safe_w) {
        r.cls[v] = PointClass::kOneSidedDame;
        ++r.one_sided_dame;
      } else {
        r.cls[v] = PointClass::kDame;
        ++r.dame;
      }
    }
  }

  // 6. The sekis: shared liberties joined through each other and through the
  // seki groups beside them. The three shared liberties above, apart from
  // each other, are one seki.
  board.for_each_point([&](Vertex v) {
    if (r.cls[v] == PointClass::kSharedLiberty) group[v] = v;
  });
  board.for_each_point([&](Vertex v) {
    if (r.cls[v] != PointClass::kSharedLiberty) return;
    for (int d : board.directions()) {
      const Vertex w = v + d;
      if (r.cls[w] != PointClass::kSharedLiberty && !(is_stone(board.at(w)) && seki[w])) continue;
      const Vertex a = find(v), c = find(w);
      if (a != c) group[c] = a;
    }
  });
  std::vector<int> seki_of(n, -1);  // per union root
  board.for_each_point([&](Vertex v) {
    if (r.cls[v] != PointClass::kSharedLiberty) return;
    int& i = seki_of[find(v)];
    if (i < 0) {
      i = static_cast<int>(r.sekis.size());
      r.sekis.emplace_back();
    }
    r.sekis[i].push_back(v);
  });
  return r;
}

}  // namespace gocount
