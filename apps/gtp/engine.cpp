#include "gtp/engine.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <istream>
#include <iterator>
#include <ostream>
#include <stdexcept>


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
std::string quote(std::string_view s) { return fmt::format("'{}'", gocount::quote(s)); }

std::string join(const std::vector<std::string>& v, std::string_view sep = " ") {
  std::string out;
  for (const std::string& s : v) {
    if (!out.empty()) out += sep;
    out += s;
  }
  return out;
}

std::optional<Stone> parse_color(std::string_view s) {
  const std::string c = lower(s);
  if (c == "b" || c == "black") return Stone::black;
  if (c == "w" || c == "white") return Stone::white;
  return std::nullopt;
}

const char* color_name(Stone s) { return s == Stone::black ? "black" : s == Stone::white ? "white" : "empty"; }

// The first stone of each chain, as the counting options name them.
std::vector<std::string> first_stones(const std::vector<std::vector<std::string>>& chains) {
  std::vector<std::string> out;
  for (const auto& c : chains) out.push_back(c.front());
  return out;
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
      {"protocol_version", &Engine::protocol_version, true},
      {"name", &Engine::name, true},
      {"version", &Engine::version, true},
      {"known_command", &Engine::known_command},
      {"list_commands", &Engine::list_commands, true},
      {"quit", &Engine::quit_command},
      {"boardsize", &Engine::boardsize},
      {"clear_board", &Engine::clear_board, true},
      {"komi", &Engine::komi},
      {"get_komi", &Engine::get_komi, true},
      {"play", &Engine::play},
      {"undo", &Engine::undo, true},
      {"fixed_handicap", &Engine::fixed_handicap},
      {"set_free_handicap", &Engine::set_free_handicap},
      {"loadsgf", &Engine::loadsgf},
      {"showboard", &Engine::showboard, true},
      {"final_score", &Engine::final_score, true},
      {"final_status_list", &Engine::final_status_list},
      {"kata-get-rules", &Engine::get_rules, true},
      {"kata-set-rules", &Engine::set_rules},
      {"gocount-dead", &Engine::mark_dead},
      {"gocount-alive", &Engine::mark_alive},
      {"gocount-unmark", &Engine::unmark},
      {"gocount-count", &Engine::count},
      {"gocount-compare", &Engine::compare},
      {"gocount-score-json", &Engine::score_json, true},
      {"gocount-gfx", &Engine::gfx, true},
      {"gocount-sboard", &Engine::sboard, true},
      {"gocount-ownership", &Engine::ownership, true},
      {"gocount-ownership-dboard", &Engine::ownership_board, true},
      {"gogui-analyze_commands", &Engine::analyze_commands, true},
  };
  return commands;
}

std::vector<std::string> Engine::command_names() {
  std::vector<std::string> out;
  for (const Command& c : table()) out.emplace_back(c.name);
  return out;
}

Engine::Engine(Options defaults) : options_(std::move(defaults)) {
  check(options_);
  komi_ = options_.komi;
  options_.komi.reset();  // the game's komi, not an override: the komi command changes it
  reset(Position::new_game(width_, height_));
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
  for (const Command& c : table()) {
    if (c.name != name) continue;
    if (c.no_arguments && !args.empty()) return fail(fmt::format("{} takes no arguments", name));
    return (this->*c.run)(args);
  }
  return fail("unknown command");
}

// --- state ---

RuleSet Engine::rules() const { return rule_set_of(game(), options_.rules); }

bool Engine::board_empty() const {
  const std::vector<Stone> b = game().board();
  return game().moves() == 0 && std::all_of(b.begin(), b.end(), [](Stone s) { return s == Stone::empty; });
}

void Engine::reset(Position p) {
  p.set_komi(komi_);
  history_.clear();
  history_.push_back(std::move(p));
  position_changed();
}

void Engine::position_changed() {
  dead_.clear();
  alive_.clear();
  scored_.reset();
}

Options Engine::counting(Options o) const {
  if (!dead_.empty()) o.dead = first_stones(dead_);
  o.alive = first_stones(alive_);
  // The players' marks, completed by the estimate (unless it is off).
  if ((!dead_.empty() || !alive_.empty()) && o.estimate == "auto") o.estimate = "on";
  return o;
}

const Result& Engine::scored() {
  if (!scored_) {
    // What final_score and the pictures need, fast; gocount-count and
    // gocount-score-json count in full, as gocount score does.
    Options o = counting(options_);
    o.quick = true;
    scored_ = score(game(), o);
  }
  return *scored_;
}

Result Engine::scored_in_full() const { return score(game(), counting(options_)); }

// "not a point of this 19x19 board".
std::string Engine::not_a_point(std::string_view s) const {
  return fmt::format("{} is not a point of this {}x{} board", quote(s), game().width(), game().height());
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
  const std::optional<double> n = read_number(a[0], 2, 25, true);
  if (!n) return fail(fmt::format("boardsize {} is not from 2 to 25", gocount::quote(a[0])));
  width_ = height_ = static_cast<int>(*n);
  reset(Position::new_game(width_, height_));
  return ok();
}

Reply Engine::clear_board(const Args&) {
  reset(Position::new_game(width_, height_));
  return ok();
}

Reply Engine::komi(const Args& a) {
  if (a.size() != 1) return fail("komi takes one number");
  const std::optional<double> k = read_number(a[0], -1000, 1000);
  if (!k) return fail(fmt::format("komi {} is not a number from -1000 to 1000", quote(a[0])));
  Options with_komi;
  with_komi.komi = *k;
  check(with_komi);  // a komi a count can write (six decimals): refused with its line
  komi_ = *k;
  for (Position& p : history_) p.set_komi(komi_);
  scored_.reset();
  return ok();
}

Reply Engine::get_komi(const Args&) { return ok(format_points(scored().komi())); }

Reply Engine::play(const Args& a) {
  if (a.size() != 2) return fail("play takes a colour and a vertex: play black D4, play w pass");
  const std::optional<Stone> c = parse_color(a[0]);
  if (!c) return fail(fmt::format("{} is not a colour (b, black, w, white)", quote(a[0])));
  const std::string v = lower(a[1]) == "pass" ? "pass" : game().gtp_point(a[1]);
  if (v.empty()) return fail("illegal move: " + not_a_point(a[1]));
  Position next = game();
  switch (next.play(*c, v, rules().suicide)) {
    case Illegal::none: break;
    case Illegal::occupied:
      return fail(fmt::format("illegal move: {} is occupied by a {} stone", v, color_name(game().at(v))));
    case Illegal::suicide:
      return fail(fmt::format("illegal move: {} is suicide, which {} rules forbid", v, rules().title));
    case Illegal::ko: return fail(fmt::format("illegal move: {} retakes the ko at once", v));
    case Illegal::off_board: return fail("illegal move: " + not_a_point(a[1]));
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

template <class Stones>
Reply Engine::with_handicap(const Stones& stones) {
  if (!board_empty()) return fail("board not empty: handicap stones go on an empty board (clear_board first)");
  Position p = game();
  const std::vector<std::string> placed = p.place_handicap(stones);
  reset(std::move(p));
  return ok(join(placed));
}

Reply Engine::fixed_handicap(const Args& a) {
  if (a.size() != 1) return fail("fixed_handicap takes a number of stones");
  const Position& p = game();
  const std::optional<double> n = read_number(a[0], 0, p.width() * p.height(), true);
  const int max = p.max_fixed_handicap();
  if (!n || *n < 2 || *n > max)
    return fail(max ? fmt::format("invalid number of stones: {} (fixed placement on {}x{} takes 2 to {})",
                                  gocount::quote(a[0]), p.width(), p.height(), max)
                    : fmt::format("invalid number of stones: fixed placement has no stones on {}x{}", p.width(),
                                  p.height()));
  return with_handicap(static_cast<int>(*n));
}

Reply Engine::set_free_handicap(const Args& a) {
  const int area = game().width() * game().height();
  if (a.size() < 2 || static_cast<int>(a.size()) >= area)
    return fail(fmt::format("bad vertex list: set_free_handicap takes 2 to {} points", area - 1));
  std::vector<std::string> stones;
  for (const std::string& s : a) {
    const std::string v = game().gtp_point(s);
    if (v.empty()) return fail("bad vertex list: " + not_a_point(s));
    if (std::find(stones.begin(), stones.end(), v) != stones.end())
      return fail(fmt::format("bad vertex list: {} is given twice", v));
    stones.push_back(v);
  }
  return with_handicap(stones);
}

namespace {

// The record read to its end; one that cannot be read past a later move is
// read to the position asked for (before `move_number`), which the fault
// does not touch. Past the end: the end, as GNU Go loads it.
Position read_to(const std::string& path, const ReadOptions& read, std::optional<double> move_number) {
  try {
    return read_file(path, read);
  } catch (const Error&) {
    if (!move_number) throw;
    ReadOptions upto = read;
    upto.move = static_cast<int>(*move_number) - 1;
    return read_file(path, upto);
  }
}

}  // namespace

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
  if (a.size() == next + 1 && !(move_number = read_number(a[next], 1, 1e9, true)))
    return fail(fmt::format("loadsgf: move number {} is not a whole number from 1", quote(a[next])));
  auto cannot = [&](const std::string& why) { return fail(fmt::format("cannot load {}: {}", quote(path), why)); };
  if (path == "-") return cannot("standard input is the GTP connection");
  // /dev/stdin, /proc/self/fd/0 and the like: the file the commands come from.
  struct stat in {}, named {};
  if (::fstat(STDIN_FILENO, &in) == 0 && ::stat(path.c_str(), &named) == 0 && in.st_dev == named.st_dev &&
      in.st_ino == named.st_ino)
    return cannot("standard input is the GTP connection");
  std::error_code ec;
  const std::filesystem::file_status st = std::filesystem::status(path, ec);
  if (!ec && std::filesystem::exists(st) && !std::filesystem::is_regular_file(st) &&
      !std::filesystem::is_directory(st))
    return cannot("not a regular file");
  ReadOptions read{.rules = options_.rules};
  try {
    const Position end = read_to(path, read, move_number);
    if (end.width() > 25)
      return cannot(fmt::format("its board is {}x{}: GTP names 25 columns at most (A to Z without I)", end.width(),
                                end.height()));
    // The position before move_number (GTP), each one before it kept for undo.
    const int last = move_number ? std::min(static_cast<int>(*move_number) - 1, end.moves()) : end.moves();
    // The record's text, read once more (read_file took it whole): each move's position from it.
    std::ifstream in(path, std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::vector<Position> history;
    for (int k = 0; k < last; ++k) history.push_back(read_record(text, {.rules = read.rules, .move = k}));
    history.push_back(last == end.moves() ? end : read_record(text, {.rules = read.rules, .move = last}));
    history_ = std::move(history);
  } catch (const Error& e) {
    const std::string_view why = e.what();  // "path: why"
    return cannot(std::string(why.starts_with(path + ": ") ? why.substr(path.size() + 2) : why));
  }
  width_ = game().width();
  height_ = game().height();
  komi_ = game().komi();
  position_changed();
  return ok();
}

Reply Engine::showboard(const Args&) {
  const Position& p = game();
  constexpr std::string_view kColumns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";  // GTP's, no I
  std::string letters = "  ";
  for (int x = 0; x < p.width(); ++x) (letters += ' ') += kColumns[x];
  std::string out = "\n" + letters + "\n";
  const std::vector<Stone> board = p.board();
  for (int y = 0; y < p.height(); ++y) {
    const int row = p.height() - y;
    out += fmt::format("{:>2}", row);
    for (int x = 0; x < p.width(); ++x) {
      const Stone c = board[y * p.width() + x];
      out += c == Stone::black ? " X" : c == Stone::white ? " O" : " .";
    }
    out += fmt::format(" {}\n", row);
  }
  out += letters + "\n";
  out += fmt::format("Moves {}; captured by Black (X) {}, by White (O) {}; komi {}; {} rules", p.moves(),
                     p.captures(Stone::black), p.captures(Stone::white),
                     p.komi() ? format_points(*p.komi()) : "the rules'", rules().name);
  return ok(out);
}

// --- counting ---

Reply Engine::final_score(const Args&) {
  const std::string result = scored().result();
  return ok(result == "Draw" ? "0" : result);
}

Reply Engine::final_status_list(const Args& a) {
  const std::string want = a.size() == 1 ? lower(a[0]) : "";
  if (want != "alive" && want != "dead" && want != "seki")
    return fail("final_status_list takes one status: alive, dead or seki");
  // As the count took them: the stones it removed, those in seki, the rest.
  std::vector<std::string> lines;
  for (const Chain& c : scored().chains()) {
    const std::string status = c.status == Status::dead ? "dead" : c.status == Status::seki ? "seki" : "alive";
    if (status == want) lines.push_back(join(c.stones));
  }
  return ok(join(lines, "\n"));
}

Reply Engine::get_rules(const Args&) {
  const RuleSet r = rules();
  return ok(r.kata_json.empty() ? r.name : r.kata_json);
}

Reply Engine::set_rules(const Args& a) {
  if (a.empty()) return fail("kata-set-rules takes a rule set: " + rule_set_names() + ", or KataGo's rules JSON");
  const KataRules k = read_kata_rules(join(a));  // Error: the answer
  options_.rules = k.rules.name;
  if (k.komi) {
    komi_ = k.komi;
    for (Position& p : history_) p.set_komi(komi_);
  }
  scored_.reset();
  return ok();
}

Reply Engine::mark(const Args& a, bool dead) {
  Chains& marks = dead ? dead_ : alive_;
  if (a.empty()) {  // the marks so far, a chain a line
    std::vector<std::string> lines;
    for (const auto& c : marks) lines.push_back(join(c));
    return ok(join(lines, "\n"));
  }
  Chains chains;
  for (const std::string& s : a) {
    std::vector<std::string> chain;
    try {
      chain = game().chain(s);
    } catch (const Error&) {
      return fail(not_a_point(s));
    }
    if (chain.empty()) {
      const std::string gtp = game().gtp_point(s);
      return fail(fmt::format("{} is empty: a mark names a stone", gtp.empty() ? s : gtp));
    }
    chains.push_back(std::move(chain));
  }
  for (auto& c : chains) {
    for (Chains* list : {&dead_, &alive_}) std::erase(*list, c);
    marks.push_back(std::move(c));
  }
  scored_.reset();
  return ok();
}

Reply Engine::mark_dead(const Args& a) { return mark(a, true); }
Reply Engine::mark_alive(const Args& a) { return mark(a, false); }

Reply Engine::unmark(const Args& a) {
  Chains chains;
  for (const std::string& s : a) {
    try {
      chains.push_back(game().chain(s));
    } catch (const Error&) {
      return fail(not_a_point(s));
    }
    if (chains.back().empty()) {  // as gocount-dead says it
      const std::string gtp = game().gtp_point(s);
      return fail(fmt::format("{} is empty: a mark names a stone", gtp.empty() ? s : gtp));
    }
  }
  if (a.empty()) {
    dead_.clear();
    alive_.clear();
  }
  for (const auto& c : chains)
    for (Chains* list : {&dead_, &alive_}) std::erase(*list, c);
  scored_.reset();
  return ok();
}

Reply Engine::count(const Args& a) {
  if (a.size() > 2) return fail("gocount-count takes a method and a side, if wanted: gocount-count half white");
  if (a.empty()) return ok(scored_in_full().text("gtp", 0));
  Options o = counting(options_);
  o.methods = {a[0]};
  if (a.size() == 2) o.side = lower(a[1]);
  return ok(score(game(), o).method_tables());
}

Reply Engine::compare(const Args& a) {
  if (!a.empty()) return fail("gocount-compare takes no arguments (kata-set-rules and the marks apply)");
  return ok(gocount::compare(game(), counting(options_), {}, "gtp", 0).text);
}

Reply Engine::score_json(const Args&) { return ok(scored_in_full().json("gtp", 0)); }

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

Reply Engine::gfx(const Args&) { return ok(scored().gogui(GoGui::gfx)); }
Reply Engine::sboard(const Args&) { return ok(scored().gogui(GoGui::sboard)); }
Reply Engine::ownership(const Args&) { return ok(scored().gogui(GoGui::ownership)); }
Reply Engine::ownership_board(const Args&) { return ok(scored().gogui(GoGui::ownership_board)); }

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
