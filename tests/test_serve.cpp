// `gocount serve` on loopback as programs use it: the API's answers equal the
// command line's, refusals are JSON with a 4xx status, and many clients at
// once (slow and idle ones among them) are all answered.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>

#include "run_gocount.h"
#include "serve.h"

namespace gocount {
namespace {

using gocount_test::run_gocount;
using gocount_test::slurp;
using Json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

class Serve : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ServeOptions o;
    o.port = 0;
    server_ = new Server(o);
    std::string error;
    port_ = server_->bind(&error);
    ASSERT_GT(port_, 0) << error;
    thread_ = new std::thread([] { server_->run(); });
    // Serving before any test runs: a stop() that came before the server
    // listened would be lost, and the join in TearDownTestSuite would wait
    // for ever (a test that sends no request ran into it).
    for (int i = 0; i < 1000 && !client().Get("/api/rules"); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  static void TearDownTestSuite() {
    server_->stop();
    thread_->join();
    delete thread_;
    delete server_;
  }
  static httplib::Client client() {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(30, 0);
    return c;
  }
  static httplib::Result post(const std::string& path, const Json& body) {
    return client().Post(path.c_str(), body.dump(), "application/json");
  }
  // The error line of a refusal, checking that it is one.
  static std::string refusal(const httplib::Result& r, int status) {
    if (!r) return "no answer";
    EXPECT_EQ(r->status, status) << r->body;
    EXPECT_EQ(r->get_header_value("Content-Type"), "application/json");
    const Json j = Json::parse(r->body, nullptr, false);
    EXPECT_TRUE(j.is_object() && j.contains("error")) << r->body;
    return j.value("error", "");
  }

  static Server* server_;
  static std::thread* thread_;
  static int port_;
};
Server* Serve::server_ = nullptr;
std::thread* Serve::thread_ = nullptr;
int Serve::port_ = 0;

// The CLI's JSON object and the API's, the file name aside.
void expect_same_as_cli(const std::string& api_body, const std::string& cli_out, const std::string& what) {
  Json api = Json::parse(api_body, nullptr, false), cli = Json::parse(cli_out, nullptr, false);
  ASSERT_TRUE(api.is_object()) << what << ": " << api_body;
  ASSERT_TRUE(cli.is_object()) << what << ": " << cli_out;
  api.erase("file");
  cli.erase("file");
  EXPECT_EQ(api, cli) << what;
}

TEST_F(Serve, ScoreAnswersWhatTheCommandLinePrints) {
  struct Case {
    const char* file;
    Json fields;
    const char* cli;
  };
  const Case cases[] = {
      {"examples/example.sgf", Json::object(), ""},
      {"examples/example.sgf", {{"rules", "chinese"}, {"komi", 7.5}, {"method", "all"}, {"side", "both"}},
       "--rules chinese --komi 7.5 --method all --side both"},
      {"examples/example.sgf", {{"dead", "B7"}, {"alive", Json::array({"H7"})}}, "--dead B7 --alive H7"},
      {"examples/example.sgf", {{"dead", "none"}}, "--dead none"},
      {"examples/example.sgf", {{"move", 3}, {"estimate", "off"}}, "--move 3 --no-estimate"},
      {"examples/race.txt", {{"rules", "japanese"}, {"estimate", true}}, "--rules japanese --estimate"},
      {"examples/race.txt", {{"judge", "model"}}, "--judge model"},
      {"tests/data/handicap2.sgf", {{"rules", "chinese"}, {"handicap-compensation", "n-1"}, {"tie", "white"}},
       "--rules chinese --handicap-compensation n-1 --tie white"},
      {"tests/data/two_sekis.txt", {{"seki_fill", "best-practice"}, {"method", Json::array({"full", "half"})}},
       "--seki-fill best-practice --method full --method half"},
      {"tests/data/collection_bad_games.sgf", {{"game", 3}, {"rules", "korean"}}, "--game 3 --rules korean"},
  };
  for (const Case& c : cases) {
    Json body = c.fields;
    body["record"] = slurp(c.file);
    const auto r = post("/api/score", body);
    ASSERT_TRUE(r) << c.file;
    ASSERT_EQ(r->status, 200) << c.file << " " << c.cli << ": " << r->body;
    expect_same_as_cli(r->body, run_gocount(std::string("score --format json ") + c.cli + " " + c.file).out,
                       std::string(c.file) + " " + c.cli);
  }
  // The record as the body, the options in the query string (curl
  // --data-binary @game.sgf 'http://.../api/score?rules=japanese').
  const auto raw = client().Post("/api/score?rules=chinese&komi=6.5", slurp("examples/example.sgf"),
                                 "application/x-www-form-urlencoded");
  ASSERT_TRUE(raw);
  expect_same_as_cli(raw->body, run_gocount("score --format json --rules chinese --komi 6.5 examples/example.sgf").out,
                     "query string");
}

// The field territory as --territory: an OGS record (A1 a teire) counted by
// default as OGS counts, every enclosed point (W+1, as RE says), with
// territory=rules as the rules leave it (W+2); a bad value refused.
TEST_F(Serve, TerritoryFieldCountsAsTheCommandLine) {
  const std::string ogs =
      "(;FF[4]GM[1]SZ[7]RU[Japanese]KM[0]PC[OGS: https://online-go.com/game/20000000]DT[2020-01-01]RE[W+1]"
      "AB[aa][ca][bb][cb][ac][bc][dc][ec][fc][gc][bd][cd][dd][ae][be][af][bg]"
      "AW[da][fa][db][eb][fb][gb][ed][fd][gd][ce][de][ee][ge][bf][cf][ef][ff][gf][cg][dg][fg];B[];W[])";
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("gocount_serve_ogs_" + std::to_string(::getpid()) + ".sgf");
  std::ofstream(file, std::ios::binary) << ogs;
  struct Case {
    Json fields;
    const char* cli;
    const char* result;
    bool enclosed;
  };
  const Case cases[] = {
      {Json::object(), "", "W+1", true},
      {{{"territory", "rules"}}, "--territory rules", "W+2", false},
      {{{"territory", "enclosed"}}, "--territory enclosed", "W+1", true},
  };
  for (const Case& c : cases) {
    Json body = c.fields;
    body["record"] = ogs;
    const auto r = post("/api/score", body);
    ASSERT_TRUE(r) << c.cli;
    ASSERT_EQ(r->status, 200) << c.cli << ": " << r->body;
    const Json j = Json::parse(r->body);
    EXPECT_EQ(j["result"], c.result) << c.cli;
    EXPECT_EQ(j.contains("territory") && j["territory"] == "enclosed", c.enclosed) << c.cli << ": " << r->body;
    expect_same_as_cli(r->body, run_gocount(std::string("score --format json ") + c.cli + " " + file.string()).out,
                       std::string("territory ") + c.cli);
  }
  std::filesystem::remove(file);
  // The other counts that take the score fields take it too.
  const auto svg = post("/api/svg", {{"record", ogs}, {"territory", "rules"}});
  ASSERT_TRUE(svg);
  EXPECT_EQ(svg->status, 200) << svg->body;
  // A value that is neither refused as the other options' bad values are.
  for (const char* path : {"/api/score", "/api/compare", "/api/svg", "/api/steps", "/api/sgf"}) {
    const std::string error = refusal(post(path, {{"record", ogs}, {"territory", "moon"}}), 400);
    EXPECT_EQ(error, "territory: 'moon' is not rules or enclosed") << path;
  }
  EXPECT_EQ(refusal(post("/api/score", {{"record", ogs}, {"territory", true}}), 400),
            "field 'territory' must be a string");
}

TEST_F(Serve, CompareTallyKeyNumbersAndRulesAnswerAsTheCommandLine) {
  auto same = [](const httplib::Result& r, const std::string& cli, const std::string& what) {
    ASSERT_TRUE(r) << what;
    ASSERT_EQ(r->status, 200) << what << ": " << r->body;
    expect_same_as_cli(r->body, run_gocount(cli).out, what);
  };
  same(post("/api/compare", {{"record", slurp("tests/data/handicap2.sgf")}, {"rules", "chinese,chinese:compensation=n-1,aga"}}),
       "compare --format json --rules chinese,chinese:compensation=n-1,aga tests/data/handicap2.sgf", "compare");
  same(client().Get("/api/tally?size=9&black=41&rules=chinese"), "tally --format json --size 9 --black 41 --rules chinese",
       "tally");
  same(post("/api/tally", {{"rules", "japanese"}, {"black-territory", 62}, {"white-territory", 55}, {"black_prisoners", 7}}),
       "tally --format json --rules japanese --black-territory 62 --white-territory 55 --black-prisoners 7",
       "tally japanese");
  // AGA rules counted by territory, the pass stones among the prisoners (Mays, Table 17: W+1).
  same(post("/api/tally", {{"rules", "aga"}, {"size", 7}, {"komi", 0}, {"black-territory", 6}, {"white-territory", 5},
                           {"black-prisoners", 1}, {"white-prisoners", 3}}),
       "tally --format json --rules aga --size 7 --komi 0 --black-territory 6 --white-territory 5 "
       "--black-prisoners 1 --white-prisoners 3",
       "tally aga by territory");
  same(client().Get("/api/keynumbers?size=13&komi=6.5"), "keynumbers --format json --size 13 --komi 6.5", "keynumbers");
  same(client().Get("/api/rules"), "rules --format json", "rules");
}

TEST_F(Serve, RecordsComeBackMarkedWithEverythingElseKept) {
  const std::string text = slurp("examples/example.sgf");
  // The record marks its end already: marks and RE kept, the count added to
  // the comment.
  const auto kept = post("/api/sgf", {{"record", text}});
  ASSERT_TRUE(kept);
  ASSERT_EQ(kept->status, 200) << kept->body;
  EXPECT_EQ(kept->get_header_value("Content-Type"), "application/x-go-sgf");
  const size_t c = text.rfind("White's B7 and Black's H7.");
  ASSERT_NE(c, std::string::npos);
  const std::string head = text.substr(0, c + 26);
  EXPECT_EQ(kept->body.substr(0, head.size()), head);
  EXPECT_NE(kept->body.find("gocount: B+1.5 under Japanese rules, komi 6.5; dead stones: black H7, white B7 (marks)"),
            std::string::npos)
      << kept->body;
  // The player's choice (only B7 dead) replaces the marks; read back, it
  // counts the same. H7 alive leaves White's border open: no finished
  // game's result, so RE stays as it was even with set-result, and a header
  // says why.
  const auto mine = post("/api/sgf", {{"record", text}, {"dead", "B7"}, {"set-result", true}});
  ASSERT_TRUE(mine);
  EXPECT_NE(mine->body.find("RE[B+1.5]"), std::string::npos) << mine->body;
  EXPECT_EQ(mine->get_header_value("Gocount-Result-Withheld"), "the position is not finished (points still need a move)");
  const auto again = post("/api/score", {{"record", mine->body}});
  ASSERT_TRUE(again);
  EXPECT_EQ(Json::parse(again->body)["result"], "B+29.5");
  EXPECT_EQ(Json::parse(again->body)["dead_source"], "marks");
  // Without RE, a finished count is written as the record's result.
  std::string bare = text;
  bare.erase(bare.find("RE[B+1.5]"), 9);
  const auto written = post("/api/sgf", {{"record", bare}, {"dead", "B7,H7"}});
  ASSERT_TRUE(written);
  EXPECT_NE(written->body.find("RE[B+1.5]"), std::string::npos) << written->body;
  EXPECT_FALSE(written->has_header("Gocount-Result-Withheld"));
  // A diagram is no record to mark.
  EXPECT_EQ(refusal(post("/api/sgf", {{"record", slurp("examples/example.txt")}}), 422),
            "a diagram is no SGF record to mark");
}

TEST_F(Serve, PicturesAndSteps) {
  const std::string text = slurp("tests/data/two_sekis.txt");
  const auto svg = post("/api/svg", {{"record", text}});
  ASSERT_TRUE(svg);
  EXPECT_EQ(svg->get_header_value("Content-Type"), "image/svg+xml");
  EXPECT_EQ(svg->body, run_gocount("score --format svg tests/data/two_sekis.txt").out);
  const auto png = post("/api/svg", {{"record", text}, {"format", "png"}, {"step", 1}});
  ASSERT_TRUE(png);
  EXPECT_EQ(png->get_header_value("Content-Type"), "image/png");
  EXPECT_EQ(png->body.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  const auto steps = post("/api/steps", {{"record", text}});
  ASSERT_TRUE(steps);
  const Json j = Json::parse(steps->body);
  ASSERT_GE(j["steps"].size(), 2u);
  EXPECT_EQ(j["steps"][0]["name"], "final");  // nothing is dead in this position
  const std::string too_far = refusal(post("/api/svg", {{"record", text}, {"step", 40}}), 422);
  EXPECT_NE(too_far.find("step 40 asked for"), std::string::npos) << too_far;
}

TEST_F(Serve, BadRequestsAreRefusedInJson) {
  EXPECT_EQ(refusal(client().Get("/nothing/here"), 404), "no such page or API: /nothing/here");
  EXPECT_EQ(refusal(client().Post("/api/score", "{not json", "application/json"), 400).substr(0, 28),
            "the body is not valid JSON: ");
  // What JSON reads past without a word: a key twice (the last won), a
  // number past a double (said as "not valid JSON" alone).
  EXPECT_EQ(refusal(client().Post("/api/score", R"j({"record":"(;SZ[9])","komi":1,"komi":2})j", "application/json"), 400),
            "field 'komi' given twice");
  EXPECT_EQ(refusal(client().Post("/api/score", R"j({"record":"(;SZ[9])","komi":1e999})j", "application/json"), 400),
            "the body is not valid JSON: number overflow parsing '1e999'");
  EXPECT_EQ(refusal(post("/api/score", {{"record", "(;SZ[9])"}, {"sgf", "(;SZ[19])"}}), 400),
            "the record given twice: as 'record' and as 'sgf' (one name for it)");
  httplib::Headers negative = {{"Content-Length", "-5"}};
  EXPECT_EQ(refusal(client().Post("/api/score", negative, "x", "text/plain"), 400),
            "Content-Length '-5' is not a size in bytes");
  EXPECT_EQ(refusal(client().Post("/api/score", "[1,2]", "application/json"), 400),
            "the body must be a JSON object of fields");
  EXPECT_EQ(refusal(post("/api/score", Json::object()), 400), "no record: give the SGF or diagram text as field 'record'");
  EXPECT_NE(refusal(post("/api/score", {{"record", "(;SZ[9])"}, {"colour", "red"}}), 400).find("unknown field 'colour'"),
            std::string::npos);
  EXPECT_EQ(refusal(post("/api/score", {{"record", "(;SZ[9])"}, {"komi", "lots"}}), 400),
            "field 'komi': 'lots' is not a number");
  EXPECT_EQ(refusal(post("/api/score", {{"record", "(;SZ[9])"}, {"komi", 5000}}), 400),
            "field 'komi' must be a number from -1000 to 1000");
  // An empty list of dead stones said without a word that none is dead; "none" says it.
  EXPECT_EQ(refusal(post("/api/score", {{"record", "(;SZ[9])"}, {"dead", ""}}), 400),
            "dead: an empty list names no stone; to say that no stone is dead, give the word none");
  EXPECT_EQ(refusal(client().Get("/api/keynumbers?size=9&komi=100"), 400),  // was a 500, "internal error"
            "komi 100: Black could not win even with all the board's 81 scoring points");
  // The board as the command takes it: width won over size without a word,
  // and one side alone left the other 19.
  for (const std::string path : {"/api/keynumbers", "/api/tally"}) {
    const std::string both = "give the board as 'size' or as 'width' and 'height', not both";
    EXPECT_EQ(refusal(client().Get(path + "?size=9&width=13"), 400), both) << path;
    EXPECT_EQ(refusal(post(path, {{"size", 9}, {"width", 9}, {"height", 9}}), 400), both) << path;
    EXPECT_EQ(refusal(client().Get(path + "?width=13"), 400), "field 'width' needs 'height' (or give the board as 'size')")
        << path;
    EXPECT_EQ(refusal(post(path, {{"height", 13}}), 400), "field 'height' needs 'width' (or give the board as 'size')")
        << path;
  }
  EXPECT_EQ(client().Get("/api/tally?width=13&height=9&black=60")->status, 200);
  EXPECT_EQ(refusal(post("/api/compare", {{"record", "(;SZ[9])"}, {"rules", "chinese,"}}), 400),
            "rules: an empty item in 'chinese,': name a rule set between every two commas");
  EXPECT_EQ(refusal(post("/api/score", {{"record", "(;SZ[9])"}, {"rules", "moon"}}), 400),
            "unknown rules 'moon' (known: chinese, japanese, korean, aga, ing, nz, tromp-taylor)");
  EXPECT_EQ(refusal(post("/api/score", {{"record", "(;SZ[9];B[zz])"}}), 422),
            "game 0: line 1: move 1: B[zz]: move is not a point of this board");
  EXPECT_EQ(refusal(post("/api/score", {{"record", "(;SZ[9];B[aa])"}, {"game", 4}}), 422),
            "game 4 asked for, but the input has 1 game");
  EXPECT_EQ(refusal(post("/api/score", {{"record", "(;SZ[9];B[aa])"}, {"dead", "J9"}}), 422),
            "game 0: dead stone J9 names an empty point");
  EXPECT_EQ(refusal(post("/api/score", {{"record", "X O . .\nO . . .\n. . . .\n. . . .\n"}}), 422),
            "game 0: the black chain at A4 has no liberty: no game reaches this position (take it off, or mark "
            "it dead)");
  // A body past 8 MB, of any type, refused with its size and the limit.
  for (const char* type : {"text/plain", "application/x-www-form-urlencoded", "application/json"})
    EXPECT_EQ(refusal(client().Post("/api/score", std::string(9 << 20, ' '), type), 413),
              "the body is 9437184 bytes, over the limit of 8388608 bytes")
        << type;
  // An empty choice is a mistake, as the command's --tie '' is (it meant the
  // default); a NUL in a value is shown escaped (the message ended at it).
  EXPECT_EQ(refusal(post("/api/score", {{"record", "(;SZ[9])"}, {"tie", ""}}), 400),
            "field 'tie': an empty value names none of its choices (leave the field out for the default)");
  EXPECT_EQ(refusal(client().Get("/api/keynumbers?rules="), 400),
            "field 'rules': an empty value names none of its choices (leave the field out for the default)");
  EXPECT_EQ(refusal(client().Get("/api/keynumbers?size=9%00"), 400), "field 'size': '9\\x00' is not a number");
  EXPECT_EQ(refusal(post("/api/score", {{"record", "(;SZ[9])"}, {"rules", std::string("chinese\0junk", 12)}}), 400),
            "unknown rules 'chinese\\x00junk' (known: chinese, japanese, korean, aga, ing, nz, tromp-taylor)");
  // Junk of every kind: always an answer, never a crash.
  std::mt19937 rng(7);
  for (int i = 0; i < 200; ++i) {
    std::string junk(rng() % 300, '\0');
    for (char& ch : junk) ch = static_cast<char>(rng());
    if (i % 3 == 0) junk = "(;SZ[" + std::to_string(rng() % 60) + "]" + junk;
    const auto r = client().Post(i % 2 ? "/api/score" : "/api/compare", junk, i % 4 ? "text/plain" : "application/json");
    ASSERT_TRUE(r) << "no answer to junk " << i;
    EXPECT_TRUE(r->status == 200 || (r->status >= 400 && r->status < 500)) << r->status << ": " << r->body;
  }
  // Still serving.
  EXPECT_EQ(client().Get("/api/rules")->status, 200);
}

// A Content-Length that is no size is said so, whatever the method and the
// body's type (a JSON body was "not valid JSON", a GET answered as if none
// were given). A query field given twice alike is refused as two values are,
// as the command refuses --size 9 --size 9 (it was taken), and one with no
// name is said to have none (?=9 was "unknown field '9'").
TEST_F(Serve, ContentLengthAndQueryFieldsAreReadAsGiven) {
  const httplib::Headers abc = {{"Content-Length", "abc"}};
  const std::string not_a_size = "Content-Length 'abc' is not a size in bytes";
  EXPECT_EQ(refusal(client().Post("/api/score", abc, "{}", "application/json"), 400), not_a_size);
  EXPECT_EQ(refusal(client().Get("/api/tally?size=9&black=40", abc), 400), not_a_size);
  EXPECT_EQ(refusal(client().Get("/api/tally?size=9&size=9&black=40"), 400), "field 'size' given twice");
  EXPECT_EQ(refusal(client().Post("/api/score", "record=(;SZ[9])&komi=6.5&komi=6.5", "application/x-www-form-urlencoded"),
                    400),
            "field 'komi' given twice");
  EXPECT_EQ(refusal(client().Get("/api/tally?=9&black=40"), 400).substr(0, 40), "a field with no name (known: size, width");
  // Empty pairs and escapes read as before.
  const auto ok = client().Get("/api/tally?size=9&&black=40&rules=tromp%2Dtaylor&");
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->status, 200) << ok->body;
  EXPECT_EQ(Json::parse(ok->body)["rules"], "tromp-taylor");
}

// A hand count's refusal names the API's fields, not the command's options
// (it said "give --black N and/or --white N").
TEST_F(Serve, ATallyRefusalNamesTheFields) {
  EXPECT_EQ(refusal(client().Get("/api/tally?size=9&black=39&rules=japanese"), 422),
            "japanese rules count territory and prisoners: give 'black-territory' and 'white-territory' (and "
            "'black-prisoners', 'white-prisoners')");
  EXPECT_EQ(refusal(client().Get("/api/tally?size=9"), 422), "give 'black' and/or 'white' total points (stones + territory)");
  EXPECT_EQ(refusal(client().Get("/api/tally?size=9&black=81&non-scoring=1"), 400),  // a number out of range
            "field 'black': 81 total points are more than the board's 80 scoring points");
  EXPECT_EQ(refusal(post("/api/tally", {{"black", 185}, {"method", "full"}}), 422),
            "Full Counting needs both sides' total points counted ('black' and 'white')");
  EXPECT_EQ(refusal(client().Get("/api/tally?size=7&rules=aga&black=24&white=25&black-prisoners=1"), 422),
            "aga rules count by area or by territory, one count at a time: give total points ('black', 'white'), or "
            "territory and stones ('black-territory', 'white-territory', 'black-stones', 'white-stones'), or "
            "territory and prisoners, a stone for every pass among them ('black-territory', 'white-territory', "
            "'black-prisoners', 'white-prisoners')");
}

// A query as the command's options: "size=9&black=40" is "--size 9 --black 40".
std::string options_of(const std::string& query) {
  std::string out = "--";
  for (const char ch : query) out += ch == '&' ? std::string(" --") : ch == '=' ? std::string(" ") : std::string(1, ch);
  return out;
}

// The numbers of tally and keynumbers out of range are the library's
// refusals, the command's line with the field for the option (400): the
// server had its own ranges and words ("field 'size' must be a number from 1
// to 52"), refused prisoners past the board's points, which the command
// takes, and said a territory past the board only as a sum.
TEST_F(Serve, TallyAndKeyNumbersRefuseANumberAsTheCommandDoes) {
  struct Case {
    std::string path, query, name, rest;
  };
  const std::string past = ": 100 is more than the board's 81 points";
  const Case cases[] = {
      {"tally", "size=53&black=40", "size", ": 53 is not a whole number from 1 to 52"},
      {"tally", "width=0&height=9&black=40", "width", ": 0 is not a whole number from 1 to 52"},
      {"tally", "size=9&black=-1", "black", ": -1 is not a number from 0 to 2704"},
      {"tally", "size=9&black=40&handicap=82", "handicap", ": 82 is more than the board's 81 points"},
      {"tally", "size=9&black-territory=100&white-territory=0&black-stones=0&white-stones=0", "black-territory", past},
      {"tally", "size=9&rules=japanese&black-territory=100&white-territory=0", "black-territory", past},
      {"tally", "size=9&black=40&white-prisoners=-3", "white-prisoners", ": -3 is not a whole number from 0 to 2704"},
      {"keynumbers", "size=9&non-scoring=82", "non-scoring", ": 82 is more than the board's 81 points"},
      {"keynumbers", "size=9&non-scoring=-1", "non-scoring", ": -1 is not a whole number from 0 to 2704"},
      {"keynumbers", "size=9&tie-breaker=1001", "tie-breaker", ": 1001 is not a number from -1000 to 1000"},
  };
  for (const Case& c : cases) {
    const std::string args = c.path + " " + options_of(c.query);
    const gocount_test::Output cli = run_gocount(args);
    EXPECT_EQ(cli.err, "gocount: --" + c.name + c.rest + "\n") << args;
    EXPECT_EQ(refusal(client().Get("/api/" + c.path + "?" + c.query), 400), "field '" + c.name + "'" + c.rest) << c.query;
  }
  // NaN is refused as any number out of range, as Python refuses it.
  EXPECT_EQ(refusal(client().Get("/api/tally?size=9&black=nan"), 400), "field 'black': nan is not a number from 0 to 2704");
  EXPECT_EQ(refusal(post("/api/keynumbers", {{"size", 9}, {"tie-breaker", "inf"}}), 400),
            "field 'tie-breaker': inf is not a number from -1000 to 1000");
  // Past what an int holds: said so, not as an int's range (-2147483648 to ...).
  EXPECT_EQ(refusal(client().Get("/api/tally?size=1e12&black=40"), 400), "field 'size': 1000000000000 is far out of range");
  // Prisoners past the board's points, taken by the command, are taken.
  const std::string prisoners = "size=9&rules=japanese&black-territory=10&white-territory=8&black-prisoners=100";
  const auto taken = client().Get("/api/tally?" + prisoners);
  ASSERT_TRUE(taken);
  EXPECT_EQ(taken->status, 200) << taken->body;
  expect_same_as_cli(taken->body,
                     run_gocount("tally --format json --size 9 --rules japanese --black-territory 10 --white-territory 8 "
                                 "--black-prisoners 100").out,
                     "prisoners past the board");
}

// An HTML form (curl -d) to an endpoint that reads no record is its fields:
// it was taken for a record, refused as "unknown field 'record'".
TEST_F(Serve, AFormToAnEndpointWithoutARecordIsItsFields) {
  const char* form = "application/x-www-form-urlencoded";
  const auto tally = client().Post("/api/tally", "size=9&black=45&komi=6.5", form);
  ASSERT_TRUE(tally);
  EXPECT_EQ(tally->status, 200) << tally->body;
  EXPECT_EQ(Json::parse(tally->body)["result"], "B+2.5");  // 45 against 36 + 6.5
  const auto keys = client().Post("/api/keynumbers", "size=9", form);
  ASSERT_TRUE(keys);
  EXPECT_EQ(keys->status, 200) << keys->body;
  EXPECT_EQ(Json::parse(keys->body)["board_points"], 81);
  const auto methods = client().Post("/api/methods", "rules=ing", form);
  ASSERT_TRUE(methods);
  EXPECT_EQ(Json::parse(methods->body)["rules"], "ing");
  EXPECT_TRUE(refusal(client().Post("/api/tally", "(;SZ[9])", form), 400).starts_with("unknown field '(;SZ[9])' (known: size,"));
}

// A space that splits a column from its setting is named, as the command
// names it (the library's check of the columns).
TEST_F(Serve, CompareNamesASpaceThatSplitAColumn) {
  EXPECT_EQ(refusal(post("/api/compare", {{"record", "(;SZ[9])"}, {"rules", "chinese :komi=7"}}), 400),
            "rules: ':komi=7' has no rules before ':' (a space in 'chinese :komi=7'?)");
}

// A second server on a port one already serves is refused: with cpp-httplib's
// default SO_REUSEPORT it started, and the kernel shared the connections
// between the two.
TEST_F(Serve, APortInUseIsRefused) {
  ServeOptions o;
  o.port = port_;
  Server second(o);
  std::string error;
  EXPECT_EQ(second.bind(&error), -1);
  EXPECT_EQ(error, "cannot listen on 127.0.0.1:" + std::to_string(port_) + " (in use, or not an address of this machine)");
}

TEST_F(Serve, ManyClientsAtOnceAreAllAnswered) {
  const std::string text = slurp("examples/example.sgf");
  const std::string want = Json::parse(post("/api/score", {{"record", text}})->body).dump();
  std::atomic<int> right{0}, wrong{0};
  std::vector<std::thread> clients;
  for (int t = 0; t < 12; ++t)
    clients.emplace_back([&] {
      httplib::Client c = client();
      for (int i = 0; i < 15; ++i) {
        const auto r = c.Post("/api/score", Json{{"record", text}}.dump(), "application/json");
        (r && r->status == 200 && Json::parse(r->body).dump() == want ? right : wrong)++;
      }
    });
  for (std::thread& t : clients) t.join();
  EXPECT_EQ(right, 180);
  EXPECT_EQ(wrong, 0);
}

// A raw connection to the server.
int connect_raw(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// A POST with neither Content-Length nor chunks has an empty body (RFC
// 9112 6.3), as urllib and curl -X POST send it: it was refused as "could
// not be read whole".
TEST_F(Serve, APostWithoutABodyHasAnEmptyOne) {
  const int fd = connect_raw(port_);
  ASSERT_GE(fd, 0);
  const std::string request = "POST /api/keynumbers?size=9 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
  ASSERT_EQ(::send(fd, request.data(), request.size(), 0), static_cast<ssize_t>(request.size()));
  std::string answer;
  char buf[4096];
  for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;) answer.append(buf, static_cast<size_t>(n));
  ::close(fd);
  EXPECT_EQ(answer.rfind("HTTP/1.1 200", 0), 0u) << answer;
  EXPECT_NE(answer.find("\"board_points\":81"), std::string::npos) << answer;
}

// Slow clients (a header line every 1.5 s, inside the read timeout) and idle
// ones (connected, silent) more than the default pool's 8 threads: a normal
// request is still answered at once.
TEST_F(Serve, SlowAndIdleClientsDoNotStarveTheOthers) {
  std::atomic<bool> done{false};
  std::vector<int> slow, idle;
  for (int i = 0; i < 12; ++i) {
    slow.push_back(connect_raw(port_));
    idle.push_back(connect_raw(port_));
    ASSERT_GE(slow.back(), 0);
    ASSERT_GE(idle.back(), 0);
    ASSERT_GT(::send(slow.back(), "POST /api/score HTTP/1.1\r\n", 26, MSG_NOSIGNAL), 0);
  }
  std::thread trickle([&] {
    for (int round = 0; round < 4 && !done; ++round) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1500));
      for (int fd : slow) ::send(fd, "X-Slow: yes\r\n", 13, MSG_NOSIGNAL);
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  for (int i = 0; i < 5; ++i) {
    const auto start = Clock::now();
    const auto r = client().Get("/api/rules");
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    EXPECT_LT(seconds, 1.5) << "request " << i << " waited " << seconds << " s behind slow clients";
    std::this_thread::sleep_for(std::chrono::milliseconds(700));
  }
  done = true;
  trickle.join();
  for (int fd : slow) ::close(fd);
  for (int fd : idle) ::close(fd);
}

// A server of its own for one test: serving when made, stopped when gone.
class OwnServer {
 public:
  explicit OwnServer(const ServeOptions& o) : server_(on_any_port(o)) {
    std::string error;
    port_ = server_.bind(&error);
    EXPECT_GT(port_, 0) << error;
    thread_ = std::thread([this] { server_.run(); });
    httplib::Client c("127.0.0.1", port_);
    for (int i = 0; i < 1000 && !c.Get("/api/rules"); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ~OwnServer() {
    server_.stop();
    thread_.join();
  }
  int port() const { return port_; }

 private:
  static ServeOptions on_any_port(ServeOptions o) {
    o.port = 0;
    return o;
  }
  Server server_;
  int port_ = -1;
  std::thread thread_;
};

// The file limit raised to `needed` where it is lower and the hard limit
// allows; false where it cannot be.
bool files_for(size_t needed) {
  rlimit r{};
  if (::getrlimit(RLIMIT_NOFILE, &r) != 0) return false;
  if (r.rlim_cur == RLIM_INFINITY || r.rlim_cur >= needed) return true;
  if (r.rlim_max != RLIM_INFINITY && r.rlim_max < needed) return false;
  r.rlim_cur = needed;
  return ::setrlimit(RLIMIT_NOFILE, &r) == 0;
}

// `n` connections to `port`, each opened without waiting (a server that
// stops accepting must not hang the test), then given a second in all to be
// made. They send nothing.
std::vector<int> open_silent(int port, int n) {
  std::vector<int> fds;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  for (int i = 0; i < n; ++i) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) break;
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);  // EINPROGRESS
    fds.push_back(fd);
  }
  const auto until = Clock::now() + std::chrono::seconds(1);
  for (const int fd : fds) {
    pollfd p{fd, POLLOUT, 0};
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
    ::poll(&p, 1, static_cast<int>(std::max<decltype(left)>(left, 0)));
  }
  return fds;
}

// The seconds a request took, or -1 with no answer within 3 s.
double seconds_to_answer(int port, const std::function<httplib::Result(httplib::Client&)>& request) {
  httplib::Client c("127.0.0.1", port);
  c.set_connection_timeout(3, 0);
  c.set_read_timeout(3, 0);
  const auto start = Clock::now();
  const httplib::Result r = request(c);
  if (!r || r->status != 200) return -1;
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Hundreds of clients that connect and send nothing, or half a request's
// head, or a head and half its body, and stall: a real request is still
// answered at once. Each held a worker until a read timed out (2 s), so the
// workers, the queue and then the accept loop filled, and a request waited
// 1.5 to 20 s.
TEST(ServeLoad, IdleAndHalfSentClientsDoNotDelayARequest) {
  constexpr int kClients = 600;
  if (!files_for(2 * kClients + 256)) GTEST_SKIP() << "the file limit (ulimit -n) is below " << 2 * kClients + 256;
  OwnServer server{ServeOptions{}};
  std::vector<int> clients = open_silent(server.port(), kClients);
  ASSERT_EQ(clients.size(), static_cast<size_t>(kClients));
  const std::string head = "POST /api/score HTTP/1.1\r\nHost: x\r\n";
  const std::string half_body = head + "Content-Length: 100\r\n\r\n(;SZ[9]";
  for (size_t i = 0; i < clients.size(); ++i) {
    const std::string& sent = i % 3 == 1 ? head : half_body;
    if (i % 3) ::send(clients[i], sent.data(), sent.size(), MSG_NOSIGNAL);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // all accepted and waiting
  const double get = seconds_to_answer(server.port(), [](httplib::Client& c) { return c.Get("/api/rules"); });
  const double post = seconds_to_answer(server.port(), [](httplib::Client& c) {
    return c.Post("/api/score", "(;SZ[9]KM[7];B[ee];W[ec])", "application/x-go-sgf");
  });
  for (const int fd : clients) ::close(fd);
  EXPECT_GE(get, 0) << "GET /api/rules: no answer within 3 s behind " << kClients << " stalled clients";
  EXPECT_LT(get, 2.0) << "GET /api/rules waited behind " << kClients << " stalled clients";
  EXPECT_GE(post, 0) << "POST /api/score: no answer within 3 s behind " << kClients << " stalled clients";
  EXPECT_LT(post, 2.0) << "POST /api/score waited behind " << kClients << " stalled clients";
}

// Past max_connections the connection that has waited longest for its
// request is closed, with a 503 line saying why, and a new client is
// answered.
TEST(ServeLoad, PastTheCapTheLongestWaitingIsClosed) {
  if (!files_for(512)) GTEST_SKIP() << "the file limit (ulimit -n) is below 512";
  ServeOptions o;
  o.max_connections = 20;
  OwnServer server(o);
  std::vector<int> clients = open_silent(server.port(), 50);
  const double get = seconds_to_answer(server.port(), [](httplib::Client& c) { return c.Get("/api/rules"); });
  EXPECT_GE(get, 0) << "no answer past the cap";
  EXPECT_LT(get, 2.0);
  std::string first;
  char buf[4096];
  pollfd p{clients.front(), POLLIN, 0};
  for (ssize_t n; ::poll(&p, 1, 1000) > 0 && (n = ::recv(clients.front(), buf, sizeof buf, 0)) > 0;)
    first.append(buf, static_cast<size_t>(n));
  EXPECT_EQ(first.rfind("HTTP/1.1 503 Service Unavailable\r\n", 0), 0u) << first;
  EXPECT_NE(first.find(R"({"error":"too many connections open (over 20): this one, waiting longest for its request, )"
                       R"(is closed; try again"})"),
            std::string::npos)
      << first;
  size_t closed = 0;
  for (const int fd : clients) {
    closed += ::recv(fd, buf, sizeof buf, MSG_DONTWAIT) > 0;
    ::close(fd);
  }
  EXPECT_GE(closed, 50u - 20u);
}

// A record of `bytes` or more: the example with a long comment.
std::string padded_record(size_t bytes) {
  std::string text = slurp("examples/example.sgf");
  const size_t root = text.find(';') + 1;
  return text.insert(root, "C[" + std::string(bytes, 'x') + "]");
}

// A scratch folder for files a client sends, removed at the end.
struct Scratch {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("gocount_serve_" + std::to_string(::getpid()));
  Scratch() { std::filesystem::create_directories(dir); }
  ~Scratch() { std::filesystem::remove_all(dir); }
  std::string file(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name, std::ios::binary) << text;
    return (dir / name).string();
  }
};

// A shell command's standard output.
std::string shell(const std::string& command) {
  std::string out;
  FILE* p = ::popen(command.c_str(), "r");
  if (!p) return out;
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  ::pclose(p);
  return out;
}

// The form type is curl's and urllib's default for a body: a record sent
// that way is read whole up to the real limit (the library stops such a body
// at 8,192 bytes), and so are the parts of a multipart form and the fields
// of an HTML form.
TEST_F(Serve, EveryBodyTypeIsReadUpToTheLimit) {
  const Scratch scratch;
  for (const size_t size : {size_t{9000}, size_t{3} << 20}) {
    const std::string text = padded_record(size);
    const std::string file = scratch.file("big.sgf", text);
    const std::string want = run_gocount("score --format json " + file).out;
    for (const char* type : {"application/x-www-form-urlencoded", "text/plain", "application/x-go-sgf"}) {
      const auto r = client().Post("/api/score", text, type);
      ASSERT_TRUE(r) << type;
      ASSERT_EQ(r->status, 200) << type << " " << size << ": " << r->body.substr(0, 200);
      expect_same_as_cli(r->body, want, std::string(type) + " " + std::to_string(size));
    }
    httplib::MultipartFormDataItems parts = {{"record", text, "game.sgf", "application/x-go-sgf"},
                                             {"rules", "chinese", "", ""}};
    const auto multipart = client().Post("/api/score", parts);
    ASSERT_TRUE(multipart);
    expect_same_as_cli(multipart->body, run_gocount("score --format json --rules chinese " + file).out, "multipart");
    const auto form = client().Post("/api/score", httplib::Params{{"record", text}, {"komi", "0.5"}});
    ASSERT_TRUE(form);
    expect_same_as_cli(form->body, run_gocount("score --format json --komi 0.5 " + file).out, "form of fields");
  }
}

// curl's and Python urllib's defaults, as a user types them, a small and a
// large (> 8 KB) record, several clients at once.
TEST_F(Serve, CurlAndUrllibDefaultsAreAnswered) {
  const Scratch scratch;
  const std::string small = scratch.file("small.sgf", slurp("examples/example.sgf"));
  const std::string big = scratch.file("big.sgf", padded_record(20000));
  const std::string urllib = scratch.file("post.py",
                                          "import sys, urllib.request, urllib.error\n"
                                          "data = open(sys.argv[1], 'rb').read()\n"
                                          "try:\n"
                                          "    r = urllib.request.urlopen(sys.argv[2], data=data)\n"
                                          "    sys.stdout.write('%d %s' % (r.status, r.read().decode()))\n"
                                          "except urllib.error.HTTPError as e:\n"
                                          "    sys.stdout.write('%d %s' % (e.code, e.read().decode()))\n");
  const std::string url = "http://127.0.0.1:" + std::to_string(port_) + "/api/score";
  std::vector<std::string> commands, wants;
  for (const std::string& file : {small, big}) {
    const std::string want = "200 " + run_gocount("score --format json " + file).out;
    commands.push_back("curl -s -w '%{http_code} ' --data-binary @" + file + " " + url);
    commands.push_back("/usr/bin/python3 " + urllib + " " + file + " " + url);
    wants.insert(wants.end(), 2, want);
  }
  std::vector<std::string> got(commands.size() * 3);
  std::vector<std::thread> clients;
  for (size_t i = 0; i < got.size(); ++i) clients.emplace_back([&, i] { got[i] = shell(commands[i % commands.size()]); });
  for (std::thread& t : clients) t.join();
  for (size_t i = 0; i < got.size(); ++i) {
    std::string answer = got[i];
    if (i % 2 == 0 && answer.size() > 4) answer = answer.substr(answer.size() - 4) + answer.substr(0, answer.size() - 4);
    const size_t space = answer.find(' ');
    ASSERT_NE(space, std::string::npos) << commands[i % commands.size()] << ": " << got[i];
    EXPECT_EQ(answer.substr(0, space), "200") << commands[i % commands.size()] << ": " << answer.substr(0, 300);
    expect_same_as_cli(answer.substr(space + 1), wants[i % wants.size()].substr(4), commands[i % commands.size()]);
  }
}

TEST_F(Serve, AWrongMethodIsToldWhichOnesWork) {
  httplib::Client c = client();
  c.set_keep_alive(true);  // the refusals leave the connection in step
  struct Case {
    std::string method, path, allow, error;
  };
  const Case cases[] = {
      {"GET", "/api/score", "POST, OPTIONS", "/api/score answers POST, not GET"},
      {"PUT", "/api/score", "POST, OPTIONS", "/api/score answers POST, not PUT"},
      {"POST", "/api/rules", "GET, HEAD, OPTIONS", "/api/rules answers GET, not POST"},
      {"DELETE", "/api/tally", "GET, HEAD, POST, OPTIONS", "/api/tally answers GET or POST, not DELETE"},
      {"PATCH", "/", "GET, HEAD, OPTIONS", "/ answers GET, not PATCH"},
  };
  for (const Case& k : cases) {
    httplib::Request req;
    req.method = k.method;
    req.path = k.path;
    if (k.method != "GET") req.body = padded_record(20000);
    req.set_header("Content-Type", "application/x-www-form-urlencoded");
    const auto r = c.send(req);
    EXPECT_EQ(refusal(r, 405), k.error) << k.method << " " << k.path;
    if (r) {
      EXPECT_EQ(r->get_header_value("Allow"), k.allow) << k.method << " " << k.path;
    }
    const auto after = c.Get("/api/rules");
    ASSERT_TRUE(after) << "after " << k.method << " " << k.path;
    EXPECT_EQ(after->status, 200);
  }
  EXPECT_EQ(refusal(c.Post("/nothing/here", "x", "text/plain"), 404), "no such page or API: /nothing/here");
  const auto options = c.Options("/api/score");
  ASSERT_TRUE(options);
  EXPECT_EQ(options->status, 204);
  EXPECT_EQ(options->get_header_value("Allow"), "POST, OPTIONS");
}

TEST_F(Serve, TheBrowserFindsAnIcon) {
  const auto r = client().Get("/favicon.ico");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->get_header_value("Content-Type"), "image/x-icon");
  ASSERT_EQ(r->body.size(), 6u + 16 + 40 + 16 * 16 * 4 + 16 * 4);  // one 16x16 32-bit image and its mask
  EXPECT_EQ(r->body.substr(0, 6), std::string("\0\0\1\0\1\0", 6));
}

// Without --cors a browser gets no CORS header (it then keeps the answer
// from a page of another origin); with it, the named origin's preflight and
// requests are answered with them, another origin's not.
TEST_F(Serve, CorsOnlyForTheOriginsGiven) {
  const std::string app = "http://127.0.0.1:5173";
  auto preflight = [&](httplib::Client& c, const std::string& origin) {
    return c.Options("/api/score", {{"Origin", origin}, {"Access-Control-Request-Method", "POST"},
                                    {"Access-Control-Request-Headers", "content-type"}});
  };
  httplib::Client plain = client();
  const auto none = preflight(plain, app);
  ASSERT_TRUE(none);
  EXPECT_FALSE(none->has_header("Access-Control-Allow-Origin"));
  EXPECT_FALSE(none->has_header("Access-Control-Allow-Methods"));
  EXPECT_FALSE(plain.Get("/api/rules", {{"Origin", app}})->has_header("Access-Control-Allow-Origin"));

  ServeOptions o;
  o.port = 0;
  o.cors = {app};
  Server server(o);
  std::string error;
  const int port = server.bind(&error);
  ASSERT_GT(port, 0) << error;
  std::thread thread([&] { server.run(); });
  httplib::Client c("127.0.0.1", port);
  const auto pre = preflight(c, app);
  ASSERT_TRUE(pre);
  EXPECT_EQ(pre->status, 204);
  EXPECT_EQ(pre->get_header_value("Access-Control-Allow-Origin"), app);
  EXPECT_EQ(pre->get_header_value("Access-Control-Allow-Methods"), "POST, OPTIONS");
  EXPECT_EQ(pre->get_header_value("Access-Control-Allow-Headers"), "Content-Type");
  const auto scored = c.Post("/api/score", {{"Origin", app}}, Json{{"record", slurp("examples/example.sgf")}}.dump(),
                             "application/json");
  ASSERT_TRUE(scored);
  EXPECT_EQ(scored->status, 200);
  EXPECT_EQ(scored->get_header_value("Access-Control-Allow-Origin"), app);
  const auto refused = c.Post("/api/score", {{"Origin", app}}, "{}", "application/json");
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->get_header_value("Access-Control-Allow-Origin"), app);  // the page can read why
  const auto other = preflight(c, "http://127.0.0.1:6000");
  ASSERT_TRUE(other);
  EXPECT_FALSE(other->has_header("Access-Control-Allow-Origin"));
  server.stop();
  thread.join();
  EXPECT_EQ(cors_origin_error("http://localhost:3000"), "");
  EXPECT_EQ(cors_origin_error("*"), "");
  EXPECT_NE(cors_origin_error("localhost:3000"), "");
  EXPECT_NE(cors_origin_error("http://localhost:3000/app"), "");
}

}  // namespace
}  // namespace gocount
