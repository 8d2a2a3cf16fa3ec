// Layer 4: dead stones and seki proposed for a finished position.
//
// Deterministic (fixed seeds, the same sums on every processor), and the
// same for every image of a position: it is judged in its canonical image
// (board/symmetry.h), the verdicts given back on the board's own points.
//  1. Benson's algorithm: chains that are unconditionally alive (pass-alive)
//     are alive for certain.
//  2. The judge (EstimateOptions::judge; by default the cascade on 9x9 and
//     the playouts on other sizes, see judge_for) gives each other chain its
//     chance to live:
//     - playouts: Monte-Carlo playouts from the position with
//       their own generator: moves that never fill a player's own eye and
//       never self-atari except to throw in a killing shape (nakade); around
//       the last move they capture, save a chain in atari, answer a capturing
//       race, or atari; else half the time they reply next to it. The chance
//       is the share of playouts the chain survives;
//     - model: the learned ownership model (model.h) averaged with a few
//       playouts; two chains side by side both judged dead are a race, the
//       one with more liberties lives; a weakly dead chain in a seki stays.
//     Dead below 48%, a coin flip ("unsure", counted as it stands) to 52%.
//  3. A lone stone in atari that could be taken only by a ko (ko.h) stays as
//     it stands: the players left the ko open. With the dead stones off, a bent four in the corner is found (the chain
//     around it is dead), and a group with one eye whoever plays first and no
//     other liberty (eye_shapes.h) is dead; then the classification
//     (classify.h) tells which groups are in seki, where a small eye's race
//     lost to a big eye (eye_shapes.h) is no seki.
// Chains the caller marks (the record's TB/TW, --dead, --alive; partial marks
// are fine) keep the status they are given; the estimator decides the rest.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "analysis/benson.h"
#include "analysis/borders.h"
#include "analysis/classify.h"
#include "analysis/eye_shapes.h"
#include "analysis/model.h"

namespace gocount {

// Who decided a chain's status.
enum class StatusSource : uint8_t {
  kNone,      // nobody: the chain counts as it stands (no marks, estimator off)
  kMarks,     // the record's marks (TB/TW, lower-case diagram stones)
  kOption,    // the user's --dead / --alive (the players' marks)
  kEstimate,  // the estimator
};
std::string_view source_name(StatusSource s);  // "none", "marks", "option", "estimate"

// Who judges the chains the marks leave open.
enum class Judge : uint8_t {
  kModel,     // the learned ownership model (model.h), checked by a few playouts (--judge model)
  kPlayouts,  // random playouts
  kCascade,   // the model for the chains it is sure of; playouts for the rest, where it doubts one
  // Asked for only (the default): the judge measured best on the board's size,
  // see judge_for. An Estimate names the judge it came to.
  kBySize,
};

// The judge that judges `board` when `asked` is: kBySize is the cascade on
// 9x9, where it matched the playouts on every set measured at a twentieth of
// their time, and the playouts on the other sizes (on 19x19 the cascade was
// behind them on the KGS games with the players' marks; train/README.md).
Judge judge_for(Judge asked, const Board& board);

// Why a chain's status is what it is, as data: the kind of evidence and its
// numbers (report/reasons_text.cpp words it: "captured in 95% of playouts").
struct Evidence {
  enum class Kind : uint8_t {
    kNone,
    kMarkedDead,
    kMarkedAlive,
    kNotMarked,       // counted as it stands
    kPassAlive,       // Benson
    kJudge,           // the judge's chance: `judge`, `rate`, `unsure`
    kRace,            // wins the capturing race against `against`
    kBentFourInside,  // a bent four in the corner: lives, the chain around it is dead
    kBentFourAround,  // the chain around a bent four in the corner: dead
    kSeki,            // shares the liberties `points` with the opponent's `against`
    kOneEye,          // dead: its only liberties are the eye space `points`, of shape `killing` (eye_shapes.h)
    kSmallEye,        // dead: its small eye `points` loses the race to the big eye of `against` (eye_shapes.h)
    kOpenKo,          // alive as it stands: a lone stone in atari whose capture, at `points`, is a ko left open (ko.h)
    kFilledOut,       // dead: the opponent fills its liberties `points` after the first, and takes it at its
                      // eye, the first, which it cannot fill; no ko (classify.h's capturable)
    kEnclosedByDead,  // lives: the opponent's chains around it (`points`, their roots) are all dead
    kAloneAmongDead,  // dead: the playouts leaned to dead (`rate`), and the chains of its colour beside it
                      // (`points`, their roots) are dead, inside living opponent stones
  };
  enum class Shape : uint8_t { kNone, kInsideTerritory, kOneEye, kTwoEyes };
  Kind kind = Kind::kNone;
  Judge judge = Judge::kPlayouts;
  bool playouts_too = false;  // kJudge: the model checked by playouts
  bool unsure = false;        // kJudge: a coin flip
  double rate = 0;            // kJudge: the chance to live (the share of playouts survived)
  // kJudge by the playouts, where they did not settle the chain (a coin flip,
  // or under 60% sure): the ownership model's chance to live, which decided
  // (< 0: not asked, or the model flipped a coin too).
  double model_rate = -1;
  // kJudge on a settled verdict, said in the position's terms as well: the
  // shape, the liberties (and in a race the weakest opponent chain's), the
  // capture of a dead chain.
  bool in_terms = false;
  Shape shape = Shape::kNone;
  int liberties = 0;           // kJudge, kRace, kSmallEye: the chain's
  Vertex against = kNoVertex;  // the opponent chain: in a race (kJudge, kRace), in the seki (kSeki)
  int against_liberties = 0;
  std::vector<Vertex> points;  // kJudge: the moves that capture it; kSeki: the shared liberties; kOneEye: the eye;
                               // kOpenKo: the ko's point; kFilledOut: the eye, then the liberties filled
  KillingShape killing = KillingShape::kNone;  // kOneEye
};

struct ChainEstimate {
  Vertex root;                 // a stone of the chain
  Color color;
  int stones;
  GroupStatus status;
  double confidence;           // 0.5 .. 1
  Evidence reason;             // why (report words it)
  StatusSource source = StatusSource::kEstimate;
  bool unsure = false;         // a coin flip in the playouts: counted as it stands (alive)
  double survival = 1;         // the share of playouts the chain survives (1 when not played out)
};
using ChainStatus = ChainEstimate;

struct Estimate {
  std::vector<ChainEstimate> chains;  // every chain of the position, board order
  std::vector<Vertex> dead;           // every dead stone
  bool finished = true;               // false: open borders or unsettled chains
  std::vector<Vertex> needs_move;     // points that still need a move, when not finished
  std::vector<OpenBorder> open_borders;  // the moves that would settle its open borders (borders.h)
  // Who each board point ends up with, row-major (index y * width + x, as
  // the board's points), in [-1, 1]: +1 Black's, -1 White's, 0 nobody's or
  // unknown (KataGo's analysis engine gives the same form).
  std::vector<float> ownership;
  Judge judge = Judge::kPlayouts;  // who judged
  // The playouts run (0: none). With no count asked for (EstimateOptions::
  // playouts), they stop once no verdict is in doubt (kStopFrom in estimate.cpp).
  int playouts = 0;
};

// Below this confidence a chain is unsure (see kUnsureBelow in estimate.cpp
// for how it was chosen).
extern const double kUnsureBelow;       // playouts
extern const double kModelUnsureBelow;  // the model
extern const double kModelDeadBelow;    // the model: dead below this chance to live
extern const double kModelSekiFrom;     // the model: a dead chain this likely to live may be in seki
extern const double kCascadeSureFrom;   // kCascade: the model's verdicts it keeps
extern const int kCascadePlayouts;      // kCascade: the most playouts it runs where the model doubts

struct EstimateOptions {
  Judge judge = Judge::kBySize;
  // 0: about 4,000 empty points played out in all (33 on a finished 19x19,
  // 16 to 128) at most, fewer once every verdict is settled; else this many.
  int playouts = 0;
  int most_playouts = 128;  // with playouts 0: at most this many (the cascade's: kCascadePlayouts)
  uint32_t seed = 20261121;
  double unsure_below = 0;  // 0: the judge's own (kModelUnsureBelow, kUnsureBelow)
  double dead_below = 0;    // 0: the judge's own (kModelDeadBelow; 0.5 for playouts)
  double seki_from = 0;     // 0: kModelSekiFrom (keep_sekis in estimate.cpp); above 0.5: never
  // The model's verdicts checked by this many playouts (0: the model alone).
  int second_opinion = 4;
  // kCascade: the model decides a chain it gives this chance to live or die
  // or more (0: kCascadeSureFrom); any other chain sends the position to the playouts.
  double sure_from = 0;
  // The ownership model's weights (kModel, kCascade): nullptr for those built
  // in (OwnershipModel::builtin); another network being measured otherwise.
  const OwnershipModel* model = nullptr;
};

// `marked_dead` and `marked_alive` name chains by any of their stones.
Estimate estimate(const Board& board, std::span<const Vertex> marked_dead, std::span<const Vertex> marked_alive = {},
                  const EstimateOptions& options = {});

// The chains as the marks alone say, without the estimator: a chain not
// marked dead counts as it stands (alive; source kNone unless marked alive).
std::vector<ChainStatus> as_marked(const Board& board, std::span<const Vertex> marked_dead,
                                   std::span<const Vertex> marked_alive);
// The same into `out` (assigned: a caller that keeps it needs no heap once warm).
void as_marked(const Board& board, std::span<const Vertex> marked_dead, std::span<const Vertex> marked_alive,
               std::vector<ChainStatus>& out);

}  // namespace gocount
