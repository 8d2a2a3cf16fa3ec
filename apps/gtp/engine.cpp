#include "gtp/engine.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fmt/format.h>
#include <istream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>

#include "count/compare.h"
#include "game/input.h"
#include "game/source.h"
#include "report/report.h"
#include "sgf/parse_error.h"

namespace gocount::gtp {

namespace {

Reply ok(std::string text = {}) { return {true, std::move(text)}; }
Reply fail(std::string text) { return {false, std::move(text)}; }

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// An argument as an error quotes it: cut short, control and non-UTF-8 bytes escaped.
std::string quote(std::string_view s) { return fmt::format("'{}'", quote_input(s)); }

std::string join(const std::vector<std::string>& v, std::string_view sep = " ") {
  std::string out;
  for (const std::string& s : v) {
    if (!out.empty()) out += sep;
    out += s;
  }
  return out;
}

std::optional<Color> parse_color(std::string_view s) {
  const std::string c = lower(s);
  if (c == "b" || c == "black") return Color::kBlack;
  if (c == "w" || c == "white") return Color::kWhite;
  return std::nullopt;
}

// "not a point of this 19x19 board".
std::string not_a_point(const Board& b, std::string_view s) {
  return fmt::format("{} is not a point of this {}x{} board", quote(s), b.width(), b.height());
}

// KataGo's JSON for the rule sets it shares with gocount (Rules::toJsonNoKomi
// of KataGo's named rules), keys in KataGo's order.
struct KataRules {
  std::string_view preset;
  std::string_view json;
};
constexpr KataRules kKataRules[] = {
    {"chinese",
     R"({"friendlyPassOk":true,"hasButton":false,"ko":"SIMPLE","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N"})"},
    {"japanese",
     R"({"friendlyPassOk":false,"hasButton":false,"ko":"SIMPLE","scoring":"TERRITORY","suicide":false,"tax":"SEKI","whiteHandicapBonus":"0"})"},
    {"korean",
     R"({"friendlyPassOk":false,"hasButton":false,"ko":"SIMPLE","scoring":"TERRITORY","suicide":false,"tax":"SEKI","whiteHandicapBonus":"0"})"},
    {"aga",
     R"({"friendlyPassOk":true,"hasButton":false,"ko":"SITUATIONAL","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N-1"})"},
    {"nz",
     R"({"friendlyPassOk":true,"hasButton":false,"ko":"SITUATIONAL","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"0"})"},
    {"tromp-taylor",
     R"({"friendlyPassOk":false,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"0"})"},
};

// KataGo's rules as JSON, what counting depends on, with KataGo's defaults
// for what is left out (Tromp-Taylor's; tax SEKI under territory scoring).
// Throws nlohmann::json::exception when it is no such object.
nlohmann::json kata_counting_keys(const nlohmann::json& in) {
  nlohmann::json r = {{"ko", "POSITIONAL"}, {"scoring", "AREA"}, {"suicide", true}, {"hasButton", false},
                      {"whiteHandicapBonus", "0"}};
  auto upper = [](std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
  };
  bool tax = false;
  for (const auto& [key, value] : in.items()) {
    if (key == "ko" || key == "tax" || key == "whiteHandicapBonus") r[key] = upper(value.get<std::string>());
    else if (key == "scoring" || key == "score") r["scoring"] = upper(value.get<std::string>());
    else if (key == "suicide" || key == "hasButton") r[key] = value.get<bool>();
    else if (key != "friendlyPassOk" && key != "komi") throw std::invalid_argument("unknown rules option '" + key + "'");
    tax = tax || key == "tax";
  }
  if (!tax) r["tax"] = r["scoring"] == "TERRITORY" ? "SEKI" : "NONE";
  return r;
}

// The preset a KataGo rules object stands for, or nullptr. Sets `komi` when
// the object gives one.
const Rules* rules_from_kata_json(const std::string& text, std::optional<double>& komi, std::string& error) {
  try {
    const nlohmann::json in = nlohmann::json::parse(text);
    if (!in.is_object()) throw std::invalid_argument("not an object");
    const nlohmann::json want = kata_counting_keys(in);
    if (in.contains("komi")) {
      komi = parse_number(in["komi"].dump(), -1000, 1000);
      if (!komi) throw std::invalid_argument("komi " + in["komi"].dump() + " is not a number from -1000 to 1000");
    }
    for (const KataRules& k : kKataRules)
      if (kata_counting_keys(nlohmann::json::parse(k.json)) == want) return find_rules(k.preset);
    error = "they match none of the rule sets gocount counts (KataGo's chinese, japanese, korean, aga, new-zealand, "
            "tromp-taylor; or gocount's names: " + rule_names() + ")";
  } catch (const std::exception& e) {
    error = std::string("not KataGo's rules JSON: ") + e.what();
  }
  return nullptr;
}

// KataGo's names for rule sets gocount has not, refused by name.
bool kata_only(std::string_view name) {
  std::string folded;
  for (const char c : name)
    if (std::isalnum(static_cast<unsigned char>(c))) folded += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (std::string_view k : {"chineseogs", "chinesekgs", "ancientarea", "stonescoring", "ancientterritory", "agabutton"})
    if (folded == k) return true;
  return false;
}

// A response's text as the protocol frames it: an error on one line; no
// empty line inside (it would end the response); one empty line after.
std::string frame(const Reply& r, const std::string& id) {
  std::string text = r.text;
  text.erase(std::remove(text.begin(), text.end(), '\r'), text.end());
  if (!r.ok) std::replace(text.begin(), text.end(), '\n', ' ');
  std::string out = (r.ok ? "=" : "?") + id + " " + text;
  for (size_t p; (p = out.find("\n\n")) != std::string::npos;) out.erase(p, 1);
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out + "\n\n";
}

std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    const size_t start = i;
    while (i < s.size() && s[i] != ' ') ++i;
    if (i > start) out.emplace_back(s.substr(start, i - start));
  }
  return out;
}

bool is_id(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::string preprocess(std::string_view line) {
  std::string out;
  for (const char ch : line) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '#') break;
    if (c == '\t') out += ' ';
    else if (c >= 32 && c != 127) out += ch;
  }
  const size_t first = out.find_first_not_of(' ');
  if (first == std::string::npos) return "";
  return out.substr(first, out.find_last_not_of(' ') - first + 1);
}

const std::vector<Engine::Command>& Engine::table() {
  static const std::vector<Command> commands = {
      {"protocol_version", &Engine::protocol_version},
      {"name", &Engine::name},
      {"version", &Engine::version},
      {"known_command", &Engine::known_command},
      {"list_commands", &Engine::list_commands},
      {"quit", &Engine::quit_command},
      {"boardsize", &Engine::boardsize},
      {"clear_board", &Engine::clear_board},
      {"komi", &Engine::komi},
      {"get_komi", &Engine::get_komi},
      {"play", &Engine::play},
      {"undo", &Engine::undo},
      {"fixed_handicap", &Engine::fixed_handicap},
      {"set_free_handicap", &Engine::set_free_handicap},
      {"loadsgf", &Engine::loadsgf},
      {"showboard", &Engine::showboard},
      {"final_score", &Engine::final_score},
      {"final_status_list", &Engine::final_status_list},
      {"kata-get-rules", &Engine::get_rules},
      {"kata-set-rules", &Engine::set_rules},
      {"gocount-dead", &Engine::mark_dead},
      {"gocount-alive", &Engine::mark_alive},
      {"gocount-unmark", &Engine::unmark},
      {"gocount-count", &Engine::count},
      {"gocount-compare", &Engine::compare},
      {"gocount-score-json", &Engine::score_json},
      {"gocount-gfx", &Engine::gfx},
      {"gocount-sboard", &Engine::sboard},
      {"gocount-ownership", &Engine::ownership},
      {"gocount-ownership-dboard", &Engine::ownership_board},
      {"gogui-analyze_commands", &Engine::analyze_commands},
  };
  return commands;
}

std::vector<std::string> Engine::command_names() {
  std::vector<std::string> out;
  for (const Command& c : table()) out.emplace_back(c.name);
  return out;
}

Engine::Engine(ScoreOptions defaults) : options_(std::move(defaults)) {
  ScoreRequest r;
  if (const std::string e = apply_options(options_, r); !e.empty()) throw std::invalid_argument(e);
  komi_ = options_.komi;
  options_.komi.reset();  // the game's komi, not an override: the komi command changes it
  reset(new_game(width_, height_));
}

std::string Engine::handle_line(std::string_view line) {
  std::vector<std::string> w = words(preprocess(line));
  if (w.empty()) return "";
  std::string id;
  if (is_id(w.front())) {
    id = w.front();
    w.erase(w.begin());
  }
  if (w.empty()) return frame(fail("no command after the id"), id);
  const std::string name = w.front();
  w.erase(w.begin());
  Reply r;
  try {
    r = execute(name, w);
  } catch (const std::exception& e) {  // a count that cannot be made: said, and the engine goes on
    r = fail(e.what());
  }
  return frame(r, id);
}

std::string Engine::too_long(std::string_view start) {
  const std::vector<std::string> w = words(preprocess(start.substr(0, 64)));
  const std::string id = !w.empty() && is_id(w.front()) ? w.front() : "";
  return frame(fail(fmt::format("command line too long (more than {} bytes): ignored", kMaxLine)), id);
}

Reply Engine::execute(const std::string& name, const Args& args) {
  for (const Command& c : table())
    if (c.name == name) return (this->*c.run)(args);
  return fail("unknown command");
}

// --- state ---

const Rules& Engine::rules() const {
  return rules_for(game().rules, options_.rules.empty() ? nullptr : find_rules(options_.rules));
}

bool Engine::board_empty() const {
  const Game& g = game();
  return g.moves == 0 && g.board.count(Color::kBlack) == 0 && g.board.count(Color::kWhite) == 0;
}

void Engine::reset(Game g) {
  g.komi = komi_;
  history_.clear();
  history_.push_back(std::move(g));
  position_changed();
}

void Engine::position_changed() {
  dead_.clear();
  alive_.clear();
  scored_.reset();
}

std::string Engine::request(ScoreOptions o, ScoreRequest& r) const {
  const Board& b = game().board;
  if (!dead_.empty()) o.dead = to_gtp(b, dead_);
  o.alive = to_gtp(b, alive_);
  // The players' marks, completed by the estimate (unless it is off).
  if ((!dead_.empty() || !alive_.empty()) && o.estimate == "auto") o.estimate = "on";
  return apply_options(o, r);
}

const Scored& Engine::scored() {
  if (!scored_) {
    ScoreRequest r;
    if (const std::string e = request(options_, r); !e.empty()) throw std::invalid_argument(e);
    // What final_score and the pictures need, fast: not the check against
    // a loaded record's RE (its search for a cause may run the estimate again)
    // nor the other scoring family; gocount-count and gocount-score-json
    // count in full, as gocount score does.
    r.check_record = false;
    r.other_scoring = false;
    scored_ = score_game(game(), r);
  }
  return *scored_;
}

Scored Engine::scored_in_full() const {
  ScoreRequest r;
  if (const std::string e = request(options_, r); !e.empty()) throw std::invalid_argument(e);
  return score_game(game(), r);
}

// --- the protocol's administrative commands ---

Reply Engine::protocol_version(const Args&) { return ok("2"); }
Reply Engine::name(const Args&) { return ok("gocount"); }
Reply Engine::version(const Args&) { return ok(std::string(kVersion)); }

Reply Engine::known_command(const Args& a) {
  if (a.size() != 1) return fail("known_command takes one command name");
  for (const Command& c : table())
    if (c.name == a[0]) return ok("true");
  return ok("false");
}

Reply Engine::list_commands(const Args&) { return ok(join(command_names(), "\n")); }

Reply Engine::quit_command(const Args&) {
  quit_ = true;
  return ok();
}

// --- setting up ---

Reply Engine::boardsize(const Args& a) {
  if (a.size() != 1) return fail("boardsize takes one size, from 2 to 25");
  const std::optional<double> n = parse_number(a[0], 2, 25, true);
  if (!n) return fail(fmt::format("boardsize {} is not from 2 to 25", quote_input(a[0])));
  width_ = height_ = static_cast<int>(*n);
  reset(new_game(width_, height_));
  return ok();
}

Reply Engine::clear_board(const Args&) {
  reset(new_game(width_, height_));
  return ok();
}

Reply Engine::komi(const Args& a) {
  if (a.size() != 1) return fail("komi takes one number");
  const std::optional<double> k = parse_number(a[0], -1000, 1000);
  if (!k) return fail(fmt::format("komi {} is not a number from -1000 to 1000", quote(a[0])));
  komi_ = *k;
  for (Game& g : history_) g.komi = komi_;
  scored_.reset();
  return ok();
}

Reply Engine::get_komi(const Args&) { return ok(points_text(scored().komi)); }

Reply Engine::play(const Args& a) {
  if (a.size() != 2) return fail("play takes a colour and a vertex: play black D4, play w pass");
  const std::optional<Color> c = parse_color(a[0]);
  if (!c) return fail(fmt::format("{} is not a colour (b, black, w, white)", quote(a[0])));
  const Board& b = game().board;
  const Vertex v = lower(a[1]) == "pass" ? kPass : parse_gtp_point(b, a[1]);
  if (v == kNoVertex) return fail("illegal move: " + not_a_point(b, a[1]));
  Game next = game();
  switch (play_move(next, *c, v, rules().suicide)) {
    case MoveError::kNone: break;
    case MoveError::kOccupied:
      return fail(fmt::format("illegal move: {} is occupied by a {} stone", to_gtp(b, v), color_name(b.at(v))));
    case MoveError::kSuicide:
      return fail(fmt::format("illegal move: {} is suicide, which {} rules forbid", to_gtp(b, v), rules().title));
    case MoveError::kKo: return fail(fmt::format("illegal move: {} retakes the ko at once", to_gtp(b, v)));
    case MoveError::kOffBoard: return fail("illegal move: " + not_a_point(b, a[1]));
  }
  history_.push_back(std::move(next));
  position_changed();
  return ok();
}

Reply Engine::undo(const Args&) {
  if (history_.size() < 2) return fail("cannot undo: no move to take back");
  history_.pop_back();
  position_changed();
  return ok();
}

Reply Engine::with_handicap(std::vector<Vertex> stones) {
  if (!board_empty()) return fail("board not empty: handicap stones go on an empty board (clear_board first)");
  Game g = game();
  set_handicap(g, stones);
  reset(std::move(g));
  std::vector<std::string> names;
  for (Vertex v : stones) names.push_back(to_gtp(game().board, v));
  return ok(join(names));
}

Reply Engine::fixed_handicap(const Args& a) {
  if (a.size() != 1) return fail("fixed_handicap takes a number of stones");
  const Board& b = game().board;
  const std::optional<double> n = parse_number(a[0], 0, b.area(), true);
  int max = 0;
  const std::vector<Vertex> stones = n ? standard_handicap_points(b, static_cast<int>(*n), &max) : std::vector<Vertex>{};
  if (stones.empty())
    return fail(max ? fmt::format("invalid number of stones: {} (fixed placement on {}x{} takes 2 to {})",
                                  quote_input(a[0]), b.width(), b.height(), max)
                    : fmt::format("invalid number of stones: fixed placement has no stones on {}x{}", b.width(),
                                  b.height()));
  return with_handicap(stones);
}

Reply Engine::set_free_handicap(const Args& a) {
  const Board& b = game().board;
  if (a.size() < 2 || static_cast<int>(a.size()) >= b.area())
    return fail(fmt::format("bad vertex list: set_free_handicap takes 2 to {} points", b.area() - 1));
  std::vector<Vertex> stones;
  for (const std::string& s : a) {
    const Vertex v = parse_gtp_point(b, s);
    if (v == kNoVertex) return fail("bad vertex list: " + not_a_point(b, s));
    if (std::find(stones.begin(), stones.end(), v) != stones.end())
      return fail(fmt::format("bad vertex list: {} is given twice", to_gtp(b, v)));
    stones.push_back(v);
  }
  return with_handicap(std::move(stones));
}

Reply Engine::loadsgf(const Args& a) {
  // GoGui quotes a path with spaces ("my games/a.sgf").
  std::string path = a.empty() ? "" : a[0];
  size_t next = 1;
  if (path.starts_with('"')) {
    while (!(path.size() > 1 && path.ends_with('"')) && next < a.size()) path += " " + a[next++];
    if (path.size() > 1 && path.ends_with('"')) path = path.substr(1, path.size() - 2);
  }
  if (a.empty() || a.size() > next + 1) return fail("loadsgf takes a file name and, if wanted, a move number");
  std::optional<double> move_number;
  if (a.size() == next + 1 && !(move_number = parse_number(a[next], 1, 1e9, true)))
    return fail(fmt::format("loadsgf: move number {} is not a whole number from 1", quote(a[next])));
  auto cannot = [&](const std::string& why) { return fail(fmt::format("cannot load {}: {}", quote(path), why)); };
  if (path == "-") return cannot("standard input is the GTP connection");
  std::error_code ec;
  const std::filesystem::file_status st = std::filesystem::status(path, ec);
  if (!ec && std::filesystem::exists(st) && !std::filesystem::is_regular_file(st) &&
      !std::filesystem::is_directory(st))
    return cannot("not a regular file");
  Input input;
  if (const std::string e = read_input(path, input); !e.empty()) return cannot(e);
  const Rules* forced = options_.rules.empty() ? nullptr : find_rules(options_.rules);
  const auto suicide = [&](std::string_view ru) { return rules_for(ru, forced).suicide; };
  try {
    Game end = load_game(input.text(), 0, std::nullopt, suicide);
    if (end.board.width() > 25)
      return cannot(fmt::format("its board is {}x{}: GTP names 25 columns at most (A to Z without I)",
                                end.board.width(), end.board.height()));
    // The position before move_number (GTP), each one before it kept for undo.
    const int last = move_number ? std::min(static_cast<int>(*move_number) - 1, end.moves) : end.moves;
    std::vector<Game> history;
    for (int k = 0; k < last; ++k) history.push_back(load_game(input.text(), 0, k, suicide));
    history.push_back(last == end.moves ? std::move(end) : load_game(input.text(), 0, last, suicide));
    history_ = std::move(history);
  } catch (const std::exception& e) {
    return cannot(e.what());
  }
  width_ = game().board.width();
  height_ = game().board.height();
  komi_ = game().komi;
  position_changed();
  return ok();
}

Reply Engine::showboard(const Args&) {
  const Game& g = game();
  const Board& b = g.board;
  std::string letters = "  ";
  for (int x = 0; x < b.width(); ++x) {
    const std::string p = to_gtp(b, b.vertex(x, 0));
    letters += ' ';
    letters.append(p, 0, p.find_first_of("0123456789"));
  }
  std::string out = "\n" + letters + "\n";
  for (int y = 0; y < b.height(); ++y) {
    const int row = b.height() - y;
    out += fmt::format("{:>2}", row);
    for (int x = 0; x < b.width(); ++x) {
      const Color c = b.at(b.vertex(x, y));
      out += c == Color::kBlack ? " X" : c == Color::kWhite ? " O" : " .";
    }
    out += fmt::format(" {}\n", row);
  }
  out += letters + "\n";
  out += fmt::format("Moves {}; captured by Black (X) {}, by White (O) {}; komi {}; {} rules", g.moves, g.captures[0],
                     g.captures[1], g.komi ? points_text(*g.komi) : "the rules'", rules().name);
  return ok(out);
}

// --- counting ---

Reply Engine::final_score(const Args&) {
  const std::string result = scored().count.result();
  return ok(result == "Draw" ? "0" : result);
}

Reply Engine::final_status_list(const Args& a) {
  const std::string want = a.size() == 1 ? lower(a[0]) : "";
  if (want != "alive" && want != "dead" && want != "seki")
    return fail("final_status_list takes one status: alive, dead or seki");
  const Scored& s = scored();
  const Board& b = game().board;
  // As the count took them: the stones it removed, those in seki, the rest.
  std::vector<uint8_t> done(b.padded_size(), 0);
  std::vector<std::string> lines;
  b.for_each_point([&](Vertex v) {
    if (b.at(v) == Color::kEmpty || done[b.chain_root(v)]) return;
    done[b.chain_root(v)] = 1;
    const std::string status = s.tally.dead[v] ? "dead"
                               : s.tally.classes.cls[v] == PointClass::kSekiStone ? "seki"
                                                                                   : "alive";
    if (status == want) lines.push_back(join(chain_to_gtp(b, v)));
  });
  return ok(join(lines, "\n"));
}

Reply Engine::get_rules(const Args&) {
  const Rules& r = rules();
  for (const KataRules& k : kKataRules)
    if (k.preset == r.name) return ok(std::string(k.json));
  return ok(std::string(r.name));
}

Reply Engine::set_rules(const Args& a) {
  if (a.empty()) return fail("kata-set-rules takes a rule set: " + rule_names() + ", or KataGo's rules JSON");
  const std::string text = join(a);
  std::optional<double> komi;
  std::string error;
  const Rules* r = nullptr;
  if (text.starts_with('{')) {
    r = rules_from_kata_json(text, komi, error);
    if (!r) return fail(fmt::format("rules {}: {}", quote(text), error));
  } else if (kata_only(text) || !(r = find_rules(text))) {
    return fail(fmt::format("unknown rules {} (known: {})", quote(text), rule_names()));
  }
  options_.rules = std::string(r->name);
  if (komi) {
    komi_ = komi;
    for (Game& g : history_) g.komi = komi;
  }
  scored_.reset();
  return ok();
}

Reply Engine::mark(const Args& a, bool dead) {
  std::vector<Vertex>& marks = dead ? dead_ : alive_;
  const Board& b = game().board;
  if (a.empty()) {  // the marks so far, a chain a line
    std::vector<std::string> lines;
    for (Vertex v : marks) lines.push_back(join(chain_to_gtp(b, v)));
    return ok(join(lines, "\n"));
  }
  std::vector<Vertex> stones;
  for (const std::string& s : a) {
    const Vertex v = parse_point(b, s);
    if (v == kNoVertex) return fail(not_a_point(b, s));
    if (b.at(v) == Color::kEmpty) return fail(fmt::format("{} is empty: a mark names a stone", to_gtp(b, v)));
    stones.push_back(v);
  }
  for (Vertex v : stones) {
    for (std::vector<Vertex>* list : {&dead_, &alive_})
      std::erase_if(*list, [&](Vertex m) { return b.chain_root(m) == b.chain_root(v); });
    marks.push_back(v);
  }
  scored_.reset();
  return ok();
}

Reply Engine::mark_dead(const Args& a) { return mark(a, true); }
Reply Engine::mark_alive(const Args& a) { return mark(a, false); }

Reply Engine::unmark(const Args& a) {
  const Board& b = game().board;
  std::vector<Vertex> stones;
  for (const std::string& s : a) {
    const Vertex v = parse_point(b, s);
    if (v == kNoVertex) return fail(not_a_point(b, s));
    stones.push_back(v);
  }
  if (a.empty()) {
    dead_.clear();
    alive_.clear();
  }
  for (Vertex v : stones)
    for (std::vector<Vertex>* list : {&dead_, &alive_})
      std::erase_if(*list, [&](Vertex m) { return b.at(v) != Color::kEmpty && b.chain_root(m) == b.chain_root(v); });
  scored_.reset();
  return ok();
}

Reply Engine::count(const Args& a) {
  if (a.size() > 2) return fail("gocount-count takes a method and a side, if wanted: gocount-count half white");
  if (a.empty()) return ok(score_text(game(), scored_in_full(), {"gtp", 0}));
  ScoreOptions o = options_;
  o.methods = {a[0]};
  if (a.size() == 2) o.side = lower(a[1]);
  ScoreRequest r;
  if (const std::string e = request(o, r); !e.empty()) return fail(e);
  const Scored s = score_game(game(), r);
  std::string out;
  for (const Count& c : s.methods) out += count_table(c) + "\n";
  return ok(out);
}

Reply Engine::compare(const Args& a) {
  if (!a.empty()) return fail("gocount-compare takes no arguments (kata-set-rules and the marks apply)");
  ScoreRequest r;
  if (const std::string e = request(options_, r); !e.empty()) return fail(e);
  return ok(comparison_text(compare_rules(game(), r), {"gtp", 0}));
}

Reply Engine::score_json(const Args&) {
  return ok(gocount::score_json(game(), scored_in_full(), {"gtp", 0})
                .dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
}

// --- GoGui ---

Reply Engine::analyze_commands(const Args&) {
  return ok(
      "gfx/gocount: score (territory, dead, seki)/gocount-gfx\n"
      "sboard/gocount: point classes/gocount-sboard\n"
      "gfx/gocount: ownership/gocount-ownership\n"
      "dboard/gocount: ownership as squares/gocount-ownership-dboard\n"
      "string/gocount: final score/final_score\n"
      "plist/gocount: dead stones/final_status_list dead\n"
      "plist/gocount: seki stones/final_status_list seki\n"
      "hstring/gocount: count step by step/gocount-count\n"
      "hstring/gocount: compare the rule sets/gocount-compare\n"
      "none/gocount: mark dead/gocount-dead %p\n"
      "none/gocount: mark alive/gocount-alive %p\n"
      "none/gocount: clear the marks/gocount-unmark\n"
      "string/gocount: rules/kata-get-rules\n"
      "none/gocount: set the rules/kata-set-rules %s");
}

// GoGui's gfx: territory as BLACK / WHITE (every point that counts for a side
// and is not its stone: empty points, dead stones), MARK the dead stones,
// TRIANGLE the stones in seki, CIRCLE the points that still need a move, TEXT
// the result on the status bar.
Reply Engine::gfx(const Args&) {
  const Scored& s = scored();
  const Game& g = game();
  const Board& b = g.board;
  std::vector<Vertex> black, white, dead, seki, open;
  b.for_each_point([&](Vertex v) {
    const Color on = b.at(v), counts = s.counts_for[v];
    if (counts == Color::kBlack && on != Color::kBlack) black.push_back(v);
    if (counts == Color::kWhite && on != Color::kWhite) white.push_back(v);
    if (s.tally.dead[v]) dead.push_back(v);
    const PointClass c = s.tally.classes.cls[v];
    if (c == PointClass::kSekiStone) seki.push_back(v);
    if (c == PointClass::kTeire || c == PointClass::kUnsealed) open.push_back(v);
  });
  if (s.estimate)
    for (Vertex v : s.estimate->needs_move)
      if (std::find(open.begin(), open.end(), v) == open.end()) open.push_back(v);
  std::string out;
  auto line = [&](std::string_view what, const std::vector<Vertex>& points) {
    if (!points.empty()) out += fmt::format("{} {}\n", what, join(to_gtp(b, points)));
  };
  line("BLACK", black);
  line("WHITE", white);
  line("MARK", dead);
  line("TRIANGLE", seki);
  line("CIRCLE", open);
  out += fmt::format("TEXT {} ({} rules, komi {}; dead stones: {})", s.count.result(), s.rules.name,
                     points_text(s.komi), s.dead_source);
  return ok(out);
}

// GoGui's sboard: the diagram's class of every point (score --format
// diagram), rows from the top; "" on a living stone, which GoGui draws itself.
Reply Engine::sboard(const Args&) {
  const Scored& s = scored();
  const Board& b = game().board;
  std::string out;
  for (int y = 0; y < b.height(); ++y) {
    out += "\n";
    for (int x = 0; x < b.width(); ++x) {
      const Vertex v = b.vertex(x, y);
      const char c = point_symbol(s.tally, v);
      out += x ? " " : "";
      out += c == 'X' || c == 'O' ? std::string("\"\"") : std::string(1, c);
    }
  }
  return ok(out);
}

// GoGui's gfx: every point shaded by who ends up with it (INFLUENCE, in
// [-1, 1], Black positive), the same numbers as score's JSON; the source on
// the status bar.
Reply Engine::ownership(const Args&) {
  const Ownership own = point_ownership(scored());
  const Board& b = game().board;
  std::string out = "INFLUENCE";
  size_t i = 0;
  b.for_each_point([&](Vertex v) { out += fmt::format(" {} {}", to_gtp(b, v), ownership_value(own.values[i++])); });
  return ok(out + "\nTEXT " + ownership_caption(own));
}

// GoGui's dboard: the same numbers as a board, rows from the top.
Reply Engine::ownership_board(const Args&) {
  const std::vector<float> own = point_ownership(scored()).values;
  const Board& b = game().board;
  std::string out;
  for (int y = 0; y < b.height(); ++y) {
    out += "\n";
    for (int x = 0; x < b.width(); ++x) out += fmt::format("{}{}", x ? " " : "", ownership_value(own[y * b.width() + x]));
  }
  return ok(out);
}

void serve(Engine& engine, std::istream& in, std::ostream& out) {
  std::streambuf* buf = in.rdbuf();
  std::string line;
  while (buf) {
    line.clear();
    bool cut = false;
    int c;
    while ((c = buf->sbumpc()) != std::char_traits<char>::eof() && c != '\n') {
      if (line.size() < kMaxLine) line += static_cast<char>(c);
      else cut = true;
    }
    const bool end = c == std::char_traits<char>::eof();
    if (end && line.empty()) return;  // the end of input: a clean exit
    const std::string reply = cut ? engine.too_long(line) : engine.handle_line(line);
    if (!reply.empty() && !(out << reply << std::flush)) return;
    if (engine.quit() || end) return;
  }
}

}  // namespace gocount::gtp
