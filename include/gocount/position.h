// A game's final position with what counting needs (prisoners, passes,
// komi, the record's rules, result and dead-stone marks): read from an SGF
// record, a collection one game at a time, or a text diagram, or set up by
// hand.
#pragma once

#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gocount/error.h"
#include "gocount/version.h"

GOCOUNT_BEGIN_NAMESPACE

// A point's stone. The values are KataGo's ownership signs.
enum class Stone : signed char { white = -1, empty = 0, black = 1 };

// Why a move could not be played (Illegal::none: it was).
enum class Illegal : unsigned char { none, occupied, suicide, ko, off_board };

// How a record is read (the command's --rules, --game and --move).
struct ReadOptions {
  // The rule set it will be counted under ("": the record's RU): whether a
  // suicide in the moves is legal.
  std::string rules{};
  int game = 0;              // which game of a collection (read_record, read_file)
  // The position after this move of the main line (0: the start; Error
  // below 0, or past the record's moves); none: the end.
  std::optional<int> move{};
};

// A moved-from Position holds no game: every call on it but assignment
// throws Error ("a moved-from Position holds no game ...").
class GOCOUNT_API Position {
 public:
  // An empty board set up by hand (1 to 52 points a side; Error otherwise):
  //
  //   gocount::Position p(9, 9);
  //   p.place(gocount::Stone::black, "C3 D4 E5");
  //   p.place(gocount::Stone::white, "F6 G7");
  //   p.mark_dead("G7");
  //   p.set_komi(7);
  Position(int width, int height);
  // An empty board to play on (Error as above): a game, which the count
  // tells by its moves, not a position set up by hand.
  //
  //   gocount::Position g = gocount::Position::new_game(19, 19);
  //   g.play(gocount::Stone::black, "Q16");
  static Position new_game(int width, int height);
  Position(const Position& other);
  Position(Position&& other) noexcept;
  Position& operator=(const Position& other);
  Position& operator=(Position&& other) noexcept;
  ~Position();

  int width() const;
  int height() const;
  // x from the left, y from the top, both from 0; or one point in GTP
  // ("D4") or SGF ("dd") form. Error for a point not on the board, "" or
  // more than one ("D4 E5"). GTP's letters name 25 columns: on a wider
  // board points are in SGF form ("aa", "ZZ").
  Stone at(int x, int y) const;
  Stone at(std::string_view point) const;
  // Every point, row by row from the top (index y * width + x).
  std::vector<Stone> board() const;

  // Puts stones on (Stone::empty takes them off), as a record's setup does:
  // nothing is captured. Points in GTP or SGF form, separated by spaces or
  // commas: p.place(Stone::black, "D4 E5,F6"). Every point is checked
  // first: an Error leaves the board as it was.
  void place(Stone stone, std::string_view points);
  // Marks the chains through these points dead, as a record's TB/TW marks
  // do. Error for a point with no stone, and then none is marked.
  void mark_dead(std::string_view points);
  // none: the rules' default. Error, as Options::komi, for a komi not from
  // -1000 to 1000 or with more than six decimals (NaN, infinity).
  void set_komi(std::optional<double> komi);
  // The rules as a record's RU names them ("Japanese", "chinese", "AGA",
  // "Japanese (1989)"); "" none (Chinese). Error at once for a name no rule
  // set answers to ("rules 'moon': no rule set of that name (known: ...)"),
  // where a record's unknown RU is counted under Chinese with a warning.
  // On a position set up by hand, a spelling that is no rule set's own name
  // is kept as the name ("Japanese (1989)" -> "japanese").
  void set_rules(std::string_view rules);
  // 0 to the board's points less one, as a record's HA; Error otherwise.
  void set_handicap(int stones);
  // Stones each side captured during play (prisoners taken before the end):
  // each 0 to 1000000 (a captured stone is a move played); Error otherwise.
  void set_captures(int by_black, int by_white);

  // Plays a move as a game does: captures, prisoners, the ko (retaken at
  // once: illegal); "pass" passes. `point` in GTP form ("D4"). An illegal
  // move leaves the position as it was and says why:
  //
  //   if (g.play(gocount::Stone::white, "D4", gocount::rule_set_of(g).suicide) == gocount::Illegal::ko) ...
  Illegal play(Stone stone, std::string_view point, bool suicide_legal = false);
  // The point `vertex` names in GTP form ("d4" -> "D4"), or "" when it names
  // no point of this board ("pass" and SGF's "dd" name none).
  std::string gtp_point(std::string_view vertex) const;
  // The stones of the chain through `point` (GTP or SGF form), as chains
  // are written ("C4 C5 D4"); none on an empty point. Error for a point not
  // on the board.
  std::vector<std::string> chain(std::string_view point) const;

  // Black's handicap stones on an empty board (Error when it is not): at
  // the standard points (GTP's fixed placement: 2 to max_fixed_handicap();
  // Error on a board that has none, under 7x7 or not square), or at points
  // of one's own (distinct, one a string, GTP or SGF form). Returns where
  // they went, in GTP form.
  //
  //   gocount::Position g = gocount::Position::new_game(19, 19);
  //   g.place_handicap(4);  // {"D4", "Q16", "D16", "Q4"}
  std::vector<std::string> place_handicap(int stones);
  std::vector<std::string> place_handicap(const std::vector<std::string>& points);
  // The most stones fixed placement puts on this board: 9 on odd square
  // boards from 9x9, 4 on other square ones from 7x7, else 0.
  int max_fixed_handicap() const;

  std::optional<double> komi() const;  // none: the rules' default
  std::string rules() const;           // as the record writes it ("": none)
  std::string result() const;          // the record's RE ("": none)
  int handicap() const;
  int moves() const;                   // moves played, passes included
  int captures(Stone by) const;        // stones `by` captured in play

 private:
  Position();
  struct Impl;
  Impl& self() const;  // Error for a moved-from position
  std::unique_ptr<Impl> impl_;
  friend struct Access;
};

// The first game (or options.game) of SGF text or a text diagram. Error with
// where the problem is: "game 0: line 3, column 7: ...".
//
//   gocount::Position p = gocount::read_record("(;SZ[9]KM[7]AB[cc]AW[gg])");
GOCOUNT_API Position read_record(std::string_view text, const ReadOptions& options = {});
// The same from a file ("-": standard input). Error: "game.sgf: is a directory".
//
//   gocount::Position p = gocount::read_file("game.sgf", {.rules = "japanese"});
GOCOUNT_API Position read_file(const std::string& path, const ReadOptions& options = {});

// One game of a collection: its position, or why it could not be read.
struct Entry {
  int index = 0;                    // from 0, in the file's order
  std::optional<Position> position{};  // none when the game could not be read
  std::string error{};               // then what is wrong and where: "line 12, column 4: ..."
  std::string record_hash{};         // of the game's own text (the CSV's record_hash)
  // Where the game is in Collection::text(): its record from `begin` (its
  // '(') to `end`, both 0 when it was not found.
  size_t begin = 0, end = 0;
};

// Every game of a file, read one at a time as they are asked for: memory
// stays flat however large the collection (the file is mapped and the pages
// read are handed back). A broken game is an Entry with its error, and the
// games after it are still read. A moved-from Collection throws Error from
// every call.
//
//   for (const gocount::Entry& e : gocount::Collection("archive.sgf"))
//     if (e.position) std::cout << gocount::score(*e.position).result() << "\n";
class GOCOUNT_API Collection {
 public:
  // Error when the file cannot be read as a whole: the path ("<stdin>" for
  // "-"), ": " and why ("big.sgf: cannot read: No such file or directory").
  // options.game is ignored.
  explicit Collection(const std::string& path, const ReadOptions& options = {});
  // SGF text or a diagram held in memory.
  static Collection from_text(std::string text, const ReadOptions& options = {});
  Collection(Collection&&) noexcept;
  Collection& operator=(Collection&&) noexcept;
  ~Collection();

  // The next game into `entry`; false after the last (`entry.position` then
  // empty). The game `entry` held lends its storage to the next one, which
  // goes into the same Position: a loop over an archive needs no heap for
  // its games once warm.
  //
  //   gocount::Collection c("archive.sgf");
  //   for (gocount::Entry e; c.next(e);) std::cout << e.index << (e.position ? "" : " " + e.error) << "\n";
  bool next(Entry& entry);
  bool is_diagram() const;

  // The text read, as UTF-8 (a UTF-16 file converted), valid while the
  // collection lives (pages handed back are read again when touched); and
  // text written back in the input's own encoding. To write a collection
  // back with its games marked, every other byte as it was:
  //
  //   std::string out;
  //   size_t copied = 0;
  //   for (gocount::Entry e; c.next(e);)
  //     if (e.position) {
  //       const std::string_view record = c.text().substr(e.begin, e.end - e.begin);
  //       out += std::string(c.text().substr(copied, e.begin - copied)) +
  //              gocount::mark_record(record, 0, gocount::score(*e.position));
  //       copied = e.end;
  //     }
  //   std::ofstream("marked.sgf", std::ios::binary) << c.encode(out + std::string(c.text().substr(copied)));
  std::string_view text() const;
  std::string encode(std::string_view utf8) const;

  class iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Entry;
    using difference_type = std::ptrdiff_t;
    using pointer = const Entry*;
    using reference = const Entry&;
    iterator() = default;
    explicit iterator(Collection* c) : c_(c) { ++*this; }
    const Entry& operator*() const { return entry_; }
    const Entry* operator->() const { return &entry_; }
    iterator& operator++() {
      if (c_ && !c_->next(entry_)) c_ = nullptr;
      return *this;
    }
    void operator++(int) { ++*this; }
    bool operator==(const iterator& o) const { return c_ == o.c_; }

   private:
    Collection* c_ = nullptr;
    Entry entry_;
  };
  iterator begin() { return iterator(this); }
  iterator end() { return iterator(); }

 private:
  Collection();
  struct Impl;
  Impl& self() const;  // Error for a moved-from collection
  std::unique_ptr<Impl> impl_;
};

// The games of SGF text or a diagram, for a program to choose one: a JSON
// array, one object a game, with its index, the root's PB, PW, RE, DT and
// RU, and its width, height and moves, or its error (`gocount serve`'s
// /api/games). More than `limit` games throws an Error: a list to choose
// from, not an archive.
//
//   std::cout << gocount::games_json(sgf) << "\n";  // [{"game":0,"PB":"Honinbo Shusaku",...}]
GOCOUNT_API std::string games_json(std::string_view text, int limit = 100000);

GOCOUNT_END_NAMESPACE
