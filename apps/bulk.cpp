#include "bulk.h"

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <map>
#include <string_view>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

namespace gocount {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using Json = nlohmann::ordered_json;

// A file by its device and inode: "./a", "a" and a link to it are one.
// None where it does not exist (or, with `regular`, is no regular file).
using FileId = std::pair<dev_t, ino_t>;
std::optional<FileId> file_id(const std::string& path, bool regular = false) {
  struct stat st{};
  if (path.empty() || ::stat(path.c_str(), &st) != 0 || (regular && !S_ISREG(st.st_mode))) return std::nullopt;
  return FileId{st.st_dev, st.st_ino};
}

// One file under two names: the same file_id where both exist, else the
// same path once made absolute and normal.
bool same_file(const std::string& a, const std::string& b) {
  const std::optional<FileId> ia = file_id(a), ib = file_id(b);
  if (ia && ib) return *ia == *ib;
  std::error_code ea, eb;
  const fs::path pa = fs::weakly_canonical(fs::absolute(a), ea), pb = fs::weakly_canonical(fs::absolute(b), eb);
  return !ea && !eb && pa == pb;
}

// A game already in the table: file, game, record hash.
using Key = std::tuple<std::string, int, std::string>;

// What an earlier run found for a game (--resume): enough to count it in
// this run's summary against its recorded result.
struct Earlier {
  std::optional<bool> matches;
  std::optional<double> margin, recorded_margin;
  std::string cause;  // the difference cause's kind, "" for none
};

// A number written by an earlier run, or none.
std::optional<double> number_in(const std::string& text) {
  try {
    return text.empty() ? std::nullopt : std::optional<double>(std::stod(text));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// A game's row against its recorded result; `at` gives a column's value by
// its name ("" for one the row lacks).
template <class At>
Earlier earlier_of(At at) {
  const std::string matches = at("matches");
  return {matches.empty() ? std::nullopt : std::optional<bool>(matches == "true"), number_in(at("margin")),
          read_result(at("recorded_result")), at("difference_cause")};
}

// What became of the games, against the results written in the records.
class Summary {
 public:
  void error(std::string_view kind) {
    ++read_;
    ++errors_[std::string(kind)];
  }
  void unreadable() { ++unreadable_; }
  void skipped(const Earlier& e) {
    ++skipped_;
    counted(e);
  }
  // A game counted in this run.
  void scored(const Earlier& e) {
    ++scored_;
    counted(e);
  }
  int errors() const {
    int n = 0;
    for (const auto& [k, v] : errors_) n += v;
    return n;
  }
  int read() const { return read_; }
  Json json(double seconds) const {
    Json against = Json::object();
    for (const char* k : {"same result", "same winner, another margin", "another winner", "no counted result"}) {
      int total = 0;
      Json causes = Json::object();
      if (auto it = against_.find(k); it != against_.end())
        for (const auto& [cause, n] : it->second) {
          causes[cause] = n;
          total += n;
        }
      against[k] = {{"games", total}, {"by_difference_cause", causes}};
    }
    Json errors = Json::object();
    for (const auto& [k, v] : errors_) errors[k] = v;
    return {{"games_read", read_},
            {"scored", scored_},
            {"skipped", skipped_},
            {"errors", this->errors()},
            {"errors_by_kind", errors},
            {"inputs_unreadable", unreadable_},
            {"against_record", against},
            {"seconds", std::round(seconds * 10) / 10}};
  }
  std::string text(double seconds) const {
    std::string out = fmt::format("gocount: {} game{} read, {} scored, {} skipped, {} error{} in {:.1f} s\n", read_,
                                  read_ == 1 ? "" : "s", scored_, skipped_, errors(), errors() == 1 ? "" : "s", seconds);
    if (skipped_)
      out += fmt::format("  skipped: {} counted by an earlier run (--resume); their results are in the lines below\n",
                         skipped_);
    for (const auto& [k, v] : errors_) out += fmt::format("  errors, {}: {}\n", k, v);
    if (unreadable_) out += fmt::format("  inputs that could not be read: {}\n", unreadable_);
    for (const char* against : {"same result", "same winner, another margin", "another winner", "no counted result"}) {
      const auto it = against_.find(against);
      if (it == against_.end()) continue;
      const auto& causes = it->second;
      int total = 0;
      std::string split;
      for (const auto& [cause, n] : causes) {
        total += n;
        split += fmt::format("{}{} {}", split.empty() ? "" : ", ", cause, n);
      }
      out += fmt::format("  {}: {} ({})\n", against, total, split);
    }
    return out;
  }

 private:
  void counted(const Earlier& e) {
    ++read_;
    against(e.matches, e.recorded_margin, e.margin, e.cause.empty() ? "none" : std::string_view(e.cause));
  }
  // One game against its recorded result. Looked up by view: a key is
  // made only the first time it is met (no heap for a game once warm).
  void against(std::optional<bool> matches, std::optional<double> recorded, std::optional<double> margin,
               std::string_view cause) {
    std::string_view against = "no counted result";
    if (matches && *matches) against = "same result";
    else if (matches && recorded && margin)  // no `matches`: RE is no count (RE[Draw] under komi 0.5), as the text says
      against = (*recorded > 0) == (*margin > 0) && (*recorded < 0) == (*margin < 0) ? "same winner, another margin"
                                                                                    : "another winner";
    auto a = against_.find(against);
    if (a == against_.end()) a = against_.emplace(std::string(against), Counts{}).first;
    auto c = a->second.find(cause);
    if (c == a->second.end()) c = a->second.emplace(std::string(cause), 0).first;
    ++c->second;
  }

  int read_ = 0, scored_ = 0, skipped_ = 0, unreadable_ = 0;
  std::map<std::string, int> errors_;
  using Counts = std::map<std::string, int, std::less<>>;
  std::map<std::string, Counts, std::less<>> against_;
};

// Why a game could not be read: a syntax error (line and column), or a
// record whose content cannot be replayed.
std::string_view error_kind(const std::string& message) {
  return message.find(", column ") != std::string::npos ? "syntax" : "replay";
}

// The `games` table of --sqlite, and the `runs` table with each run's options.
class Table {
 public:
  // The statement finalized first: sqlite3_close refuses a connection with
  // one open, and left it open, the rows stayed in the write-ahead log
  // beside the file (file.db-wal): a copy of the file alone had none.
  ~Table() {
    if (!db_) return;
    commit();
    sqlite3_finalize(insert_);
    sqlite3_close(db_);
  }
  std::string open(const std::string& path, const std::string& command, size_t jobs) {
    if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) return "cannot open: " + std::string(sqlite3_errmsg(db_));
    const char* schema =
        "PRAGMA journal_mode=WAL;"
        "CREATE TABLE IF NOT EXISTS runs(id INTEGER PRIMARY KEY, started TEXT, command TEXT, version TEXT, "
        "jobs INTEGER);"
        "CREATE TABLE IF NOT EXISTS games(file TEXT NOT NULL, game INTEGER NOT NULL, record_hash TEXT, width "
        "INTEGER, height INTEGER, rules TEXT, komi REAL, handicap INTEGER, black_player TEXT, black_rank TEXT, "
        "white_player TEXT, white_rank TEXT, date TEXT, event TEXT, result TEXT, margin REAL, black_score REAL, "
        "white_score REAL, recorded_result TEXT, matches INTEGER, dead_source TEXT, dead_stones TEXT, difference_cause TEXT, difference_text TEXT, "
        "warnings TEXT, error TEXT, run INTEGER REFERENCES runs(id), PRIMARY KEY(file, game));";
    if (std::string e = exec(schema); !e.empty()) return e;
    // A table made by an earlier version gains the columns it lacks.
    for (const char* column : {"black_player TEXT", "black_rank TEXT", "white_player TEXT", "white_rank TEXT",
                               "date TEXT", "event TEXT", "black_score REAL", "white_score REAL", "warnings TEXT"})
      exec(("ALTER TABLE games ADD COLUMN " + std::string(column)).c_str());
    sqlite3_stmt* run = nullptr;
    sqlite3_prepare_v2(db_, "INSERT INTO runs(started, command, version, jobs) VALUES(datetime('now'), ?, ?, ?)", -1,
                       &run, nullptr);
    sqlite3_bind_text(run, 1, command.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(run, 2, "gocount 0.2", -1, SQLITE_STATIC);
    sqlite3_bind_int64(run, 3, static_cast<sqlite3_int64>(jobs));
    const int rc = sqlite3_step(run);
    sqlite3_finalize(run);
    if (rc != SQLITE_DONE) return sqlite3_errmsg(db_);
    run_ = sqlite3_last_insert_rowid(db_);
    std::string cols;  // add() binds row_columns() in order, then the run
    for (const std::string& c : row_columns()) cols += c + ", ";
    cols += "run";
    std::string marks = "?";
    for (size_t n = std::count(cols.begin(), cols.end(), ','); n > 0; --n) marks += ",?";
    if (sqlite3_prepare_v2(db_, ("INSERT OR REPLACE INTO games(" + cols + ") VALUES(" + marks + ")").c_str(),
                           -1, &insert_, nullptr) != SQLITE_OK)
      return sqlite3_errmsg(db_);
    return "";
  }
  std::map<Key, Earlier> keys() {
    std::map<Key, Earlier> out;
    sqlite3_stmt* q = nullptr;
    sqlite3_prepare_v2(db_,
                       "SELECT file, game, record_hash, matches, margin, recorded_result, difference_cause FROM games "
                       "WHERE error IS NULL",
                       -1, &q, nullptr);
    while (sqlite3_step(q) == SQLITE_ROW) {
      auto text = [&](int i) {
        const unsigned char* t = sqlite3_column_text(q, i);
        return t ? std::string(reinterpret_cast<const char*>(t)) : std::string();
      };
      auto null = [&](int i) { return sqlite3_column_type(q, i) == SQLITE_NULL; };
      Earlier e;
      if (!null(3)) e.matches = sqlite3_column_int(q, 3) != 0;
      if (!null(4)) e.margin = sqlite3_column_double(q, 4);
      e.recorded_margin = read_result(text(5));
      e.cause = text(6);
      out.emplace(Key{text(0), sqlite3_column_int(q, 1), text(2)}, std::move(e));
    }
    sqlite3_finalize(q);
    return out;
  }
  // One row (row_columns()'s values, "" for NULL); a transaction every 500 rows.
  std::string add(const std::vector<std::string>& values) {
    if (pending_ == 0)
      if (std::string e = exec("BEGIN"); !e.empty()) return e;
    static const std::vector<std::string> names = row_columns();
    int i = 0;
    for (size_t k = 0; k < values.size(); ++k) bind(++i, names[k], values[k]);
    sqlite3_bind_int64(insert_, ++i, run_);
    const int rc = sqlite3_step(insert_);
    sqlite3_reset(insert_);
    if (rc != SQLITE_DONE) return sqlite3_errmsg(db_);
    if (++pending_ >= 500) return commit();
    return "";
  }
  std::string commit() {
    if (pending_ == 0) return "";
    pending_ = 0;
    return exec("COMMIT");
  }

 private:
  // A value by its column's type: INTEGER (matches: 1 or 0), REAL or TEXT.
  void bind(int i, std::string_view name, const std::string& v) {
    if (v.empty()) {
      sqlite3_bind_null(insert_, i);
    } else if (name == "game" || name == "width" || name == "height" || name == "handicap") {
      sqlite3_bind_int64(insert_, i, std::stoll(v));
    } else if (name == "matches") {
      sqlite3_bind_int64(insert_, i, v == "true");
    } else if (name == "komi" || name == "margin" || name == "black_score" || name == "white_score") {
      sqlite3_bind_double(insert_, i, std::stod(v));
    } else {
      sqlite3_bind_text(insert_, i, v.c_str(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    }
  }
  std::string exec(const char* sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) == SQLITE_OK) return "";
    std::string e = error ? error : "sqlite error";
    sqlite3_free(error);
    return e;
  }
  sqlite3* db_ = nullptr;
  sqlite3_stmt* insert_ = nullptr;
  sqlite3_int64 run_ = 0;
  int pending_ = 0;
};

// Every column gocount writes, in order: a new CSV's columns.
std::vector<size_t> all_columns() {
  std::vector<size_t> out(row_columns().size());
  for (size_t k = 0; k < out.size(); ++k) out[k] = k;
  return out;
}

// The columns a CSV's header line names, as indices into row_columns():
// an older gocount wrote fewer (no players), and --resume keeps to them.
// All of them for a file with no header; "" or the problem.
std::string csv_columns(const std::string& path, std::vector<size_t>& columns) {
  std::ifstream in(path);
  std::string line;
  columns = all_columns();
  if (!std::getline(in, line)) return "";
  const auto header = from_csv(line);
  if (!header || header->empty() || (*header)[0] != "file") return "";
  const std::vector<std::string> known = row_columns();
  columns.clear();
  for (const std::string& name : *header) {
    const auto k = std::find(known.begin(), known.end(), name);
    if (k == known.end())
      return fmt::format("its CSV column '{}' is not one gocount writes: start a new file to count into", name);
    columns.push_back(k - known.begin());
  }
  return "";
}

// Why --resume cannot go on in -o FILE in `format`: the games already
// counted are read back from a table (CSV or JSON lines) of the same form,
// and a table of the other form, or text, would be appended to as if it
// were one (rows of two forms in one file, every game counted again).
std::string resume_format(const std::string& path, const std::string& format) {
  if (format != "csv" && format != "json")
    return "--resume reads back what it wrote, a table: give --format csv or json (" + format + " is not one)";
  std::ifstream in(path);
  std::string first;
  if (!std::getline(in, first) || first.empty()) return "";
  const bool json = first.front() == '{', csv = first.starts_with("file,");
  if ((format == "csv" && json) || (format == "json" && csv))
    return fmt::format("holds {}: --resume goes on in the same form (--format {})", json ? "JSON lines" : "CSV",
                       json ? "json" : "csv");
  if (!json && !csv) return "holds neither CSV nor JSON lines written by gocount: start a new file to count into";
  return "";
}

// A CSV row's value in the column `name`, of a file with `columns`
// (csv_columns); "" where the file has no such column.
std::string csv_value(const std::vector<std::string>& row, const std::vector<size_t>& columns, std::string_view name) {
  const std::vector<std::string>& names = row_columns();
  const auto k = std::find(columns.begin(), columns.end(), std::find(names.begin(), names.end(), name) - names.begin());
  return k == columns.end() ? "" : row[k - columns.begin()];
}

// The games an earlier run wrote to -o FILE (JSON lines, or CSV in
// `columns`), found by their columns' names.
std::map<Key, Earlier> keys_in_output(const std::string& path, bool csv, const std::vector<size_t>& columns) {
  std::map<Key, Earlier> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (csv) {
      const auto v = from_csv(line);
      if (!v || v->size() != columns.size() || (*v)[0] == "file") continue;
      auto at = [&](std::string_view name) { return csv_value(*v, columns, name); };
      const std::optional<double> game = number_in(at("game"));
      if (!game || !at("error").empty()) continue;
      out.emplace(Key{at("file"), static_cast<int>(*game), at("record_hash")}, earlier_of(at));
      continue;
    }
    const Json j = Json::parse(line, nullptr, false);
    if (!j.is_object() || !j.contains("record_hash") || j.contains("error")) continue;
    Earlier e;
    if (j.contains("matches_record") && j["matches_record"].is_boolean()) e.matches = j["matches_record"].get<bool>();
    if (j.contains("margin") && j["margin"].is_number()) e.margin = j["margin"].get<double>();
    e.recorded_margin = read_result(j.value("recorded_result", ""));
    if (j.contains("difference_cause") && j["difference_cause"].is_object())
      e.cause = j["difference_cause"].value("kind", "");
    out.emplace(Key{j.value("file", ""), j.value("game", -1), j.value("record_hash", "")}, std::move(e));
  }
  return out;
}

// A table an earlier run stopped writing mid-line (killed, the disk full):
// the cut line is dropped, and its game is counted again; one that holds
// no whole line is emptied. Sets `note` to what the user is told; returns
// "" or the error.
std::string drop_cut_line(const std::string& path, std::string& note) {
  std::ifstream in(path, std::ios::binary);
  in.seekg(0, std::ios::end);
  const std::streamoff size = in ? static_cast<std::streamoff>(in.tellg()) : 0;
  char last = '\n';
  if (size <= 0 || (in.seekg(size - 1) && in.get(last) && last == '\n')) return "";
  std::streamoff keep = 0, pos = size;
  std::string chunk;
  while (pos > 0 && keep == 0) {  // back to the last line end
    const std::streamoff n = std::min<std::streamoff>(pos, 1 << 16);
    pos -= n;
    chunk.resize(static_cast<size_t>(n));
    in.seekg(pos);
    in.read(chunk.data(), n);
    if (const size_t at = chunk.rfind('\n'); at != std::string::npos) keep = pos + static_cast<std::streamoff>(at) + 1;
  }
  in.close();
  std::error_code ec;
  fs::resize_file(path, static_cast<uintmax_t>(keep), ec);
  if (ec) return "its last line is cut short, and cannot be dropped: " + ec.message();
  note = "its last line was cut short (a run stopped while writing it): dropped, and its game counted again";
  return "";
}

// --resume appends, so a game counted again (an error retried, a record
// changed since) leaves its earlier row behind. The table is written again
// with the last row of each game, and without a row for a whole file (it
// could not be read) that a later row of the file replaces. Returns "" or
// the error.
std::string keep_last_rows(const std::string& path, bool csv, const std::vector<size_t>& columns) {
  std::vector<std::string> lines;
  std::vector<std::optional<std::pair<std::string, std::string>>> keys;  // file, game ("" for a whole file)
  {
    std::ifstream in(path, std::ios::binary);
    for (std::string line; std::getline(in, line);) lines.push_back(std::move(line));
  }
  for (const std::string& line : lines) {
    std::optional<std::pair<std::string, std::string>> key;
    if (csv) {
      if (const auto v = from_csv(line); v && v->size() == columns.size() && (*v)[0] != "file")
        key.emplace(csv_value(*v, columns, "file"), csv_value(*v, columns, "game"));
    } else if (const Json j = Json::parse(line, nullptr, false); j.is_object() && j.contains("file")) {
      key.emplace(j.value("file", ""), j.contains("game") ? j["game"].dump() : "");
    }
    keys.push_back(std::move(key));
  }
  std::map<std::pair<std::string, std::string>, size_t> last;
  std::map<std::string, size_t> last_of_file;
  for (size_t i = 0; i < keys.size(); ++i)
    if (keys[i]) last[*keys[i]] = i, last_of_file[keys[i]->first] = i;
  auto kept = [&](size_t i) {
    return !keys[i] || (last[*keys[i]] == i && (!keys[i]->second.empty() || last_of_file[keys[i]->first] == i));
  };
  size_t dropped = 0;
  for (size_t i = 0; i < lines.size(); ++i) dropped += !kept(i);
  if (dropped == 0) return "";
  const std::string tmp = path + ".gocount-tmp";
  {
    std::ofstream o(tmp, std::ios::binary | std::ios::trunc);
    for (size_t i = 0; i < lines.size(); ++i)
      if (kept(i)) o << lines[i] << '\n';
    if (!o.flush()) return "cannot write " + tmp + ": " + std::strerror(errno);
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  return ec ? "cannot replace it: " + ec.message() : "";
}

// A text file in a folder that holds a diagram (notes and licences beside
// the records do not).
bool holds_diagram(const fs::path& file) {
  try {
    Collection c(file.string());
    Entry e;
    return c.is_diagram() && c.next(e) && e.position;
  } catch (const std::exception&) {
    return false;
  }
}

// The inputs, each folder replaced by the records in it and its folders, in
// name order: .sgf files, and .txt files that hold a diagram. A folder with
// none stays, to be reported.
std::vector<std::string> with_folders_read(const std::vector<std::string>& inputs) {
  std::vector<std::string> out;
  for (const std::string& input : inputs) {
    std::error_code ec;
    if (input == "-" || !fs::is_directory(input, ec)) {
      out.push_back(input);
      continue;
    }
    std::vector<std::string> found, left_out;
    for (fs::recursive_directory_iterator it(input, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
      std::string ext = it->path().extension().string();
      std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
      std::error_code file_ec;
      if (!it->is_regular_file(file_ec) || (ext != ".sgf" && ext != ".txt")) continue;
      (ext == ".sgf" || holds_diagram(it->path()) ? found : left_out).push_back(it->path().string());
    }
    std::sort(found.begin(), found.end());
    std::sort(left_out.begin(), left_out.end());
    if (!left_out.empty())
      std::cerr << fmt::format("gocount: {}: {} .txt file{} that hold{} no diagram left out ({}{})\n", shown_path(input),
                               left_out.size(), left_out.size() == 1 ? "" : "s", left_out.size() == 1 ? "s" : "",
                               shown_path(left_out.front()), left_out.size() > 1 ? ", ..." : "");
    if (found.empty()) found.push_back(input);
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

// One input being read, and written back with --write-sgf.
struct FileState {
  std::string name, path;
  std::string shown;  // the name as a game's text shows it (quote_name)
  std::string named;  // ... as an error line names it (shown_path)
  std::optional<Collection> games;
  // --write-sgf: the record rewritten, game by game, with the bytes between
  // the games copied as they were.
  std::string sgf;          // the rewritten text (UTF-8; encoded at the end)
  size_t copied = 0;        // the input text up to here is in `sgf`
  std::string target;       // where it goes
  bool collection = false;  // more than one game: each game's text names it
};

struct Job {
  std::shared_ptr<FileState> file;
  int index = 0;
  std::optional<Position> game;
  std::string error, record_hash;
  size_t begin = 0, end = 0;  // the game's record in the file's text
  bool mark = false;          // written back with what was found (--write-sgf, --in-place)
  bool end_of_file = false;
  std::string file_error;  // the input as a whole: unreadable, or no game N in it
  std::optional<Earlier> earlier;  // --resume: counted by an earlier run, skipped
  // Filled by a worker.
  bool scored = false;  // counted (else `error` says why)
  std::vector<std::string> row;  // its values in row_columns(), where a table or a CSV of some columns needs them
  Earlier against;               // the game against its record, for the summary
  std::string out;         // what is printed for the game
  std::string sgf;         // the game rewritten (--write-sgf)
  std::string mark_error;  // why it could not be (a position before the record's end)
  std::string result_withheld;  // why RE was not written where it would be (mark_record)
  std::vector<std::string> warnings;  // --brief: the record's warnings, for standard error
  bool done = false;
};

// Games in flight per worker: enough that one slow game (a record check
// trying many markings) at the front does not leave the workers idle, few
// enough that memory stays flat (a game in flight is a few kilobytes).
constexpr size_t kWindowPerWorker = 32;

class Pipeline {
 public:
  explicit Pipeline(const BulkOptions& o) : o_(o) {}

  int run() {
    const std::vector<std::string> files = with_folders_read(o_.files);
    if (std::string e = prepare(files); !e.empty()) {
      std::cerr << "gocount: " << e << "\n";
      return 2;
    }
    start_ = last_progress_ = Clock::now();
    many_files_ = files.size() > 1;
    for (const std::string& f : files) total_bytes_ += file_size(f);
    // --jobs N: N - 1 workers, and this thread, which reads the games,
    // scores one too whenever the window is full (a thread more than the
    // cores, each switching in and out at every game, cost a third).
    if (o_.jobs > 1)
      for (size_t i = 0; i + 1 < o_.jobs; ++i) workers_.emplace_back([this] { work_loop(); });
    for (const std::string& f : files) read_file(f);
    drain(0);
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    work_ready_.notify_all();
    for (std::thread& t : workers_) t.join();
    if (table_) fail_if(table_->commit(), o_.sqlite);
    out().flush();
    if (!out()) fail_if("cannot write: " + std::string(std::strerror(errno)), o_.output.empty() ? "standard output" : o_.output);
    if (o_.resume && !o_.output.empty() && out()) {
      file_.close();
      fail_if(keep_last_rows(o_.output, o_.format == "csv", csv_columns_), o_.output);
    }
    if (o_.progress_lines) progress(true);  // the last line: where the run ended
    if (progress_shown_) std::cerr << "\r\033[K";
    const double seconds = std::chrono::duration<double>(Clock::now() - start_).count();
    if (!o_.quiet && summary_.read() > 1) std::cerr << summary_.text(seconds);
    if (!o_.summary.empty()) {
      std::ofstream s(o_.summary);
      s << summary_.json(seconds).dump(-1, ' ', false, Json::error_handler_t::replace) << "\n";
      if (!s.flush()) fail_if("cannot write the summary: " + std::string(std::strerror(errno)), o_.summary);
    }
    // --keep-going: what could not be read is in the rows; only a failure to write fails the run.
    return failures_ || (!o_.keep_going && (unread_ || summary_.errors())) ? 1 : 0;
  }

 private:
  std::string prepare(const std::vector<std::string>& files) {
    const std::vector<std::pair<std::string, std::string>> outputs = {
        {"-o", o_.output}, {"--sqlite", o_.sqlite}, {"--summary", o_.summary}};
    if (std::string e = outputs_clash(outputs); !e.empty()) return e;
    std::vector<std::string> inputs = files;
    if (!o_.files_from.empty()) inputs.push_back(o_.files_from);
    if (std::string e = output_is_input(outputs, inputs); !e.empty()) return e;
    if (std::string e = writes_over_input(files); !e.empty()) return e;
    if (o_.resume && o_.sqlite.empty() && o_.output.empty())
      return "--resume needs what the earlier run wrote: --sqlite FILE or -o FILE";
    if (o_.resume && !o_.write_sgf.empty()) return "--resume does not go with --write-sgf (a record is written whole)";
    if (o_.in_place && !o_.write_sgf.empty()) return "--in-place rewrites the inputs: give it or --write-sgf DIR, not both";
    if (o_.in_place && std::find(o_.files.begin(), o_.files.end(), "-") != o_.files.end())
      return "--in-place cannot rewrite standard input";
    if (!o_.write_sgf.empty()) {
      std::error_code ec;
      fs::create_directories(o_.write_sgf, ec);
      if (ec || !fs::is_directory(o_.write_sgf))
        return "--write-sgf " + shown_path(o_.write_sgf) + ": cannot make the directory";
    }
    if (!o_.sqlite.empty()) {
      table_ = std::make_unique<Table>();
      if (std::string e = table_->open(o_.sqlite, o_.command, o_.jobs); !e.empty())
        return "--sqlite " + shown_path(o_.sqlite) + ": " + e;
      if (o_.resume) done_ = table_->keys();
    }
    if (!o_.output.empty()) {
      const bool csv = o_.format == "csv";
      const std::string o = "-o " + shown_path(o_.output) + ": ";
      if (o_.resume) {
        std::string note;
        if (std::string e = drop_cut_line(o_.output, note); !e.empty()) return o + e;
        if (!note.empty()) std::cerr << "gocount: " << o << note << "\n";
        if (std::string e = resume_format(o_.output, o_.format); !e.empty()) return o + e;
      }
      if (o_.resume && fs::exists(o_.output)) {
        if (csv)
          if (std::string e = csv_columns(o_.output, csv_columns_); !e.empty()) return o + e;
        done_.merge(keys_in_output(o_.output, csv, csv_columns_));
      }
      std::error_code ec;
      const bool append = o_.resume && fs::is_regular_file(o_.output, ec) && fs::file_size(o_.output, ec) > 0;
      if (std::string e = open_output(o_.output, file_, append); !e.empty()) return e;
      header_written_ = append;
    }
    return "";
  }

  std::ostream& out() { return o_.output.empty() ? std::cout : file_; }

  static size_t file_size(const std::string& f) {
    struct stat st{};
    return f != "-" && ::stat(f.c_str(), &st) == 0 && S_ISREG(st.st_mode) ? static_cast<size_t>(st.st_size) : 0;
  }

  // `where`: the path written, or "standard output".
  void fail_if(const std::string& error, const std::string& where) {
    if (error.empty()) return;
    std::cerr << "gocount: " << shown_path(where) << ": " << error << "\n";
    ++failures_;
  }

  void read_file(const std::string& path) {
    auto f = std::make_shared<FileState>();
    f->path = path;
    f->name = path == "-" ? "<stdin>" : path;
    f->shown = path == "-" ? f->name : quote_name(path);
    f->named = path == "-" ? f->name : shown_path(path);
    std::error_code ec;
    if (path != "-" && fs::is_directory(path, ec)) {
      file_error(f, "a folder with no .sgf record or .txt diagram in it", "unreadable input");
      return;
    }
    try {
      f->games.emplace(path, ReadOptions{o_.options.rules, 0, o_.move});
    } catch (const Error& e) {
      file_error(f, input_error(e, f->name), "unreadable input");
      return;
    }
    Collection& games = *f->games;
    // A text diagram has no place for marks: --write-sgf copies it as it is,
    // --in-place leaves it.
    const bool rewrite = (!o_.write_sgf.empty() || o_.in_place) && !games.is_diagram();
    if (rewrite) f->target = o_.in_place ? path : written_path(path);
    if (!o_.write_sgf.empty() && games.is_diagram()) f->target = written_path(path);
    bool first = true;
    const std::string missing = each_game(games, o_.game, [&](Entry& e) {
      // Another game after this one or before it ('(' starts one): the texts name theirs.
      if (first && !games.is_diagram())
        f->collection = e.index > 0 || games.text().find('(', e.end) != std::string_view::npos;
      first = false;
      std::shared_ptr<Job> job = new_job(f);
      job->index = e.index;
      job->game.swap(e.position);  // e gets the game of a job written before, to read the next one into
      job->error = std::move(e.error);
      job->record_hash = e.record_hash;
      job->begin = e.begin;
      job->end = e.end;
      job->mark = rewrite && e.end > 0;
      if (!done_.empty() && job->game)  // --resume: counted by an earlier run?
        if (const auto it = done_.find({f->name, e.index, e.record_hash}); it != done_.end()) job->earlier = it->second;
      submit(std::move(job));
    });
    if (!missing.empty()) file_error(f, missing, "");
    std::shared_ptr<Job> end = new_job(f);
    end->end_of_file = true;
    end->done = true;
    submit(std::move(end));
  }

  // Where --write-sgf puts an input: its path under DIR (games/a.sgf as
  // DIR/games/a.sgf), so that inputs of the same name in other folders do
  // not meet; "..", and the root of an absolute path, dropped. Refused
  // where that would write over an input (DIR its own folder: that is
  // --in-place, which the user did not ask for; or another input lying
  // under DIR), or two inputs onto one file (../in/a.sgf and in/a.sgf).
  std::string writes_over_input(const std::vector<std::string>& files) const {
    if (o_.write_sgf.empty()) return "";
    std::map<FileId, const std::string*> inputs;
    for (const std::string& f : files)
      if (const std::optional<FileId> id = f == "-" ? std::nullopt : file_id(f)) inputs.emplace(*id, &f);
    std::map<std::string, const std::string*> targets;
    const std::string dir = "--write-sgf " + shown_path(o_.write_sgf) + ": ";
    for (const std::string& f : files) {
      const std::string target = written_path(f);
      if (const std::optional<FileId> id = file_id(target))
        if (const auto it = inputs.find(*id); it != inputs.end())
          return *it->second == f ? dir + "would write " + shown_path(f) +
                                        " over itself: give another directory (--in-place rewrites the inputs)"
                                  : dir + "would write " + shown_path(f) + " over the input " +
                                        shown_path(*it->second) + ": give another directory";
      const auto [it, added] = targets.emplace(target, &f);
      if (!added && !same_file(*it->second, f))
        return dir + shown_path(*it->second) + " and " + shown_path(f) + " would both be written to " +
               shown_path(target) + ": write them in separate runs or to separate directories";
    }
    return "";
  }

  std::string written_path(const std::string& path) const {
    if (path == "-") return (fs::path(o_.write_sgf) / "stdin.sgf").string();
    fs::path rel;
    for (const fs::path& part : fs::path(path).lexically_normal().relative_path())
      if (part != "..") rel /= part;
    return (fs::path(o_.write_sgf) / rel).string();
  }

  // A problem with a whole input, written in its place among the games.
  void file_error(const std::shared_ptr<FileState>& f, const std::string& error, std::string_view kind) {
    std::shared_ptr<Job> job = new_job(f);
    job->file_error = error;
    job->error = kind;
    job->done = true;
    submit(std::move(job));
  }

  // A job for the next game: one written before, with its strings' storage
  // (the output above all, which grows to a game's size), else a new one.
  std::shared_ptr<Job> new_job(const std::shared_ptr<FileState>& f) {
    std::shared_ptr<Job> job;
    if (spare_jobs_.empty()) {
      job = std::make_shared<Job>();
    } else {
      job = std::move(spare_jobs_.back());
      spare_jobs_.pop_back();
    }
    job->file = f;
    return job;
  }
  // A job written, kept for new_job where no worker still holds it: all of
  // it set afresh but for the storage of its strings, emptied, and its game,
  // which the next game read is read into (see read_file).
  void recycle(std::shared_ptr<Job>&& job) {
    if (job.use_count() != 1) return;
    Job fresh;
    for (std::string Job::*kept : {&Job::out, &Job::sgf, &Job::record_hash}) {
      fresh.*kept = std::move((*job).*kept);
      (fresh.*kept).clear();
    }
    fresh.game = std::move(job->game);
    *job = std::move(fresh);
    spare_jobs_.push_back(std::move(job));
  }

  // Into the window; written in order as they are done. Taken by value: the
  // window holds it alone once no worker does (see recycle).
  void submit(std::shared_ptr<Job> job) {
    if (!job->end_of_file && job->file_error.empty()) {
      if (o_.jobs <= 1) {
        work(*job);
        job->done = true;
      } else {
        std::lock_guard lock(mutex_);
        queue_.push_back(job);
        work_ready_.notify_one();
      }
    }
    window_.push_back(std::move(job));
    drain(o_.jobs <= 1 ? 0 : o_.jobs * kWindowPerWorker);
  }

  // Writes the finished jobs at the front; waits while more than `keep` are in flight.
  void drain(size_t keep) {
    while (!window_.empty()) {
      std::shared_ptr<Job> front = window_.front();
      {
        std::unique_lock lock(mutex_);
        while (!front->done) {
          if (window_.size() <= keep) return;
          // Rather than wait, the reading thread scores a waiting game.
          if (queue_.empty()) {
            job_done_.wait(lock, [&] { return front->done; });
            break;
          }
          const std::shared_ptr<Job> job = std::move(queue_.front());
          queue_.pop_front();
          lock.unlock();
          work(*job);
          lock.lock();
          job->done = true;
        }
      }
      window_.pop_front();
      write(*front);
      recycle(std::move(front));
    }
  }

  void work_loop() {
    for (;;) {
      std::shared_ptr<Job> job;
      {
        std::unique_lock lock(mutex_);
        work_ready_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) return;
        job = std::move(queue_.front());
        queue_.pop_front();
      }
      work(*job);
      {
        std::lock_guard lock(mutex_);
        job->done = true;
      }
      job_done_.notify_all();
    }
  }

  // Scores one game and makes everything written for it (on a worker).
  // Each thread counts into a Result it holds across games, whose storage
  // is used again (score's reuse form), and writes with the append forms: a
  // new Result a game cost the CLI about 11 heap blocks a record, a CSV line
  // made from the row's values 11 more (valgrind, KGS2001, --no-estimate).
  void work(Job& job) {
    if (!job.game || job.earlier) return;
    const std::string& name = job.file->name;
    thread_local std::optional<Result> held;
    try {
      if (held) score(*job.game, o_.options, *held);
      else held = score(*job.game, o_.options);
      const Result& r = *held;
      // The whole row (every column as text, the cause in words) only where
      // it is written: the summary needs four values (a row a game was about
      // 3% of a --no-estimate run, and most of its heap).
      if (table_ || (o_.format == "csv" && csv_columns_ != every_column_)) job.row = r.row(name, job.index);
      job.against = {r.matches_record(), r.margin(), read_result(r.recorded_result()), r.difference_cause()};
      job.out.clear();
      if (!o_.report) {
      } else if (o_.format == "json") {
        r.append_json(job.out, name, job.index);
        job.out += '\n';
      } else if (o_.format == "csv" && csv_columns_ == every_column_) {
        r.append_csv(job.out, name, job.index);  // every column, in the row's order (the row's own CSV)
      } else if (o_.format == "csv") {
        job.out = csv_row(job.row);
      } else {
        r.append_text_as(job.out, job.file->shown, job.index, text_options(*job.file));
        // --brief has no room for the warnings the full text lists: said on standard error.
        if (o_.text.brief) job.warnings = r.warnings();
      }
      job.scored = true;
    } catch (const std::invalid_argument& e) {
      job.scored = false;
      job.error = e.what();
      return;
    }
    if (job.mark) mark(job, *held);
  }

  // The game's record with what was found; a position before the record's
  // end (--move) is not written in, and says so.
  void mark(Job& job, const Result& scored) const {
    const std::string_view record = job.file->games->text().substr(job.begin, job.end - job.begin);
    try {
      job.sgf = mark_record(record, 0, scored, false, o_.set_result, &job.result_withheld);
    } catch (const Error& e) {
      job.mark_error = e.what();
    }
  }

  // The text formats' options for a game of `f`: its answer line names it
  // when there are several files or games.
  TextOptions text_options(const FileState& f) const {
    TextOptions t = o_.text;
    t.named = many_files_ || f.collection;
    return t;
  }

  void csv_header() {
    if (!o_.report || o_.format != "csv" || header_written_) return;
    out() << gocount::csv_header();
    header_written_ = true;
  }

  // A row in the output file's columns (an older gocount's, resumed, may be fewer).
  std::string csv_row(const std::vector<std::string>& values) const {
    std::vector<std::string> kept;
    for (size_t k : csv_columns_) kept.push_back(values[k]);
    return to_csv(kept);
  }

  // A game that could not be read or counted, as a row of the CSV and the table.
  void add_rows(const std::vector<std::string>& row) {
    if (o_.report && o_.format == "csv") {
      csv_header();
      out() << csv_row(row);
    }
    if (table_) fail_if(table_->add(row), o_.sqlite);
  }

  // Prints one game's answer, in input order (on the reading thread).
  void write(Job& job) {
    FileState& f = *job.file;
    if (!job.file_error.empty()) {
      std::cerr << "gocount: " << f.named << ": " << job.file_error << "\n";
      if (o_.report && o_.format == "json") out() << json_error(f.name, std::nullopt, job.file_error) << "\n";
      // --keep-going: a row of its own, under the game asked for (or 0,
      // which a later run replaces once the input can be read).
      if (o_.keep_going) add_rows(error_values(f.name, o_.game.value_or(0), "", job.file_error));
      ++unread_;
      if (job.error == "unreadable input") summary_.unreadable();
      bytes_done_ += file_size(f.path);
      return;
    }
    if (job.end_of_file) {
      finish_file(f);
      bytes_done_ += file_size(f.path);
      current_file_bytes_ = 0;
      job.file.reset();
      return;
    }
    csv_header();
    if (job.earlier) {
      summary_.skipped(*job.earlier);
    } else if (!job.scored) {
      std::cerr << "gocount: " << f.named << ": game " << job.index << ": " << job.error << "\n";
      if (o_.report && o_.format == "json") out() << json_error(f.name, job.index, job.error) << "\n";
      add_rows(error_values(f.name, job.index, job.record_hash, job.error));
      summary_.error(job.game ? "count" : error_kind(job.error));
    } else {
      // A blank line between two games' texts (not for one line a game).
      const bool text = o_.format == "text" || o_.format == "diagram";
      if (o_.report && text && !o_.text.brief) out() << (printed_ ? "\n" : "");
      if (o_.report) out() << job.out;
      for (const std::string& w : job.warnings) std::cerr << fmt::format("gocount: {}: game {}: warning: {}\n", f.named, job.index, w);
      printed_ = true;
      if (table_) fail_if(table_->add(job.row), o_.sqlite);
      summary_.scored(job.against);
    }
    if (!job.sgf.empty()) {  // the bytes before it as they were, then the game marked
      f.sgf.append(f.games->text().substr(f.copied, job.begin - f.copied));
      f.sgf += job.sgf;
      f.copied = job.end;
    }
    if (!job.mark_error.empty()) {
      std::cerr << fmt::format("gocount: {}: game {}: not written into the record: {}\n", f.named, job.index,
                               job.mark_error);
      ++failures_;
    }
    if (!job.result_withheld.empty() && !o_.quiet)  // a note, not a failure: the marks and the comment are written
      std::cerr << fmt::format("gocount: {}: game {}: RE not written: {}\n", f.named, job.index, job.result_withheld);
    current_file_bytes_ = job.end;
    progress(false);
  }

  // The record written back whole: through a temporary file, then renamed
  // over the file. --in-place rewrites the file a link points to, with its
  // permissions (a private record stays private); a file with other names
  // (hard links) is written over, so that every name keeps the new record.
  void finish_file(FileState& f) {
    if (f.target.empty()) return;
    f.sgf.append(f.games->text().substr(f.copied));
    const std::string bytes = f.games->encode(f.sgf);
    std::error_code ec;
    fs::path target = f.target;
    if (o_.in_place && fs::is_symlink(target, ec)) target = fs::canonical(target, ec);
    struct stat st{};
    const bool existing = o_.in_place && ::stat(target.c_str(), &st) == 0;
    const fs::path tmp = target.string() + ".gocount-tmp";
    fs::create_directories(target.parent_path(), ec);
    {
      std::ofstream o(tmp, std::ios::binary | std::ios::trunc);
      o << bytes;
      if (!o.flush()) {
        fail_if("cannot write: " + std::string(std::strerror(errno)), tmp.string());
        return;
      }
    }
    ec.clear();
    if (existing) fs::permissions(tmp, static_cast<fs::perms>(st.st_mode & 07777), ec);
    if (!ec && existing && st.st_nlink > 1) {
      fs::copy_file(tmp, target, fs::copy_options::overwrite_existing, ec);
      if (!ec) fs::remove(tmp, ec);
    } else if (!ec) {
      fs::rename(tmp, target, ec);
    }
    if (ec) fail_if("cannot replace: " + ec.message(), target.string());
    f.sgf.clear();
  }

  void progress(bool force) {
    if (!o_.progress) return;
    const auto now = Clock::now();
    // Only for a run long enough to wait for: never for one quick game. Lines
    // (a log, not a terminal) less often.
    const auto every = std::chrono::milliseconds(o_.progress_lines ? 5000 : 250);
    if (!force && (now - last_progress_ < every || now - start_ < std::chrono::seconds(1))) return;
    last_progress_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    const int games = summary_.read();
    const double rate = seconds > 0 ? games / seconds : 0;
    const size_t done = bytes_done_ + current_file_bytes_;
    std::string left;
    if (total_bytes_ > 0 && done > 0 && done < total_bytes_) {
      const double remaining = seconds * (static_cast<double>(total_bytes_) / done - 1);
      left = remaining >= 60 ? fmt::format(", about {} min {} s left", static_cast<int>(remaining) / 60,
                                           static_cast<int>(remaining) % 60)
                             : fmt::format(", about {} s left", static_cast<int>(remaining + 0.5));
    }
    const std::string line = fmt::format("{} games, {:.0f}/s, {} error{}{}{}", games, rate, summary_.errors(),
                                         summary_.errors() == 1 ? "" : "s",
                                         total_bytes_ ? fmt::format(", {:.0f}% read", 100.0 * done / total_bytes_) : "",
                                         left);
    if (o_.progress_lines) {
      std::cerr << "gocount: " << line << std::endl;
    } else {
      std::cerr << "\r\033[K" << line << std::flush;
      progress_shown_ = true;
    }
  }

  const BulkOptions& o_;
  std::ofstream file_;
  bool header_written_ = false, printed_ = false;
  bool many_files_ = false;  // each game's text names its file
  std::unique_ptr<Table> table_;
  std::map<Key, Earlier> done_;
  std::vector<size_t> csv_columns_ = all_columns();  // the -o CSV's, as csv_columns() reads them
  const std::vector<size_t> every_column_ = all_columns();
  Summary summary_;
  int failures_ = 0;  // something could not be written
  int unread_ = 0;    // inputs that could not be read (or lack the game asked for)
  // The window of games in flight, and the workers.
  std::deque<std::shared_ptr<Job>> window_, queue_;
  std::vector<std::shared_ptr<Job>> spare_jobs_;  // written, for new_job (the reading thread's alone)
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable work_ready_, job_done_;
  bool stopping_ = false;
  bool progress_shown_ = false;
  // Progress.
  Clock::time_point start_, last_progress_;
  size_t total_bytes_ = 0, bytes_done_ = 0, current_file_bytes_ = 0;
};

}  // namespace

std::string open_output(const std::string& path, std::ofstream& file, bool append) {
  if (path.empty()) return "";
  std::error_code ec;
  if (fs::is_directory(path, ec))
    return "-o " + shown_path(path) + ": is a directory; this format writes one stream: give a file";
  file.open(path, std::ios::binary | (append ? std::ios::app : std::ios::trunc));
  if (!file) return "-o " + shown_path(path) + ": cannot write: " + std::strerror(errno);
  return "";
}

std::string outputs_clash(const std::vector<std::pair<std::string, std::string>>& outputs) {
  for (size_t i = 0; i < outputs.size(); ++i)
    for (size_t j = i + 1; j < outputs.size(); ++j)
      if (!outputs[i].second.empty() && !outputs[j].second.empty() && same_file(outputs[i].second, outputs[j].second))
        return fmt::format("{} {}: is also the {} file: one would be written over the other; give each its own file",
                           outputs[j].first, shown_path(outputs[j].second), outputs[i].first);
  return "";
}

std::string output_is_input(const std::vector<std::pair<std::string, std::string>>& outputs,
                            const std::vector<std::string>& inputs) {
  // Compared by file_id: "./a.sgf", "a.sgf" and a link to it are one file.
  std::vector<std::pair<const std::pair<std::string, std::string>*, FileId>> existing;
  for (const auto& o : outputs)
    if (const std::optional<FileId> id = file_id(o.second, true)) existing.emplace_back(&o, *id);
  if (existing.empty()) return "";
  for (const std::string& input : inputs) {
    const std::optional<FileId> id = input == "-" ? std::nullopt : file_id(input);
    for (const auto& [output, output_id] : existing)
      if (id == output_id)
        return fmt::format("{} {}: is also an input ({}): writing it would destroy the record; give another file",
                           output->first, shown_path(output->second), shown_path(input));
  }
  return "";
}

int run_bulk(const BulkOptions& options) { return Pipeline(options).run(); }

namespace {

// The character at the start of `s` if a terminal shows it as nothing: a
// BOM (U+FEFF), a zero-width space, joiner or direction mark (U+200B-U+200F,
// U+2060). Each is three bytes in UTF-8.
std::optional<unsigned> invisible_at(std::string_view s) {
  if (s.starts_with("\xEF\xBB\xBF")) return 0xfeff;
  if (s.starts_with("\xE2\x81\xA0")) return 0x2060;
  const auto third = s.size() >= 3 ? static_cast<unsigned char>(s[2]) : 0;
  if (s.starts_with("\xE2\x80") && third >= 0x8b && third <= 0x8f) return 0x2000 + (third & 0x3f);
  return std::nullopt;
}

}  // namespace

std::string shown_path(std::string_view path) {
  std::string out;
  bool odd = !path.empty() && (path.front() == ' ' || path.back() == ' ');
  size_t from = 0;
  for (size_t i = 0; i < path.size(); ++i)
    if (const std::optional<unsigned> c = invisible_at(path.substr(i))) {
      out += quote_name(path.substr(from, i - from)) + fmt::format("\\u{:04x}", *c);
      from = i + 3;
      i += 2;
      odd = true;
    }
  out += quote_name(path.substr(from));
  return odd ? "'" + out + "'" : out;
}

std::string input_error(const Error& e, const std::string& name) {
  const std::string_view what = e.what();
  return what.starts_with(name + ": ") ? std::string(what.substr(name.size() + 2)) : std::string(what);
}

}  // namespace gocount
