#include "rules/kata.h"

#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <vector>

#include "sgf/parse_error.h"

namespace gocount {

namespace {

struct KataPreset {
  std::string_view preset;
  std::string_view json;
};
// Keys in KataGo's order.
constexpr KataPreset kKataPresets[] = {
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
    // KataGo's chinese-ogs and chinese-kgs: Chinese with positional superko,
    // as gocount's Chinese rules have it (KataGo's chinese plays simple ko);
    // last, so that kata-get-rules answers KataGo's chinese.
    {"chinese",
     R"({"friendlyPassOk":true,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N"})"},
};

// What counting depends on, with KataGo's defaults for what is left out
// (Tromp-Taylor's; tax SEKI under territory scoring). Throws
// nlohmann::json::exception when it is no such object.
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
    else if (key != "friendlyPassOk" && key != "komi") throw std::invalid_argument("unknown rules option '" + quote_input(key) + "'");
    tax = tax || key == "tax";
  }
  if (!tax) r["tax"] = r["scoring"] == "TERRITORY" ? "SEKI" : "NONE";
  return r;
}

// A key given twice: nlohmann keeps the last, and the first was dropped
// without a word ("they match none of the rule sets").
struct RepeatedKey : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// `text` parsed, refusing a key given twice in any object.
nlohmann::json parse_keys_once(std::string_view text) {
  std::vector<std::set<std::string>> open;  // the keys of each object being read
  return nlohmann::json::parse(text, [&](int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    using Event = nlohmann::json::parse_event_t;
    if (event == Event::object_start) open.emplace_back();
    if (event == Event::object_end) open.pop_back();
    if (event == Event::key && !open.back().insert(parsed.get<std::string>()).second)
      throw RepeatedKey("the key '" + quote_input(parsed.get<std::string>()) + "' is given twice");
    return true;
  });
}

KataChoice from_json(std::string_view text, std::string& error) {
  KataChoice out;
  try {
    const nlohmann::json in = parse_keys_once(text);
    if (!in.is_object()) throw std::invalid_argument("not an object");
    if (in.contains("score") && in.contains("scoring"))
      throw RepeatedKey("'score' and 'scoring' are one key, given twice");
    const nlohmann::json want = kata_counting_keys(in);
    if (in.contains("komi")) {
      const nlohmann::json& k = in["komi"];
      if (!k.is_number() || !std::isfinite(k.get<double>()) || std::fabs(k.get<double>()) > 1000)
        throw std::invalid_argument("komi " + k.dump() + " is not a number from -1000 to 1000");
      out.komi = k.get<double>();
    }
    for (const KataPreset& k : kKataPresets)
      if (kata_counting_keys(nlohmann::json::parse(k.json)) == want) {
        out.rules = find_rules(k.preset);
        return out;
      }
    error = "they match none of the rule sets gocount counts (KataGo's chinese, japanese, korean, aga, new-zealand, "
            "tromp-taylor; or gocount's names: " + rule_names() + ")";
  } catch (const RepeatedKey& e) {
    error = e.what();
  } catch (const std::exception& e) {
    error = "not KataGo's rules JSON: " + std::string(without_json_tag(e.what()));
  }
  return {};
}

// KataGo's names for rule sets gocount has not.
bool kata_only(std::string_view name) {
  std::string folded;
  for (const char c : name)
    if (std::isalnum(static_cast<unsigned char>(c))) folded += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (std::string_view k : {"ancientarea", "stonescoring", "ancientterritory", "agabutton"})
    if (folded == k) return true;
  return false;
}

}  // namespace

std::string_view kata_rules_json(const Rules& r) {
  for (const KataPreset& k : kKataPresets)
    if (k.preset == r.name) return k.json;
  return "";
}

KataChoice rules_from_kata(std::string_view text, std::string* error) {
  const std::string quoted = fmt::format("'{}'", quote_input(text));
  std::string why;
  if (text.starts_with('{')) {
    KataChoice c = from_json(text, why);
    if (!c.rules) *error = fmt::format("rules {}: {}", quoted, why);
    return c;
  }
  const Rules* r = kata_only(text) ? nullptr : find_rules(text);
  if (!r) *error = fmt::format("unknown rules {} (known: {})", quoted, rule_names());
  return {r, std::nullopt};
}

}  // namespace gocount
