// Layer 7: the JSON of every command (score, compare, tally, keynumbers,
// rules), one object a line. Score's object is streamed by JsonWriter (issue
// 23: no tree); the small ones of tally's key numbers and rules are built
// with nlohmann. The words in them are made where the text's are (words.h).
#include "report/report.h"

#include "report/words.h"

#include <algorithm>
#include <cmath>

namespace gocount {

namespace {

// `territory` as the rules count it (under territory rules no point in seki).
void side_json(JsonWriter& w, const SideTally& s, int territory) {
  w.begin_object().field("stones", s.stones).field("territory", territory).field("captures", s.captures);
  w.field("dead", s.dead).field("passes", s.passes).end_object();
}

}  // namespace

std::string json_text(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

nlohmann::ordered_json json_number(double v) {
  if (const std::optional<long long> n = whole_number(v)) return *n;
  return v;
}

namespace {

// JSON texts kept end to end in one string, the i-th by its offsets: the
// values a record's JSON repeats by the hundred, written once per thread
// (issue 23).
class JsonTexts {
 public:
  // Entries 0 .. n - 1, `write(i, w)` writing the i-th (or nothing).
  template <class F>
  void make(size_t n, F&& write) {
    text_.clear();
    start_.assign(n + 1, 0);
    for (size_t i = 0; i < n; ++i) {
      start_[i] = text_.size();
      JsonWriter w(text_);
      write(i, w);
    }
    start_[n] = text_.size();
    text_.append(JsonWriter::kPadding, '\0');  // literal_array reads a word from each entry's start
  }
  std::string_view operator[](size_t i) const { return {text_.data() + start_[i], start_[i + 1] - start_[i]}; }

 private:
  std::string text_;
  std::vector<size_t> start_;
};

// Every point's GTP name as a JSON string ("\"D4\""), by vertex, for the
// board size last asked for.
const JsonTexts& quoted_names(const Board& b) {
  thread_local JsonTexts names;
  thread_local std::pair<int, int> size{0, 0};
  if (size != std::pair{b.width(), b.height()}) {
    size = {b.width(), b.height()};
    names.make(b.padded_size(), [&](size_t v, JsonWriter& w) {
      if (b.on_board(static_cast<Vertex>(v))) w.value(to_gtp(b, static_cast<Vertex>(v)));
    });
  }
  return names;
}

// Points as GTP names, in the order given.
void points_list(JsonWriter& w, const Board& b, std::span<const Vertex> points) {
  const JsonTexts& names = quoted_names(b);
  w.literal_array(points.size(), [&](size_t i) { return names[points[i]]; });
}

// The stones of the chain through v, as chain_to_gtp names and sorts them.
void stones_json(JsonWriter& w, const Board& b, Vertex v) { points_list(w, b, chain_as_read(b, v)); }

// One cause for JSON: kind, text, amount, points (GTP).
// `fit`: the record check's CauseFit, by name ("" for a difference between rule sets: none).
void cause_json(JsonWriter& w, const Board& b, const Cause& c, std::string_view text, std::string_view fit = {}) {
  w.begin_object().field("kind", cause_kind_name(c.kind)).field("text", text).number("amount", c.amount);
  points_list(w.key("points"), b, c.points);
  if (!fit.empty()) w.field("fit", fit);
  w.end_object();
}

// The parts of a difference between rule sets, `base` and `other` the rules compared.
void causes_json(JsonWriter& w, const Board& b, const std::vector<Cause>& cs, std::string_view base,
                 std::string_view other) {
  thread_local std::string text;
  w.begin_array();
  for (const Cause& c : cs) {
    text.clear();
    rule_cause_text(text, b, c, base, other);
    cause_json(w, b, c, text);
  }
  w.end_array();
}

// A step's id as the JSON names it: stable, whatever the label says.
std::string_view step_id_name(StepId id) {
  static constexpr std::string_view kNames[] = {
      "vacant_territory", "stones", "total_points", "shared_liberties_filled", "territory", "captures",
      "dead_removed", "prisoners", "pass_stones", "white_extra_pass", "komi", "handicap", "non_scoring",
      "neutral_half_each", "adjusted_total_points", "adjusted_points", "territory_count", "area_count",
      "margin_by_territory", "margin_by_area", "half_count", "difference", "key_number", "minimum_to_win",
      "total_points_that_draw", "margin_doubled", "stones_each", "stones_on_board", "stones_in_container",
      "komi_stones", "territory_to_fill", "points_unfilled", "stones_left_over", "komi_not_placed",
      "territory_left", "prisoners_left", "points", "margin"};
  static_assert(std::size(kNames) == static_cast<size_t>(StepId::kMargin) + 1, "a name for every StepId");
  return kNames[static_cast<size_t>(id)];
}

}  // namespace

void count_json(JsonWriter& w, const Count& c) {
  w.begin_object().field("method", c.method);
  if (c.side != Color::kEmpty) w.field("side", color_name(c.side));
  thread_local std::string words;  // a label or the note, before it is written
  w.key("steps").begin_array();
  for (const Step& s : c.steps) {
    words.clear();
    step_label(words, c, s);
    w.begin_object().field("id", step_id_name(s.id)).field("label", words).number("value", s.value);
    if (s.side != Color::kEmpty) w.field("side", color_name(s.side));
    w.end_object();
  }
  w.end_array().field("result", c.result());
  words.clear();
  count_note_text(words, c.note);
  if (!words.empty()) w.field("note", words);
  w.end_object();
}

void algebra_json(JsonWriter& w, const Algebra& a) {
  w.begin_object().field("Bs", a.Bs).field("Ws", a.Ws).field("Bt", a.Bt).field("Wt", a.Wt);
  w.field("Bp", a.Bp).field("Wp", a.Wp).field("Bz", a.Bz).field("Wz", a.Wz).field("H", a.H).number("K", a.K);
  w.field("P", a.P).field("Nt", a.Nt).field("Btj", a.Btj).field("Wtj", a.Wtj);
  w.number("Sc", a.Sc).number("Sj", a.Sj).field("holds", a.holds);
  if (!a.terms.empty()) {
    w.key("causes").begin_array();
    thread_local std::string words;
    for (const Algebra::Term& t : a.terms) {
      words.clear();
      term_words(words, t);
      w.begin_object().field("term", term_letter(t.kind)).field("cause", words).number("amount", t.amount).end_object();
    }
    w.end_array();
  }
  w.end_object();
}

namespace {

// The classification's own numbers, whatever the rules make of them:
// `area_territory` is every empty point surrounded by one colour (Bt, Wt).
void classification_counts(JsonWriter& w, const Tally& t) {
  const Classification& k = t.classes;
  auto pair = [&](JsonKey key, int b, int wh) {
    w.key(key).begin_object().field("black", b).field("white", wh).end_object();
  };
  auto both = [&](JsonKey key, const std::array<int, 2>& a) { pair(key, a[0], a[1]); };
  w.begin_object();
  pair("area_territory", t.black().territory, t.white().territory);
  both("territory", k.territory);
  both("seki_eyes", k.seki_eyes);
  both("false_eyes", k.false_eyes);
  both("teire", k.teire);
  both("seki_stones", k.seki_stones);
  w.field("shared_liberties", k.shared_liberties).field("dame", k.dame).field("one_sided_dame", k.one_sided_dame);
  w.field("unsealed", k.unsealed).end_object();
}

// The lists of points_json, in the order written; a point may be in several
// (a dame that is non-scoring too).
enum PointList : uint8_t {
  kInBlackTerritory, kInWhiteTerritory, kInSekiEyes, kInFalseEyes = kInSekiEyes + 2, kInTeire = kInFalseEyes + 2,
  kInSharedLiberties = kInTeire + 2, kInDame, kInOneSidedDame, kInUnsealed, kInNonScoring, kInHalfEach,
  kInDead, kInSekiStones = kInDead + 2, kPointLists = kInSekiStones + 2
};

}  // namespace

// Each list is gathered by its own pass over the board, without branches
// (a point's class follows no pattern, and a branch per list and point
// mispredicted most of the time), and only where the counts say it can hold
// a point: most records have territory, dame and dead stones, and nothing else.
void points_json(JsonWriter& w, const Game& game, const Scored& s) {
  const Tally& t = s.tally;
  const Board& b = t.board;
  const Classification& k = t.classes;
  thread_local std::array<std::vector<Vertex>, kPointLists> storage;
  std::array<int, kPointLists> n{};
  const PointClass* cls = k.cls.data();
  const Color* owner = k.owner.data();
  const Color* counts_for = s.counts_for.data();
  const Color* here = b.colors().data();
  const Color* before = game.board.colors().data();
  // The points where `in(v)` (0 or 1) into list i, in board order.
  auto gather = [&](int i, bool maybe, auto in) {
    if (!maybe) return;
    storage[i].resize(b.padded_size());
    Vertex* out = storage[i].data();
    int count = 0;
    b.for_each_point([&](Vertex v) {
      out[count] = v;
      count += in(v);
    });
    n[i] = count;
  };
  // Black's list i and White's i + 1 in one pass, where `in(v, c)`: each
  // point is loaded once for both (the territories and the dead stones are
  // in nearly every record).
  auto gather_both = [&](int i, bool maybe, auto in) {
    if (!maybe) return;
    storage[i].resize(b.padded_size());
    storage[i + 1].resize(b.padded_size());
    Vertex* black = storage[i].data();
    Vertex* white = storage[i + 1].data();
    int nb = 0, nw = 0;
    b.for_each_point([&](Vertex v) {
      black[nb] = white[nw] = v;
      nb += in(v, Color::kBlack);
      nw += in(v, Color::kWhite);
    });
    n[i] = nb;
    n[i + 1] = nw;
  };
  auto is = [](Color c, Color want) { return int{c == want}; };
  auto class_is = [&](PointClass want) { return [&, want](Vertex v) { return int{cls[v] == want}; }; };
  gather_both(kInBlackTerritory, true, [&](Vertex v, Color c) {
    return is(here[v], Color::kEmpty) & int{cls[v] != PointClass::kSharedLiberty} & is(counts_for[v], c);
  });
  gather_both(kInDead, t.side[0].dead + t.side[1].dead > 0,
              [&](Vertex v, Color c) { return int{t.dead[v] != 0} & is(before[v], c); });
  for (int side = 0; side < 2; ++side) {
    const Color c = side == 0 ? Color::kBlack : Color::kWhite;
    auto owned = [&](PointClass want) { return [&, want](Vertex v) { return int{cls[v] == want} & is(owner[v], c); }; };
    gather(kInSekiEyes + side, k.seki_eyes[side] > 0, owned(PointClass::kSekiEye));
    gather(kInFalseEyes + side, k.false_eyes[side] > 0, owned(PointClass::kFalseEye));
    gather(kInTeire + side, k.teire[side] > 0, owned(PointClass::kTeire));
    gather(kInSekiStones + side, k.seki_stones[side] > 0, owned(PointClass::kSekiStone));
  }
  gather(kInSharedLiberties, k.shared_liberties > 0, class_is(PointClass::kSharedLiberty));
  gather(kInDame, k.dame > 0, class_is(PointClass::kDame));
  gather(kInOneSidedDame, k.one_sided_dame > 0, class_is(PointClass::kOneSidedDame));
  gather(kInUnsealed, k.unsealed > 0, class_is(PointClass::kUnsealed));
  auto any = [](const std::vector<uint8_t>& marks) { return std::find(marks.begin(), marks.end(), 1) != marks.end(); };
  gather(kInNonScoring, any(s.non_scoring), [&](Vertex v) { return int{s.non_scoring[v] != 0}; });
  gather(kInHalfEach, any(s.half_each), [&](Vertex v) { return int{s.half_each[v] != 0}; });
  auto list = [&](JsonKey key, int i) {
    points_list(w.key(key), b, {storage[i].data(), static_cast<size_t>(n[i])});
  };
  // {"black": [...], "white": [...]}: the points of one class by whose they are.
  auto pair = [&](JsonKey key, int i) {
    w.key(key).begin_object();
    list("black", i);
    list("white", i + 1);
    w.end_object();
  };
  w.begin_object();
  list("black_territory", kInBlackTerritory);
  list("white_territory", kInWhiteTerritory);
  pair("seki_eyes", kInSekiEyes);
  pair("false_eyes", kInFalseEyes);
  pair("teire", kInTeire);
  list("shared_liberties", kInSharedLiberties);
  list("dame", kInDame);
  list("one_sided_dame", kInOneSidedDame);
  list("unsealed", kInUnsealed);
  list("non_scoring", kInNonScoring);
  list("half_each", kInHalfEach);
  pair("dead", kInDead);
  pair("seki_stones", kInSekiStones);
  classification_counts(w.key("counts"), t);
  w.end_object();
}

namespace {

// reason_text into a string of the thread's, valid until the next call:
// score's JSON words every chain of the position.
std::string_view reason_words(const Board& b, const ChainStatus& c) {
  thread_local std::string words;
  words.clear();
  reason_text(words, b, c);
  return words;
}

// A dead or unsure chain for score's JSON: who decided it (dead chains), how
// sure and why.
void chain_json(JsonWriter& w, const Board& b, const ChainStatus& c, bool with_source) {
  w.begin_object().field("color", color_name(c.color));
  stones_json(w.key("stones"), b, c.root);
  if (with_source) w.field("source", source_name(c.source));
  w.number("confidence", std::round(c.confidence * 100) / 100).field("reason", reason_words(b, c)).end_object();
}

// The JSON of number(k / 1000.0) for every k from -1,000 to 1,000 (entry
// k + 1,000): what ownership_json writes (a Grisu2 a point cost more than
// the rest of the record's JSON).
const JsonTexts& thousandths() {
  thread_local const JsonTexts table = [] {
    JsonTexts t;
    t.make(2001, [](size_t i, JsonWriter& w) {
      w.number(ownership_value(static_cast<float>((static_cast<int>(i) - 1000) / 1000.0)));
    });
    return t;
  }();
  return table;
}

// Each value as number(ownership_value(v)) writes it.
void ownership_json(JsonWriter& w, const std::vector<float>& values) {
  const JsonTexts& table = thousandths();
  // Each value's thousandth, found once (std::round: a value such as 1/16
  // lies half-way between two).
  // Outside [-1, 1] (or NaN): written as it is. Tested apart, so that the
  // loop below has no way out and no branch.
  const bool in_range = std::all_of(values.begin(), values.end(), [](float v) { return std::fabs(v * 1000.0) < 1000.5; });
  if (!in_range) {
    w.begin_array();
    for (float u : values) w.number(ownership_value(u));
    w.end_array();
    return;
  }
  thread_local std::vector<uint16_t> storage;
  storage.resize(values.size());
  uint16_t* at = storage.data();
  for (size_t i = 0; i < values.size(); ++i) {
    // k = std::round(x) (ownership_value(v) is k / 1000), without the
    // library call: |x| + 0.5 is exact for a float's thousandfold.
    const double x = values[i] * 1000.0;
    const int k = static_cast<int>(std::fabs(x) + 0.5);
    at[i] = static_cast<uint16_t>((x < 0 ? -k : k) + 1000);
  }
  w.literal_array(values.size(), [&](size_t i) { return table[at[i]]; });
}

// The count's ownership (1, 0 or -1 a point) as ownership_json writes it,
// from the board: no floats to round back.
void count_ownership_json(JsonWriter& w, const Scored& s) {
  const JsonTexts& table = thousandths();
  thread_local std::vector<uint16_t> storage;
  storage.resize(s.tally.board.area());
  uint16_t* at = storage.data();
  for_each_count_owner(s, [&](int i, int sign) { at[i] = static_cast<uint16_t>(1000 + 1000 * sign); });
  w.literal_array(storage.size(), [&](size_t i) { return table[at[i]]; });
}

// Whose ownership the JSON and the captions give: the estimator's or the count's.
std::string_view ownership_word(bool estimated) { return estimated ? "estimate" : "count"; }

}  // namespace

std::string_view ownership_source_name(const Ownership& o) { return ownership_word(o.estimated); }

double ownership_value(float v) {
  const double r = std::round(v * 1000.0) / 1000;
  return r == 0 ? 0.0 : r;
}

std::string_view status_name(GroupStatus s) {
  return s == GroupStatus::kAlive ? "alive" : s == GroupStatus::kSeki ? "seki" : "dead";
}

void estimate_json(JsonWriter& w, const Board& b, const Estimate& e) {
  w.begin_object().field("finished", e.finished);
  points_list(w.key("needs_move"), b, e.needs_move);
  w.key("open_borders").begin_array();
  for (const OpenBorder& o : e.open_borders) {
    w.begin_object().field("color", color_name(o.by)).field("move", to_gtp(b, o.move)).field("points", o.points);
    points_list(w.key("sealed"), b, o.sealed);
    w.end_object();
  }
  w.end_array().key("groups").begin_array();
  thread_local ChainsAsRead as_read;  // every chain's stones: one walk, kept: no heap once warm
  as_read.read(b);
  for (const ChainEstimate& c : e.chains) {
    w.begin_object().field("color", color_name(c.color)).field("status", status_name(c.status));
    w.field("source", source_name(c.source)).field("unsure", c.unsure);
    // A double as it always was here: 1.0, not 1.
    w.field("confidence", std::round(c.confidence * 100) / 100).field("reason", reason_words(b, c));
    points_list(w.key("stones"), b, as_read.stones(b, c.root));
    w.end_object();
  }
  w.end_array().end_object();
}

namespace {

// What score's JSON says of the record: the count against its result, the
// cause of a difference, notes, the other scoring family's count.
void record_json(JsonWriter& w, const Game& game, const Scored& s) {
  w.field("recorded_result", valid_utf8(game.result)).key("matches_record");
  if (s.record.matches) w.value(*s.record.matches);
  else w.value(nullptr);
  // The words, and the rules' phrases, before they are written: strings of the thread's.
  thread_local std::string words, ours, theirs;
  w.key("difference_cause");
  if (s.record.cause) {
    words.clear();
    record_cause_text(words, game.board, s.record);
    cause_json(w, game.board, *s.record.cause, words, cause_fit_name(s.record.cause_fit));
  } else {
    w.value(nullptr);
  }
  w.key("record_notes").begin_array();
  for (const RecordNote& note : s.record.notes) {
    words.clear();
    record_note_text(words, game.board, s.record, note);
    w.value(words);
  }
  w.end_array().key("other_scoring");
  if (const auto& o = s.other_scoring) {
    w.begin_object().field("rules", o->rules).field("result", o->result).number("margin", o->margin).key("parts");
    ours.clear();
    rules_phrase(ours, o->ours, o->ours_title);
    theirs.clear();
    rule_variant_phrase(theirs, o->theirs);
    causes_json(w, game.board, o->parts, ours, theirs);
    w.end_object();
  } else {
    w.value(nullptr);
  }
}

// The rules' numbers: komi, handicap, each side's tally, the score.
void score_numbers_json(JsonWriter& w, const Game& game, const Scored& s) {
  const Tally& t = s.tally;
  const auto score = rules_score(s.input);
  w.number("komi", s.komi);
  if (s.komi_source == Source::kRecord && game.komi_note) w.field("komi_note", read_note_text(game.board, *game.komi_note));
  if (s.rules_source == Source::kRecord && game.rules_note) w.field("rules_note", read_note_text(game.board, *game.rules_note));
  if (const std::vector<std::string> warned = game_warnings(game, s); !warned.empty()) w.field("warnings", warned);
  w.field("handicap", s.handicap);
  if (s.rules.enclosed_territory) w.field("territory", "enclosed");  // as OGS counts (Rules::enclosed_territory)
  side_json(w.key("black"), t.black(), *s.input.black().territory);
  side_json(w.key("white"), t.white(), *s.input.white().territory);
  w.field("neutral", t.neutral).field("non_scoring", s.input.non_scoring);
  w.key("score").begin_object().number("black", score[0]).number("white", score[1]).end_object();
  if (const auto& f = s.input.seki) {
    w.key("seki_fill").begin_object().field("convention", seki_fill_name(f->convention)).field("sekis", f->sekis);
    w.field("shared_liberties", f->shared).number("each", f->each).field("non_scoring", f->non_scoring).end_object();
  }
}

void game_info_json(JsonWriter& w, const GameInfo& i) {
  w.field("black_player", i.black_player).field("black_rank", i.black_rank);
  w.field("white_player", i.white_player).field("white_rank", i.white_rank);
  w.field("date", i.date).field("event", i.event);
}

// The dead chains, who decided them, and the chains the estimate is unsure of.
void chains_json(JsonWriter& w, const Board& b, const Scored& s) {
  w.key("dead_chains").begin_array();
  for (const ChainStatus& c : s.chains)
    if (c.status == GroupStatus::kDead) chain_json(w, b, c, true);
  w.end_array().key("unsure_chains").begin_array();
  for (const ChainStatus& c : s.chains)
    if (c.unsure) chain_json(w, b, c, false);
  w.end_array();
}

}  // namespace

void score_json(std::string& out, const Game& game, const Scored& s, const GameLabel& label) {
  JsonWriter w(out);
  w.begin_object().field("schema", kScoreSchema).field("rules", s.rules.name);
  w.field("width", game.board.width()).field("height", game.board.height());
  score_numbers_json(w, game, s);
  w.field("result", s.count.result()).number("margin", s.count.margin);
  w.field("file", label.file).field("game", label.index);
  game_info_json(w, game.info);
  thread_local std::string answer;
  answer.clear();
  answer_line(answer, game, s, {label.file, label.index});
  w.field("answer", answer).field("record_hash", game.record_hash.text());
  w.field("moves", game.moves).key("last_pass");
  if (game.last_pass == Color::kEmpty) w.value(nullptr);
  else w.value(color_name(game.last_pass));
  record_json(w, game, s);
  w.field("dead_source", dead_source_name(s.dead_from));
  chains_json(w, game.board, s);
  if (!s.methods.empty()) {
    w.key("methods").begin_array();
    for (const Count& c : s.methods) count_json(w, c);
    w.end_array();
  }
  algebra_json(w.key("algebra"), s.algebra);
  points_json(w.key("points"), game, s);
  if (s.estimate) estimate_json(w.key("estimate"), game.board, *s.estimate);
  const bool estimated = ownership_estimated(s);
  w.field("ownership_source", ownership_word(estimated));
  if (estimated) {
    thread_local Ownership own;
    point_ownership(s, own);
    ownership_json(w.key("ownership"), own.values);
  } else {
    count_ownership_json(w.key("ownership"), s);
  }
  w.end_object();
}

namespace {

// An object with a key per column label, `write` writing a column's value. A
// label given twice is one key, where it first stands, with the last such
// column's value (as an object keyed by label kept it before).
template <class F>
void by_label(JsonWriter& w, const std::vector<RuleResult>& results, F write) {
  auto same = [](const RuleResult& x, const RuleResult& y) { return x.label == y.label; };
  w.begin_object();
  for (auto r = results.begin(); r != results.end(); ++r) {
    if (std::find_if(results.begin(), r, [&](const RuleResult& x) { return same(x, *r); }) != r) continue;
    const auto last = std::find_if(results.rbegin(), results.rend(), [&](const RuleResult& x) { return same(x, *r); });
    write(w.label_key(r->label), *last);
  }
  w.end_object();
}

}  // namespace

std::string comparison_json(const Comparison& c, const GameLabel& label) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().field("file", label.file).field("game", label.index).key("results");
  by_label(w, c.results, [](JsonWriter& j, const RuleResult& r) { j.value(r.scored.count.result()); });
  w.key("scores");
  by_label(w, c.results, [](JsonWriter& j, const RuleResult& r) {
    const auto score = rules_score(r.scored.input);
    j.begin_object().number("black", score[0]).number("white", score[1]).number("komi", r.scored.komi).end_object();
  });
  const Board& board = c.results.front().scored.tally.board;
  const std::string base_phrase = rule_variant_phrase(c.results.front().variant);
  w.key("differences").begin_array();
  for (const Difference& d : c.differences) {
    w.begin_object().field("rules", d.rules).field("vs", c.results.front().label).number("amount", d.amount);
    causes_json(w.key("parts"), board, d.parts, base_phrase, rule_variant_phrase(d.variant));
    w.end_object();
  }
  w.end_array().key("compensation");
  if (const std::string comp = compensation_sentence(c); comp.empty()) w.value(nullptr);
  else w.value(comp);
  algebra_json(w.key("algebra"), c.algebra());
  w.end_object().finish();
  return out;
}

std::string hand_count_json(const HandCount& hand, const HandResult& r) {
  const CountInput& in = r.input;
  std::string out;
  JsonWriter w(out);
  w.begin_object().field("rules", r.rules.name).field("width", hand.width).field("height", hand.height);
  w.number("komi", in.komi).field("handicap", hand.handicap).field("non_scoring", hand.non_scoring);
  auto pair = [&](JsonKey key, auto black, auto white) {
    w.key(key).begin_object().field("black", black).field("white", white).end_object();
  };
  if (r.by_territory) {  // territory rules, or AGA rules counted by territory
    pair("territory", *in.side[0].territory, *in.side[1].territory);
    pair("prisoners", in.side[0].captures, in.side[1].captures);
  } else {
    w.key("total_points").begin_object().number("black", r.black).number("white", r.white).end_object();
  }
  w.key("methods").begin_array();
  for (const Count& c : r.counts) count_json(w, c);
  w.end_array().field("result", r.counts.empty() ? std::string() : r.counts.front().result());
  w.end_object().finish();
  return out;
}

nlohmann::ordered_json key_number_json(const KeyNumberTable& t) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const KeyNumberRow& r : t.rows) {
    nlohmann::ordered_json j = {{"game", key_number_game(r.handicap)},
                                {"side", color_name(r.side)},
                                {"half_count", json_number(r.k.half_count)},
                                {"handicap_or_komi", json_number(r.handicap_or_komi)},
                                {"tie_breaker", json_number(r.tie_breaker)},
                                {"key_number", json_number(r.k.key_number)},
                                {"minimum_total_points", json_number(r.k.minimum_to_win)}};
    j["draws_at"] = r.k.draws_at ? json_number(*r.k.draws_at) : nlohmann::ordered_json(nullptr);
    rows.push_back(std::move(j));
  }
  return {{"rules", t.rules},
          {"board_points", t.board_points},
          {"non_scoring", t.non_scoring},
          {"komi", json_number(t.komi)},
          {"tie_breaker", json_number(t.tie_breaker)},
          {"rows", rows}};
}

namespace {
// The options of `score` these rules leave nothing to do, by their names
// there, each with the line that refuses it (idle_setting): a front end
// greys them without a copy of the rules' logic.
nlohmann::ordered_json unused_options(const Rules& r) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  const auto add = [&](const char* option, const std::string& why) {
    if (!why.empty()) out[option] = why;
  };
  add("handicap-compensation", idle_setting(r, false, false, false, true));
  add("seki-fill", idle_setting(r, false, false, true, false));
  add("territory", idle_setting(r, true, false, false, false));
  add("seki-dead-prisoners", idle_setting(r, false, true, false, false));
  return out;
}
}  // namespace

nlohmann::ordered_json rules_json() {
  nlohmann::ordered_json all = nlohmann::ordered_json::array();
  for (const Rules& r : rule_presets()) {
    all.push_back({{"name", r.name},
                   {"title", r.title},
                   {"scoring", scoring_name(r.scoring)},
                   {"handicap_compensation", compensation_name(r.compensation)},
                   {"komi_even", json_number(r.komi_even)},
                   {"komi_handicap", json_number(r.komi_handicap)},
                   {"tie_even", tie_name(r.tie_even)},
                   {"tie_handicap", tie_name(r.tie_handicap)},
                   {"neutral_points", neutral_name(r.neutral)},
                   {"seki", seki_name(r)},
                   {"seki_fill", fills_shared_liberties(r) ? nlohmann::ordered_json(seki_fill_name(r.seki_fill))
                                                           : nlohmann::ordered_json(nullptr)},
                   {"pass_stones", r.pass_stones},
                   {"white_passes_last", r.white_passes_last},
                   {"remove_dead", r.remove_dead},
                   {"suicide", r.suicide},
                   {"ko", ko_name(r.ko)},
                   {"source", r.source},
                   {"unused_options", unused_options(r)}});
  }
  return {{"rules", all}};
}

nlohmann::ordered_json error_json(const GameLabel& label, std::string_view message) {
  return {{"file", label.file}, {"game", label.index}, {"error", message}};
}

}  // namespace gocount
