#include "analysis/playout.h"

#include <algorithm>

#include "analysis/eye_shapes.h"
#include "analysis/rng.h"

namespace gocount {

namespace {

constexpr Color kBlack = Color::kBlack, kWhite = Color::kWhite, kEmpty = Color::kEmpty;

// Share (out of 256) of moves that answer the opponent's last move locally.
constexpr uint32_t kReplyShare = 128;
// Own chains with this many liberties or fewer answer a move beside them by
// taking a liberty of a weaker opponent chain beside them (a capturing race).
constexpr int kRaceLiberties = 2;

// One random playout to the end (two passes in a row).
class Playout {
 public:
  explicit Playout(uint64_t seed) : rng_(seed) {}

  using Points = PlayoutPoints;

  void run(Board& b, Color to_move, Points& points) {
    std::vector<Vertex>& empties = points.empties;
    empties = points.start;
    points.asleep.assign(b.padded_size(), 0);
    int passes = 0;
    Vertex last = kPass;
    const int limit = 3 * b.area();
    for (int moves = 0; passes < 2 && moves < limit; ++moves) {
      // Local tactics first (captures, escapes, ataris around the last move),
      // else a reply beside it half the time, else a random move; a pass
      // only when no move is acceptable.
      Vertex v = tactical(b, to_move, last);
      if (v == kNoVertex && (rng_.next() & 255) < kReplyShare) v = reply(b, to_move, last);
      if (v == kNoVertex) v = pick(b, to_move, points);
      last = v;
      if (v == kPass) {
        b.pass();
        ++passes;
      } else {
        passes = 0;
        // The stones it captures become empty points (playouts allow no
        // suicide, so nothing else does), and the eyes beside them wake.
        if (b.captures(to_move, v))
          for (Vertex r : b.chains_beside(v))
            if (b.at(r) == opponent(to_move) && b.liberties(r) == 1)
              b.for_each_in_chain(r, [&](Vertex s) {
                empties.push_back(s);
                for (int d : b.directions()) wake(points, s + d);
              });
        b.play(to_move, v);
        points.asleep[v] = 0;
        wake_after(b, v, points);
      }
      to_move = opponent(to_move);
    }
  }

 private:
  // Around the last move, in this order: capture a chain in atari (leaving
  // the capturing chain two liberties or more); save one's own chain in
  // atari, by extending or by capturing a chain beside it; in a capturing
  // race, take a liberty of an opponent chain beside one's own that has no
  // more liberties; any other capture (a ko, or taking a throw-in that leaves
  // one's chain in atari); put a chain with two liberties in atari. Random
  // among the candidates of the first kind found; kNoVertex if none.
  //
  //       G H J
  //     7 O O .    Black throws in at a: White's corner is in atari. Taking
  //     6 O X X    a at b leaves it in atari again; taking H6-J6 at J7 (in
  //     5 X O O    atari beside the corner) saves it.
  //     4 X X O
  //     3 X O O
  //     2 O O O
  //     1 O a b
  Vertex tactical(const Board& b, Color c, Vertex last) {
    if (last == kPass || last == kNoVertex) return kNoVertex;
    // Only chains of two liberties or fewer give candidates: most moves
    // have none around them.
    int weak = int{b.liberties(last) <= kRaceLiberties};
    for (int d : b.directions()) weak |= int{is_stone(b.at(last + d))} & int{b.liberties(last + d) <= kRaceLiberties};
    if (!weak) return kNoVertex;
    Candidates cand(b, c);
    cand.consider(last);
    for (int d : b.directions()) cand.consider(last + d);  // (consider takes each chain once)
    // Each kind's candidates in a random order, the first that passes: a
    // random one of those that pass, each checked only when drawn.
    for (int kind = 0; kind < Candidates::kKinds; ++kind) {
      Vertex* points = cand.raw[kind];
      for (int n = cand.nraw[kind]; n > 0;) {
        const int i = static_cast<int>(rng_.below(static_cast<uint32_t>(n)));
        const Vertex v = points[i];
        points[i] = points[--n];
        const bool checked = kind == Candidates::kCapture || kind == Candidates::kSave;
        if (checked && b.liberties_after(c, v, 2) < 2) {
          if (kind == Candidates::kCapture) cand.put(Candidates::kOtherCapture, v);
          continue;
        }
        if (acceptable(b, c, v, checked)) return v;
      }
    }
    return kNoVertex;
  }

  // The candidate points of each kind (distinct) around the last move,
  // gathered cheaply; tactical() runs the costly checks only on the first
  // kind that has an acceptable one.
  struct Candidates {
    enum { kCapture, kSave, kRace, kOtherCapture, kAtari, kKinds };
    static constexpr int kMax = 16;
    const Board& b;
    const Color c;
    Vertex raw[kKinds][kMax];
    int nraw[kKinds] = {};
    Vertex chains[5];  // those considered
    int nchains = 0;

    Candidates(const Board& board, Color colour) : b(board), c(colour) {}

    void put(int kind, Vertex v) {
      for (int i = 0; i < nraw[kind]; ++i)
        if (raw[kind][i] == v) return;
      if (nraw[kind] < kMax) raw[kind][nraw[kind]++] = v;
    }

    // The liberties of a chain, each once; stops when all are found.
    void liberties_of(Vertex r, int kind) {
      int left = b.liberties(r);
      Vertex found[kRaceLiberties + 1];
      int nfound = 0;
      Vertex s = r;
      do {
        for (int d : b.directions()) {
          const Vertex l = s + d;
          if (b.at(l) != kEmpty) continue;
          bool dup = false;
          for (int i = 0; i < nfound; ++i) dup |= found[i] == l;
          if (dup) continue;
          if (nfound <= kRaceLiberties) found[nfound++] = l;
          put(kind, l);
          if (--left == 0) return;
        }
        s = b.next_in_chain(s);
      } while (s != r);
    }

    // The opponent chains beside chain r with at most `most` liberties.
    void weak_neighbours(Vertex r, int most, int kind) {
      Vertex seen[kMax];
      int nseen = 0;
      b.for_each_in_chain(r, [&](Vertex s) {
        for (int d : b.directions()) {
          const Vertex w = s + d;
          // One branch, mostly not taken (two would mispredict on the colour).
          if (!(int{b.at(w) == opponent(c)} & int{b.liberties(w) <= most})) continue;
          const Vertex q = b.chain_root(w);
          bool dup = false;
          for (int i = 0; i < nseen; ++i) dup |= seen[i] == q;
          if (dup || nseen == kMax) continue;
          seen[nseen++] = q;
          liberties_of(q, kind);
        }
      });
    }

    // The candidates the chain through w gives, once per chain.
    void consider(Vertex w) {
      if (!is_stone(b.at(w))) return;
      const Vertex r = b.chain_root(w);
      for (int i = 0; i < nchains; ++i)
        if (chains[i] == r) return;
      chains[nchains++] = r;
      const int libs = b.liberties(r);
      const bool own = b.at(r) == c;
      if (libs == 1 && !own) {
        liberties_of(r, kCapture);
      } else if (libs == 1) {
        liberties_of(r, kSave);
        weak_neighbours(r, 1, kSave);  // capturing a chain beside it saves it too
      } else if (libs == 2 && !own) {
        liberties_of(r, kAtari);
      } else if (own && libs <= kRaceLiberties) {
        // A capturing race: take a liberty from an opponent chain beside it
        // that has no more liberties than it.
        weak_neighbours(r, libs, kRace);
      }
    }
  };

  // A random acceptable move next to the opponent's last one (the eight
  // points around it), or kNoVertex: the owner of an area answers an
  // invasion where it happens, as players do.
  Vertex reply(const Board& b, Color c, Vertex last) {
    if (last == kPass || last == kNoVertex) return kNoVertex;
    const int s = b.stride();
    const int around[8] = {-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1};
    // The empty points in a random order; the first acceptable one (the
    // acceptable ones are the costly part, so each is asked only when drawn).
    Vertex cand[8];
    int n = 0;
    for (int d : around) {  // the padding ring keeps w on the array
      const Vertex w = last + d;
      cand[n] = w;
      n += int{b.at(w) == kEmpty};
    }
    while (n > 0) {
      const int i = static_cast<int>(rng_.below(static_cast<uint32_t>(n)));
      if (acceptable(b, c, cand[i])) return cand[i];
      cand[i] = cand[--n];
    }
    return kNoVertex;
  }

  // An eye no one may play: every point beside it one colour's stones (or
  // the edge), none of their chains in atari, and no false eye its owner
  // may fill. acceptable() refuses it to both sides until a stone beside it
  // is captured, a chain beside it is put in atari, or a stone is played on
  // a diagonal point: pick() sets it aside until then (wake, wake_after).
  static bool sleeps(const Board& b, Vertex v) {
    // Bitwise over the four neighbours: no branch on their colours.
    int black = 0, white = 0, empty = 0, atari = 0;
    for (int d : b.directions()) {
      const Color x = b.at(v + d);
      black |= int{x == kBlack};
      white |= int{x == kWhite};
      empty |= int{x == kEmpty};
      atari |= int{is_stone(x)} & int{b.liberties(v + d) == 1};
    }
    if (empty | atari | (black & white) | ((black | white) ^ 1)) return false;
    return !false_eye(b, black ? kBlack : kWhite, v);
  }

  void wake(Points& points, Vertex v) {
    if (!points.asleep[v]) return;
    points.asleep[v] = 0;
    points.empties.push_back(v);
  }

  // After a stone at v: the eyes on its diagonal points, and the last
  // liberty of each chain beside it left in atari.
  void wake_after(const Board& b, Vertex v, Points& points) {
    const int s = b.stride();
    for (int d : {-s - 1, -s + 1, s - 1, s + 1}) wake(points, v + d);
    auto last_liberty = [&](Vertex r) {
      if (!is_stone(b.at(r)) || b.liberties(r) != 1) return;
      Vertex t = r;
      do {
        for (int d : b.directions())
          if (b.at(t + d) == kEmpty) return wake(points, t + d);
        t = b.next_in_chain(t);
      } while (t != r);
    };
    last_liberty(v);
    for (int d : b.directions()) last_liberty(v + d);  // (a chain twice at worst)
  }

  // A random acceptable move, or kPass when there is none. Tries the empty
  // points in random order (a partial Fisher-Yates shuffle), dropping the
  // occupied ones and setting aside the eyes no one may play. (It gave up
  // after 24 tries until the eyes were set aside: a side passed with moves
  // left, and 0.3% fewer KGS records were reproduced.)
  Vertex pick(const Board& b, Color c, Points& points) {
    std::vector<Vertex>& empties = points.empties;
    size_t end = empties.size();
    while (end > 0) {
      const size_t i = rng_.below(static_cast<uint32_t>(end));
      const Vertex v = empties[i];
      const bool empty = b.at(v) == kEmpty;
      if (empty && acceptable(b, c, v)) return v;
      if (!empty || sleeps(b, v)) {  // drop it until it wakes
        if (empty) points.asleep[v] = 1;
        empties[i] = empties[end - 1];
        empties[end - 1] = empties.back();
        empties.pop_back();
        --end;
        continue;
      }
      std::swap(empties[i], empties[end - 1]);
      --end;
    }
    return kPass;
  }

  // `two_liberties`: the caller knows the move leaves its chain two
  // liberties or more. One look at the four neighbours gives what the
  // checks below ask of them (bitwise: no branch on the colours), as
  // classifier::Around does for the filling: the eye, the legality
  // (Board::check), the captures and most answers of liberties_after.
  static bool acceptable(const Board& b, Color c, Vertex v, bool two_liberties = false) {
    if (b.at(v) != kEmpty) return false;
    const Color opp = opponent(c);
    int eye = 1, atari = 0, empty = 0, taken = 0, kept = 0;
    for (int d : b.directions()) {
      const Color x = b.at(v + d);
      const int libs = b.liberties(v + d);  // read for every point, used for stones only
      eye &= int{x == c} | int{x == Color::kWall};
      atari |= int{x == c} & int{libs == 1};
      empty += int{x == kEmpty};
      taken += int{x == opp} & int{libs == 1};  // a chain it captures (each stone beside v a point freed)
      kept |= int{x == c} & int{libs > 1};      // a chain of c that keeps a liberty
    }
    // Never fill one's own eye: every neighbour is one's own stone (or the
    // edge); unless a chain around is in atari, when filling it connects
    // that chain to the others (a false eye, or a connecting point).
    // A false eye may be filled while the chains keep three liberties (not
    // in a seki, where it is a liberty that must stay open).
    if (eye && !atari && !(false_eye(b, c, v) && b.liberties_after(c, v, 3) >= 3)) return false;
    // Legal (Board::check): no suicide, and no ko retaken at once.
    if (!(empty | taken | kept)) return false;
    if (v == b.ko() && b.check(c, v, false) != MoveError::kNone) return false;
    // Never put one's own chain in atari (keeps sekis alive), unless it
    // captures, or the chain is a killing shape thrown in (nakade).
    return two_liberties || taken || b.liberties_after(c, v, 2) >= 2 || nakade(b, c, v);
  }

  // An eye of c at v that the opponent can make false: opponent stones on two
  // of its diagonal points (one on the edge).
  static bool false_eye(const Board& b, Color c, Vertex v) {
    const int s = b.stride();
    int opp = 0, wall = 0;
    for (int d : {-s - 1, -s + 1, s - 1, s + 1}) {
      const Color x = b.at(v + d);
      opp += x == opponent(c);
      wall += x == Color::kWall;
    }
    return opp >= (wall ? 1 : 2);
  }

  // A self-atari at v that kills: once the opponent captures the chain, its
  // stones leave an eye space of one eye with a vital point (a throw-in).
  //
  //   . X .       White throws in at a and the chain a-b is captured by X at
  //   X b a       the last liberty: the two points left are one eye.
  static bool nakade(const Board& b, Color c, Vertex v) {
    Vertex space[7];
    int n = 0;
    space[n++] = v;
    for (int d : b.directions()) {
      const Vertex w = v + d;
      if (b.at(w) != c) continue;
      bool dup = false;
      for (int i = 0; i < n; ++i) dup |= space[i] == w;
      if (dup) continue;
      bool over = false;
      b.for_each_in_chain(w, [&](Vertex s) {
        bool in = false;
        for (int i = 0; i < n; ++i) in |= space[i] == s;
        if (in) return;
        if (n == 7) over = true;
        else space[n++] = s;
      });
      if (over) return false;
    }
    if (n > 6 || killing_shape(b, std::span<const Vertex>(space, n)) == KillingShape::kNone) return false;
    // Only where it kills: each opponent chain around is left with no
    // liberty but the chain's last one, so the capture is all it can do.
    Vertex last = kNoVertex;
    for (int i = 0; i < n; ++i)
      for (int d : b.directions())
        if (b.at(space[i] + d) == Color::kEmpty && space[i] + d != v) last = space[i] + d;
    for (int i = 0; i < n; ++i)
      for (int d : b.directions()) {
        const Vertex w = space[i] + d;
        if (b.at(w) != opponent(c)) continue;
        if (b.liberties(w) > 2) return false;
        bool ok = true;
        b.for_each_in_chain(w, [&](Vertex s) {
          for (int e : b.directions())
            if (b.at(s + e) == Color::kEmpty && s + e != v && s + e != last) ok = false;
        });
        if (!ok) return false;
      }
    return true;
  }

  Rng rng_;
};

}  // namespace

void play_out(Board& b, Color to_move, uint64_t seed, PlayoutPoints& points) { Playout(seed).run(b, to_move, points); }

}  // namespace gocount
