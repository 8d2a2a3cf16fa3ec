// The pictures as a user sees them: the files --steps -o DIR writes and their
// names, the refusals without -o, PNG through librsvg, the marks and legends
// of the SVG, and the numbers of the fill-in steps against the text output.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "count/score.h"
#include "diagram/diagram.h"
#include "report/png.h"
#include "report/svg.h"
#include "run_gocount.h"

namespace gocount {
namespace {

namespace fs = std::filesystem;
using gocount_test::Output;
using gocount_test::run_gocount;
using gocount_test::slurp;

class Pictures : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::current_path(GOCOUNT_SOURCE_DIR);
    dir_ = fs::temp_directory_path() / ("gocount_pictures_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The files of a folder, sorted by name.
  static std::vector<std::string> files(const fs::path& d) {
    std::set<std::string> names;
    if (fs::is_directory(d))
      for (const auto& e : fs::directory_iterator(d)) names.insert(e.path().filename().string());
    return {names.begin(), names.end()};
  }

  // The steps of a game as the command writes them (SVG), by file name.
  std::vector<std::pair<std::string, std::string>> steps(const std::string& args) {
    const fs::path out = dir_ / "steps";
    fs::remove_all(out);
    const Output r = run_gocount("score --format svg --steps -o " + out.string() + " " + args);
    EXPECT_EQ(r.status, 0) << r.err;
    std::vector<std::pair<std::string, std::string>> svgs;
    for (const std::string& f : files(out)) svgs.emplace_back(f, slurp(out / f));
    return svgs;
  }

  fs::path dir_;
};

// The picture without its legend (whose samples are drawn as on the board).
std::string board_part(const std::string& svg) { return svg.substr(0, svg.find("<g id=\"legend\">")); }

// The words above the board, its lines joined.
std::string caption(const std::string& svg) {
  std::string out;
  const std::regex re("class=\"(?:title|text)\">([^<]*)<");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), re); it != std::sregex_iterator(); ++it) {
    if (!out.empty()) out += ' ';
    out += (*it)[1].str();
  }
  return out;
}

int count(const std::string& s, const std::string& what) {
  int n = 0;
  for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

// The legend's words, one a row.
std::vector<std::string> legend(const std::string& svg) {
  std::vector<std::string> out;
  const std::regex re("class=\"legend\">([^<]*)<");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), re); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1]);
  return out;
}

bool legend_has(const std::string& svg, const std::string& words) {
  for (const std::string& l : legend(svg))
    if (l.find(words) != std::string::npos) return true;
  return false;
}

// The sum of the region counts written for one side ("b" or "w").
int region_sum(const std::string& svg, const char* side) {
  const std::regex re(std::string("class=\"num-") + side + "\">(\\d+)<");
  int sum = 0;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), re); it != std::sregex_iterator(); ++it)
    sum += std::stoi((*it)[1]);
  return sum;
}

// A row of a text table: its two numbers (Black, White).
std::pair<int, int> row(const std::string& text, const std::string& label) {
  std::smatch m;
  const std::regex re("\n  " + label + " +\\+?(\\d+) +\\+?(\\d+)\n");
  EXPECT_TRUE(std::regex_search(text, m, re)) << label << " not in\n" << text;
  if (m.empty()) return {-1, -1};
  return {std::stoi(m[1]), std::stoi(m[2])};
}

uint32_t big_endian(const std::string& s, size_t at) {
  return (uint32_t(uint8_t(s[at])) << 24) | (uint32_t(uint8_t(s[at + 1])) << 16) |
         (uint32_t(uint8_t(s[at + 2])) << 8) | uint32_t(uint8_t(s[at + 3]));
}

// Where the board puts a point (GTP form, "E6"): the centre of its cell,
// from the grid's lines (the first vertical and horizontal ones are column A
// and the top row); 26 pixels between lines.
struct Spot {
  double x, y;
};
Spot centre_of(const std::string& svg, const std::string& point) {
  const std::regex line_re("<line x1=\"(\\d+)\" y1=\"(\\d+)\" x2=\"(\\d+)\" y2=\"(\\d+)\" class=\"line\"/>");
  int columns = 0, rows = 0;
  double left = 0, top = 0;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), line_re); it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    if (m[1] == m[3] && columns++ == 0) left = std::stod(m[1]), top = std::stod(m[2]);
    if (m[2] == m[4]) ++rows;  // a horizontal line: a row
  }
  const int column = std::string("ABCDEFGHJKLMNOPQRST").find(point[0]);
  return {left + 26 * column, top + 26 * (rows - std::stoi(point.substr(1)))};
}

// The area an element of the board covers (x0, y0, x1, y1): a rect's, a
// circle's, a line's with its stroke; a path's, polygon's or text's first
// point only.
std::optional<std::array<double, 4>> extent(const std::string& element) {
  auto attr = [&](const char* name) {
    std::smatch m;
    const std::regex re(std::string(" ") + name + "=\"([-0-9.]+)\"");
    return std::regex_search(element, m, re) ? std::optional<double>(std::stod(m[1])) : std::nullopt;
  };
  // A position left out is 0, as SVG reads it (the board's background
  // rect has no x); a size left out leaves the element unplaced.
  auto at = [&](const char* name) { return attr(name).value_or(0); };
  if (element.starts_with("<rect")) {
    const auto w = attr("width"), h = attr("height");
    if (!w || !h) return std::nullopt;
    return std::array{at("x"), at("y"), at("x") + *w, at("y") + *h};
  }
  if (element.starts_with("<circle")) {
    const auto r = attr("r");
    if (!r) return std::nullopt;
    return std::array{at("cx") - *r, at("cy") - *r, at("cx") + *r, at("cy") + *r};
  }
  if (element.starts_with("<line")) {
    const double w = attr("stroke-width").value_or(1) / 2;
    return std::array{std::min(at("x1"), at("x2")) - w, std::min(at("y1"), at("y2")) - w,
                      std::max(at("x1"), at("x2")) + w, std::max(at("y1"), at("y2")) + w};
  }
  std::smatch m;
  if (std::regex_search(element, m, std::regex("(?:d=\"M|points=\"|<text x=\")([-0-9.]+)[ ,\"](?: y=\")?([-0-9.]+)"))) {
    const double x = std::stod(m[1]), y = std::stod(m[2]);
    return std::array{x, y, x, y};
  }
  return std::nullopt;
}

// The elements of the board (one a line) drawn within a point's cell.
std::vector<std::string> drawn_at(const std::string& svg, const std::string& point) {
  const std::string board = board_part(svg);
  const Spot c = centre_of(board, point);
  std::vector<std::string> out;
  std::istringstream in(board);
  for (std::string l; std::getline(in, l);) {
    const auto e = extent(l);
    if (e && l.find("class=\"line\"") == std::string::npos && (*e)[0] >= c.x - 13 && (*e)[2] <= c.x + 13 &&
        (*e)[1] >= c.y - 13 && (*e)[3] <= c.y + 13)
      out.push_back(l);
  }
  return out;
}

// Whether one of `elements` has `what` in it.
bool any_has(const std::vector<std::string>& elements, const std::string& what) {
  return std::any_of(elements.begin(), elements.end(),
                     [&](const std::string& e) { return e.find(what) != std::string::npos; });
}

TEST_F(Pictures, StepsWriteOneFileEachNamedAfterTheInput) {
  const fs::path out = dir_ / "new" / "folder";  // made as needed
  const Output r = run_gocount("score --format svg --steps -o " + out.string() + " examples/example.sgf");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(files(out), (std::vector<std::string>{"example-1-dead.svg", "example-2-removed.svg",
                                                   "example-3-territory.svg", "example-4-fill-in.svg",
                                                   "example-5-count.svg", "example-6-result.svg"}));
  for (const std::string& f : files(out)) {
    const std::string svg = slurp(out / f);
    EXPECT_EQ(svg.rfind("<svg ", 0), 0u) << f;
    EXPECT_EQ(count(svg, "<svg "), 1) << f;
  }
  // A collection: one set per game, named by the game's number as the text names it.
  const fs::path many = dir_ / "many";
  const Output c = run_gocount("score --format svg --steps --rules chinese -o " + many.string() +
                               " tests/data/collection_bad_games.sgf");
  EXPECT_EQ(c.status, 1);  // two of its games are broken: reported, the others drawn
  std::set<std::string> prefixes;
  for (const std::string& f : files(many)) prefixes.insert(f.substr(0, f.find('-', f.find("-g") + 1)));
  EXPECT_EQ(prefixes, (std::set<std::string>{"collection_bad_games-g0", "collection_bad_games-g3"}));
  EXPECT_TRUE(fs::exists(many / "collection_bad_games-g0-1-final.svg"));
  // The game --game names is named by its number too: a second --game writes
  // beside the first, not over it.
  const fs::path picked = dir_ / "picked";
  for (const char* g : {"0", "3"})
    EXPECT_EQ(run_gocount(std::string("score --format svg --steps --rules chinese --game ") + g + " -o " +
                          picked.string() + " tests/data/collection_bad_games.sgf")
                  .status,
              0);
  EXPECT_TRUE(fs::exists(picked / "collection_bad_games-g0-1-final.svg"));
  EXPECT_TRUE(fs::exists(picked / "collection_bad_games-g3-1-final.svg"));
  // Without --steps, one picture a game in the folder.
  const fs::path each = dir_ / "each";
  EXPECT_EQ(run_gocount("score --format svg -o " + each.string() + "/ examples/example.sgf tests/data/two_sekis.txt")
                .status,
            0);
  EXPECT_EQ(files(each), (std::vector<std::string>{"example.svg", "two_sekis.svg"}));
}

TEST_F(Pictures, SeveralPicturesNeedADirectory) {
  Output r = run_gocount("score --format svg --steps examples/example.sgf");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "gocount: --steps draws one picture per step: add -o DIR to write them as files\n");
  r = run_gocount("score --format svg examples/example.sgf tests/data/two_sekis.txt");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");  // no picture written before the refusal
  EXPECT_EQ(r.err, "gocount: several games make several pictures, and standard output takes one: add -o DIR to "
                   "write one file each\n");
  const fs::path file = dir_ / "one.svg";
  fs::create_directories(dir_);
  r = run_gocount("score --format png -o " + file.string() + " examples/example.sgf tests/data/two_sekis.txt");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gocount: -o " + file.string() +
                       ": several games make several pictures: give a directory (-o DIR/)\n");
  EXPECT_FALSE(fs::exists(file));
  r = run_gocount("score --steps examples/example.sgf");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gocount: --steps draws pictures: use it with --format svg or png\n");
  // One picture goes to standard output, or to the file -o names.
  r = run_gocount("score --format svg examples/example.sgf");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(count(r.out, "<svg "), 1);
  EXPECT_EQ(run_gocount("score --format svg -o " + file.string() + " examples/example.sgf").status, 0);
  EXPECT_EQ(slurp(file), r.out);
}

TEST_F(Pictures, StreamFormatsGoToTheFileOfDashO) {
  fs::create_directories(dir_);
  const fs::path file = dir_ / "out.jsonl";
  Output r = run_gocount("score --format json -o " + file.string() + " examples/example.sgf tests/data/two_sekis.txt");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(count(slurp(file), "\n"), 2);
  r = run_gocount("compare -o " + file.string() + " examples/example.sgf");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(slurp(file), run_gocount("compare examples/example.sgf").out);
  r = run_gocount("score -o " + dir_.string() + " examples/example.sgf");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gocount: -o " + dir_.string() + ": is a directory; this format writes one stream: give a file\n");
}

TEST_F(Pictures, PngHasItsMagicAndOneAndAHalfTimesTheSvgSize) {
  const Output svg = run_gocount("score --format svg examples/example.sgf");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(svg.out, m, std::regex("width=\"(\\d+)\" height=\"(\\d+)\"")));
  const Output png = run_gocount("score --format png examples/example.sgf");  // a pipe, not a terminal
  EXPECT_EQ(png.status, 0) << png.err;
  ASSERT_GT(png.out.size(), 24u);
  EXPECT_EQ(png.out.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_EQ(png.out.substr(12, 4), "IHDR");
  EXPECT_EQ(big_endian(png.out, 16), (3 * std::stoul(m[1]) + 1) / 2);  // 1.5 times, rounded up
  EXPECT_EQ(big_endian(png.out, 20), (3 * std::stoul(m[2]) + 1) / 2);
  const fs::path out = dir_ / "png";
  EXPECT_EQ(run_gocount("score --format png --steps -o " + out.string() + " tests/data/two_sekis.txt").status, 0);
  const std::vector<std::string> names = files(out);
  ASSERT_FALSE(names.empty());
  for (const std::string& f : names) {
    EXPECT_TRUE(f.ends_with(".png")) << f;
    EXPECT_EQ(slurp(out / f).substr(1, 3), "PNG") << f;
  }
}

TEST(Png, BadDataFromLibrsvgIsOneLineNeverACrash) {
  for (const std::string& bad :
       {std::string("not svg at all"), std::string("<svg xmlns=\"http://www.w3.org/2000/svg\""), std::string(),
        std::string("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\"/>"),
        std::string("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"900000\" height=\"10\"/>"),
        std::string("\xff\xfe<\0s\0v\0g\0", 10)}) {
    std::string error;
    EXPECT_EQ(svg_to_png(bad, 2, &error), "") << bad;
    EXPECT_FALSE(error.empty()) << bad;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  }
  std::string error;
  const std::string png =
      svg_to_png("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"3\" height=\"2\"/>", 1, &error);
  EXPECT_EQ(error, "");
  EXPECT_EQ(big_endian(png, 16), 3u);
}

TEST_F(Pictures, AStepWithNothingInItIsLeftOut) {
  // No dead stones: no "removed"; no seki: no "seki"; Chinese rules: no fill-in.
  std::vector<std::string> names;
  for (const auto& [name, svg] : steps("--rules chinese --no-estimate tests/data/seki_three_shared.txt"))
    names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"seki_three_shared-1-final.svg", "seki_three_shared-2-seki.svg",
                                             "seki_three_shared-3-territory.svg", "seki_three_shared-4-result.svg"}));
  // Japanese rules, no prisoners at all: nothing to fill in, the count stays.
  names.clear();
  for (const auto& [name, svg] : steps("--rules japanese tests/data/mays_example5.txt")) names.push_back(name);
  for (const std::string& n : names) EXPECT_EQ(n.find("fill-in"), std::string::npos) << n;
  EXPECT_TRUE(names.back().ends_with("-result.svg"));
}

TEST_F(Pictures, DeadBlackAndDeadWhiteStonesLookDifferent) {
  const std::string svg = run_gocount("score --format svg examples/example.sgf").out;
  const std::string board = board_part(svg);
  // A faded stone of its own colour, crossed in the colour of the side that takes it.
  EXPECT_EQ(count(board, "class=\"sb dead\""), 1);
  EXPECT_EQ(count(board, "class=\"sw dead\""), 1);
  EXPECT_EQ(count(board, "class=\"taken-w\""), 1);  // the dead black stone: White takes it
  EXPECT_EQ(count(board, "class=\"taken-b\""), 1);
  EXPECT_TRUE(legend_has(svg, "dead black stone"));
  EXPECT_TRUE(legend_has(svg, "dead white stone"));
  // Shared liberties have their own mark, not the dead stones'.
  EXPECT_FALSE(legend_has(svg, "shared liberty"));
}

// A dead stone is drawn crossed where it stood, with no mark of its point on
// top (tests/data/seki_dead_stone.txt: B7 lies in a seki eye; its square on
// the cross read as one glyph; a dame's dot likewise).
TEST_F(Pictures, NoMarkIsDrawnOverADeadStone) {
  const std::string board = board_part(run_gocount("score --format svg --rules chinese tests/data/seki_dead_stone.txt").out);
  EXPECT_EQ(count(board, "class=\"sw dead\""), 1);
  EXPECT_EQ(count(board, "class=\"m eye"), 2) << "A7 and F7, not B7 under the dead stone";
}

// The path data of a board's element, "" for another element.
std::string path_data(const std::string& element) {
  std::smatch m;
  return std::regex_search(element, m, std::regex("<path d=\"([^\"]*)\"")) ? m[1].str() : std::string();
}

// A ko left open (bench/POSITIONS.md's ko_left_open: White's D6 in atari,
// taken only by a ko at E6) has its K on the ko's point and in the legend;
// a board without one has neither. E6 is White's teire too, which makes it
// count for nobody: its T stays, the K beside it (the K replaced it).
TEST_F(Pictures, AKoLeftOpenIsMarkedOnItsPoint) {
  const std::string ko = run_gocount("score --format svg tests/data/judgement/ko_left_open.txt").out;
  EXPECT_EQ(count(board_part(ko), "<path d=\"M"), 2) << "a T and a K, at E6";
  std::vector<std::string> glyphs;
  for (const std::string& e : drawn_at(ko, "E6"))
    if (e.find("class=\"m teire pair\"") != std::string::npos) glyphs.push_back(path_data(e));
  ASSERT_EQ(glyphs.size(), 2u);
  EXPECT_EQ(count(glyphs[0], "L"), 2) << "the T: two strokes, left of the K";
  EXPECT_EQ(count(glyphs[1], "L"), 3) << "the K: three strokes";
  EXPECT_TRUE(any_has(drawn_at(ko, "E6"), "class=\"ring\"")) << "counts for nobody";
  EXPECT_TRUE(legend_has(ko, "K: a ko left open; the stone in atari beside it counts as it stands"));
  EXPECT_TRUE(legend_has(ko, "T: teire, a point still to be filled"));
  const std::string none = run_gocount("score --format svg examples/example.sgf").out;
  EXPECT_FALSE(legend_has(none, "a ko left open"));
}

// The frame of a group in seki stays on the group's own points
// (tests/data/seki_three_shared.txt: White's E9-J5, Black's H8-J7): the
// widened shapes drawn under the stones left green slivers at the corners of
// other points (E8, G8, J9, F6, G5), and the two groups side by side (H9 over
// H8) each keep their own line (they ran into one).
TEST_F(Pictures, TheSekiFrameStaysOnItsGroupsPoints) {
  const std::string svg = board_part(steps("--rules chinese tests/data/seki_three_shared.txt")[1].second);
  const std::vector<std::string> group = {"H8", "J8", "J7", "E9", "F9", "G9", "H9", "F8",
                                          "E7", "F7", "G7", "H7", "G6", "H6", "H5", "J5"};
  int pieces = 0;
  std::istringstream in(svg);
  for (std::string l; std::getline(in, l);) {
    if (l.find("class=\"seki") == std::string::npos) continue;
    ++pieces;
    const auto e = extent(l);
    ASSERT_TRUE(e) << l;
    EXPECT_TRUE(std::any_of(group.begin(), group.end(), [&](const std::string& p) {
      const Spot c = centre_of(svg, p);
      return (*e)[0] >= c.x - 13 && (*e)[2] <= c.x + 13 && (*e)[1] >= c.y - 13 && (*e)[3] <= c.y + 13;
    })) << l << " strays off the group's points";
  }
  EXPECT_GT(pieces, 0);
  auto frame_at = [&](const std::string& point, double edge) {
    for (const std::string& e : drawn_at(svg, point))
      if (e.find("class=\"seki\"") != std::string::npos && ((*extent(e))[1] == edge || (*extent(e))[3] == edge))
        return true;
    return false;
  };
  const double between = centre_of(svg, "H9").y + 13;
  EXPECT_TRUE(frame_at("H9", between)) << "White's group framed along H9's bottom";
  EXPECT_TRUE(frame_at("H8", between)) << "Black's along H8's top";
}

// The points behind an unsealed border (tests/data/unsealed.txt; the JSON's
// "unsealed") have their own mark, the text diagram's ?, not the dot of the
// dame (A6-C6, D5-D3, E3-G3), in the whole count and in the steps.
TEST_F(Pictures, PointsBehindAnUnsealedBorderAreNotDame) {
  std::smatch m;
  const std::string json = run_gocount("score --format json tests/data/unsealed.txt").out;
  ASSERT_TRUE(std::regex_search(json, m, std::regex("\"unsealed\": ?\\[([^\\]]*)\\]")));
  std::vector<std::string> unsealed;
  const std::string list = m[1];
  const std::regex point_re("[A-T]\\d+");
  for (auto it = std::sregex_iterator(list.begin(), list.end(), point_re); it != std::sregex_iterator(); ++it)
    unsealed.push_back(it->str());
  ASSERT_EQ(unsealed.size(), 17u);
  std::vector<std::string> svgs = {run_gocount("score --format svg tests/data/unsealed.txt").out};
  for (const auto& [name, svg] : steps("--rules japanese tests/data/unsealed.txt"))
    if (name.find("-final.") == std::string::npos) svgs.push_back(svg);
  for (const std::string& svg : svgs) {
    EXPECT_EQ(count(board_part(svg), "class=\"unsealed\""), 17) << caption(svg);
    for (const std::string& p : unsealed) {
      EXPECT_TRUE(any_has(drawn_at(svg, p), "class=\"unsealed\"")) << p << ": " << caption(svg);
      EXPECT_FALSE(any_has(drawn_at(svg, p), "class=\"dame\"")) << p << ": " << caption(svg);
    }
    for (const char* dame : {"A6", "D4", "G3"}) EXPECT_TRUE(any_has(drawn_at(svg, dame), "class=\"dame\"")) << dame;
    EXPECT_TRUE(legend_has(svg, "?: behind an unsealed border")) << caption(svg);
  }
}

// Under Ing a neutral point, dame or behind an unsealed border, is worth
// half a point to each side: the legend says so, not "counts for nobody".
TEST_F(Pictures, IngsNeutralPointsAreHalfEachInTheLegend) {
  const std::string ing = run_gocount("score --format svg --rules ing tests/data/unsealed.txt").out;
  EXPECT_TRUE(legend_has(ing, "dot: dame, half a point to each side")) << caption(ing);
  EXPECT_TRUE(legend_has(ing, "?: behind an unsealed border: still open, half a point to each side"));
  EXPECT_FALSE(legend_has(ing, "counts for nobody"));
  EXPECT_FALSE(legend_has(ing, "no one's territory"));
  const std::string chinese = run_gocount("score --format svg --rules chinese tests/data/unsealed.txt").out;
  EXPECT_TRUE(legend_has(chinese, "dot: dame, counts for nobody"));
}

// A shared liberty that the seki filling gives to one side counts for it,
// and the whole count shades it so (tests/data/seki_three_shared.txt, Mays:
// J9 Black's, G8 White's, J6 left vacant, non-scoring: a ring); counted half
// each (--seki-fill half), half and half.
TEST_F(Pictures, SharedLibertiesThatScoreAreShaded) {
  const std::string mays = run_gocount("score --format svg --rules chinese tests/data/seki_three_shared.txt").out;
  EXPECT_TRUE(any_has(drawn_at(mays, "J9"), "<rect") && any_has(drawn_at(mays, "J9"), "class=\"tb\""));
  EXPECT_TRUE(any_has(drawn_at(mays, "G8"), "<rect") && any_has(drawn_at(mays, "G8"), "class=\"tw\""));
  EXPECT_FALSE(any_has(drawn_at(mays, "J6"), "class=\"t"));
  EXPECT_TRUE(any_has(drawn_at(mays, "J6"), "class=\"ring\""));
  const std::string half =
      run_gocount("score --format svg --rules chinese --seki-fill half tests/data/seki_three_shared.txt").out;
  for (const char* p : {"J9", "G8", "J6"}) {
    EXPECT_TRUE(any_has(drawn_at(half, p), "<polygon points") && any_has(drawn_at(half, p), "class=\"tb\"")) << p;
    EXPECT_TRUE(any_has(drawn_at(half, p), "class=\"tw\"")) << p;
  }
}

// A shared liberty filled half and half (--seki-fill half) is a stone half
// black, half white: its triangle keeps its own colour, as neither black nor
// white ink shows on both halves (black ink hid the left half).
TEST_F(Pictures, TheTriangleOnAHalfFilledLibertyShowsOnBothHalves) {
  const fs::path out = dir_ / "half";
  ASSERT_EQ(run_gocount("score --format svg --steps --rules chinese --seki-fill half -o " + out.string() +
                        " tests/data/seki_three_shared.txt")
                .status,
            0);
  const std::string seki = slurp(out / "seki_three_shared-2-seki.svg");
  for (const char* p : {"J9", "G8", "J6"}) {
    const std::vector<std::string> here = drawn_at(seki, p);
    EXPECT_TRUE(any_has(here, "class=\"sb\"") && any_has(here, "class=\"sw\"")) << p << ": a half stone";
    EXPECT_TRUE(any_has(here, "class=\"m shared\"")) << p << ": the triangle in its own colour";
  }
}

// Under Japanese rules the steps' last caption has the numbers of the
// text's table (Adjusted total points: the fill-in's points and komi) and of
// the count step before it; the one picture of the whole count, which shows
// no fill-in, the score of the answer and the JSON (territory plus
// prisoners, 36 and 34.5 here), as the page's result line beside it.
TEST_F(Pictures, TheJapaneseResultHasTheNumbersOfTheTable) {
  const std::string text = run_gocount("score --rules japanese examples/example.sgf").out;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(text, m, std::regex("\n  Adjusted total points +(\\S+) +\\+?(\\S+)\n"))) << text;
  const std::string numbers = fmt::format("Black {}, White {}", m[1].str(), m[2].str());
  EXPECT_EQ(numbers, "Black 33, White 31.5");
  const auto svgs = steps("--rules japanese examples/example.sgf");
  ASSERT_TRUE(svgs.back().first.ends_with("-result.svg"));
  const std::string result = caption(svgs.back().second);
  EXPECT_NE(result.find(numbers + " (komi 6.5)."), std::string::npos) << result;
  EXPECT_NE(caption(svgs[svgs.size() - 2].second).find(numbers + "."), std::string::npos);
  const std::string one = run_gocount("score --format svg --rules japanese examples/example.sgf").out;
  EXPECT_NE(caption(one).find("Black 36, White 34.5 (komi 6.5)."), std::string::npos) << caption(one);
  const std::string json = run_gocount("score --format json --rules japanese examples/example.sgf").out;
  EXPECT_NE(json.find("\"score\":{\"black\":36,\"white\":34.5}"), std::string::npos) << json.substr(0, 400);
}

TEST_F(Pictures, SekiGroupsAreOutlinedExactlyWhenThereIsASeki) {
  const std::string seki = run_gocount("score --format svg --rules chinese tests/data/two_sekis.txt").out;
  EXPECT_GT(count(seki, "class=\"seki\""), 0);
  EXPECT_TRUE(legend_has(seki, "group in seki"));
  const std::string none = run_gocount("score --format svg examples/example.sgf").out;
  EXPECT_EQ(count(none, "class=\"seki\""), 0);
  EXPECT_FALSE(legend_has(none, "group in seki"));
}

TEST_F(Pictures, TheLegendListsOnlyTheMarksShown) {
  const std::string seki = run_gocount("score --format svg --rules chinese tests/data/two_sekis.txt").out;
  // Two sekis, each with one eye a side and one shared liberty, left vacant (Mays).
  EXPECT_EQ(legend(seki), (std::vector<std::string>{
                              "outlined: stones of a group in seki",
                              "square: seki eye (a stone on it: filled by its owner)",
                              "triangle: shared liberty of a seki", "blue ring: counts for nobody (non-scoring)",
                              "dark: Black's territory", "light: White's territory"}));
  for (const auto& [name, svg] : steps("--rules chinese tests/data/two_sekis.txt")) {
    EXPECT_EQ(count(svg, "class=\"seki\"") > 0, legend_has(svg, "group in seki")) << name;
    EXPECT_EQ(count(svg, "class=\"m eye") > 0, legend_has(svg, "seki eye")) << name;
    EXPECT_EQ(count(svg, "class=\"m shared") > 0, legend_has(svg, "shared liberty")) << name;
    EXPECT_EQ(count(svg, "class=\"ring\"") > 0, legend_has(svg, "counts for nobody")) << name;
    EXPECT_EQ(count(svg, "class=\"tb\"") > 0, legend_has(svg, "Black's territory")) << name;
    EXPECT_FALSE(legend_has(svg, "dead")) << name;
    EXPECT_FALSE(legend_has(svg, "false eye")) << name;
  }
}

TEST_F(Pictures, CaptionsSayWhatIsDrawn) {
  const auto seki = steps("--rules chinese tests/data/seki_three_shared.txt");
  ASSERT_EQ(seki[1].first, "seki_three_shared-2-seki.svg");
  // Three shared liberties: one filled by each side (marked on the stone), one left vacant.
  const std::string filled = board_part(seki[1].second);
  EXPECT_NE(caption(filled).find("2 groups in seki with 3 shared liberties."), std::string::npos) << caption(filled);
  EXPECT_NE(caption(filled).find("Black 1, White 1, 1 left vacant (non-scoring)."), std::string::npos);
  EXPECT_EQ(count(filled, "class=\"m shared\""), 1);
  EXPECT_EQ(count(filled, "class=\"m shared mw\""), 1);  // on a black stone
  EXPECT_EQ(count(filled, "class=\"m shared mb\""), 1);
  // The territory step's numbers are those of Mays' step list in the text.
  const std::string text = run_gocount("score --rules chinese tests/data/two_sekis.txt").out;
  const std::string territory = caption(steps("--rules chinese tests/data/two_sekis.txt")[2].second);
  for (const char* line : {"Vacant territory: Black 27, White 2.", "Black 28, White 22"}) {
    EXPECT_NE(text.find(line), std::string::npos) << line;
    EXPECT_NE(territory.find(line), std::string::npos) << line;
  }
  // Under territory rules: no negative count of points for nobody; a teire is no false eye.
  for (const auto& [name, svg] : steps("--rules japanese tests/data/seki_three_shared.txt"))
    EXPECT_EQ(caption(svg).find(" -"), std::string::npos) << name;
  const std::string jp = caption(steps("--rules japanese tests/data/seki_three_shared.txt")[2].second);
  EXPECT_NE(jp.find("Territory: Black 13, White 19; 3 points count for nobody."), std::string::npos) << jp;
}

// The fill-in's pictures against the text: the territory left per region and
// the prisoners placed are the numbers of the text's table.
void expect_fill_in_matches_text(const std::vector<std::pair<std::string, std::string>>& svgs,
                                 const std::string& text) {
  std::optional<std::string> fill, counted;
  for (const auto& [name, svg] : svgs) {
    if (name.find("-fill-in.") != std::string::npos) fill = board_part(svg);
    if (name.find("-count.") != std::string::npos) counted = board_part(svg);
  }
  ASSERT_TRUE(fill && counted);
  const auto [left_b, left_w] = row(text, "Territory left after the fill-in");
  const auto [over_b, over_w] = row(text, "Prisoners left over");
  const auto [points_b, points_w] = row(text, "Points");
  const auto [territory_b, territory_w] = row(text, "Territory");
  EXPECT_EQ(region_sum(*counted, "b"), left_b);
  EXPECT_EQ(region_sum(*counted, "w"), left_w);
  // The small stones: the prisoners that found room.
  EXPECT_EQ(count(*fill, "class=\"sb filled\""), territory_b - left_b);
  EXPECT_EQ(count(*fill, "class=\"sw filled\""), territory_w - left_w);
  // The caption: each side's points, the regions added up with any prisoners left over.
  const std::string words = caption(*counted);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(words, m, std::regex("Black: [^.]*?(\\d+) points?\\. White: [^.]*?(\\d+) points?\\.")))
      << words;
  EXPECT_EQ(std::stoi(m[1]), points_b);
  EXPECT_EQ(std::stoi(m[2]), points_w);
  EXPECT_EQ(words.find("left over") != std::string::npos, over_b + over_w > 0) << words;
  EXPECT_NE(caption(*fill).find(fmt::format("Territory left: Black {}, White {}.", left_b, left_w)), std::string::npos);
}

TEST_F(Pictures, TheJapaneseFillInHasTheNumbersOfTheText) {
  for (const char* input : {"examples/example.sgf", "tests/data/seki_three_shared.txt", "tests/data/two_sekis.txt"}) {
    SCOPED_TRACE(input);
    expect_fill_in_matches_text(steps(std::string("--rules japanese ") + input),
                                run_gocount(std::string("score --rules japanese ") + input).out);
  }
}

TEST_F(Pictures, TheAgaPassStonesAndFillInHaveTheNumbersOfTheText) {
  const std::string text = run_gocount("score --rules aga --method jasiek --method aga examples/example.sgf").out;
  const auto svgs = steps("--rules aga examples/example.sgf");
  std::vector<std::string> names;
  for (const auto& [name, svg] : svgs) names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"example-1-dead.svg", "example-2-removed.svg", "example-3-territory.svg",
                                             "example-4-pass-stones.svg", "example-5-fill-in.svg",
                                             "example-6-count.svg", "example-7-result.svg"}));
  // Black holds 1 + 1 + 1 pass stone + White's extra pass; White 0 + 1 + 1.
  const std::string pass = caption(svgs[3].second) + board_part(svgs[3].second);
  const auto [prisoners_b, prisoners_w] = row(text, "Prisoners");
  EXPECT_EQ(prisoners_b, 4);
  EXPECT_NE(pass.find("Black holds 4 white stones"), std::string::npos) << pass;
  EXPECT_NE(pass.find("White holds 2 black stones"), std::string::npos);
  EXPECT_EQ(count(pass, "class=\"pass"), 3);  // the pass stones: 1 + the extra pass for Black, 1 for White
  const auto [tc_b, tc_w] = std::pair{38, 35.5};
  EXPECT_NE(text.find("Territory count                                38     35.5"), std::string::npos) << text;
  EXPECT_NE(pass.find(fmt::format("= {}, White 27 + 2 + komi 6.5 = {}.", tc_b, tc_w)), std::string::npos);
  expect_fill_in_matches_text(svgs, text);
  EXPECT_NE(svgs[5].second.find("B+2.5"), std::string::npos);
}

TEST(PicturesLibrary, EveryStepNamedAndNumberedAsShown) {
  const Game game = from_diagram(parse_diagram("komi: 0\n.X.O.\nXXOO.\n.XO..\nXXOO.\n.XO..\n"));
  ScoreRequest r;
  r.rules = find_rules("japanese");
  const Scored s = score_game(game, r);
  const std::vector<Picture> pictures = score_step_svgs(game, s);
  ASSERT_FALSE(pictures.empty());
  for (size_t i = 0; i < pictures.size(); ++i) {
    EXPECT_FALSE(pictures[i].name.empty());
    EXPECT_NE(pictures[i].svg.find(fmt::format(">{}. ", i + 1)), std::string::npos) << pictures[i].name;
  }
  EXPECT_EQ(pictures.back().name, "result");
}

}  // namespace
}  // namespace gocount
