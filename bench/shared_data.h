// What the benchmarks on real records share: reading ../shared/data and the
// environment variables that steer a run.
#pragma once

#include <cstdlib>
#include <string_view>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "analysis/estimate.h"

namespace gocount::bench {

inline const std::filesystem::path kData = GOCOUNT_SHARED_DATA;

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// GOCOUNT_BENCH_VERBOSE=1 lists every record not reproduced.
inline bool verbose() {
  const char* v = std::getenv("GOCOUNT_BENCH_VERBOSE");
  return v && *v && *v != '0';
}

// GOCOUNT_BENCH_RECORDS=n takes at most n records a file.
inline int records_per_file(int fallback) {
  const char* v = std::getenv("GOCOUNT_BENCH_RECORDS");
  return v && std::atoi(v) > 0 ? std::atoi(v) : fallback;
}

// GOCOUNT_UNSURE_BELOW=x measures another threshold for unsure chains;
// GOCOUNT_DEAD_BELOW=x the model's threshold for dead; GOCOUNT_JUDGE=model,
// cascade or playouts (the default) the judge; GOCOUNT_SURE_FROM=x the
// cascade's threshold; GOCOUNT_MODEL_FILE=FILE another network's weights.
inline EstimateOptions estimate_options() {
  EstimateOptions o;
  if (const char* v = std::getenv("GOCOUNT_MODEL_FILE"); v && *v) {
    static const OwnershipModel model = OwnershipModel::from_file(v);
    o.model = &model;
  }
  if (const char* v = std::getenv("GOCOUNT_JUDGE"); v && std::string_view(v) == "playouts") o.judge = Judge::kPlayouts;
  if (const char* v = std::getenv("GOCOUNT_JUDGE"); v && std::string_view(v) == "model") o.judge = Judge::kModel;
  if (const char* v = std::getenv("GOCOUNT_JUDGE"); v && std::string_view(v) == "cascade") o.judge = Judge::kCascade;
  if (const char* v = std::getenv("GOCOUNT_SURE_FROM"); v && *v) o.sure_from = std::atof(v);
  if (const char* v = std::getenv("GOCOUNT_UNSURE_BELOW"); v && *v) o.unsure_below = std::atof(v);
  if (const char* v = std::getenv("GOCOUNT_DEAD_BELOW"); v && *v) o.dead_below = std::atof(v);
  if (const char* v = std::getenv("GOCOUNT_SECOND_OPINION"); v && *v) o.second_opinion = std::atoi(v);
  if (const char* v = std::getenv("GOCOUNT_PLAYOUTS"); v && *v) o.playouts = std::atoi(v);
  if (const char* v = std::getenv("GOCOUNT_SEKI_FROM"); v && *v) o.seki_from = std::atof(v);
  return o;
}

}  // namespace gocount::bench
