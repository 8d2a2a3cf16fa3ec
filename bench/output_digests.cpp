// What gocount prints for every record of ../shared/data, as digests: the
// check that work on speed (issue 23) changes no answer. Every game of every
// .sgf file is counted once with the command's defaults (gocount score
// FILE), through the public API, and each output (text, JSON, CSV, SVG) is
// hashed;
// a folder's line holds the digest of each output over all the games of its
// .sgf files (not those of its subfolders), file by file in name order.
//
//   output_digests [--every N] DATA_DIR > digests.tsv     record
//   output_digests --check digests.tsv [--every N] DATA_DIR   compare (exit 1: differs)
//   output_digests --list [--every N] DATA_DIR           one line a game (to find which)
//
// --every N counts one game in N of each file (the first, the N+1th, ...).
// A DATA_DIR that does not exist is skipped with a message (exit 77).
#include <gocount/gocount.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// FNV-1a, 64 bits: stable across builds and machines.
struct Digest {
  uint64_t h = 14695981039346656037ull;
  void add(std::string_view s) {
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    h = (h ^ 0xffu) * 1099511628211ull;  // a separator: "ab"+"c" is not "a"+"bc"
  }
  std::string hex() const {
    char out[17];
    std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
    return out;
  }
};

constexpr const char* kFormats[] = {"text", "json", "csv", "svg"};
constexpr int kNumFormats = 4;

struct FolderDigest {
  int games = 0;
  Digest out[kNumFormats];
};

// One game's outputs, as `gocount score --format F FILE` prints them; a game
// that cannot be read or counted gives its error in each.
std::vector<std::string> outputs(const std::string& name, const gocount::Entry& e) {
  if (!e.position) {
    const std::string error = gocount::csv_error(name, e.index, e.record_hash, e.error);
    return {e.error, e.error, error, e.error};
  }
  try {
    const gocount::Result r = gocount::score(*e.position);
    return {r.text(name, e.index), r.json(name, e.index), r.csv(name, e.index), r.svg()};
  } catch (const gocount::Error& error) {
    return {error.what(), error.what(), gocount::csv_error(name, e.index, e.record_hash, error.what()), error.what()};
  }
}

std::vector<fs::path> sgf_files(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".sgf") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

void digest_file(const fs::path& path, const std::string& name, int every, bool list, FolderDigest& d) {
  try {
    gocount::Collection games(path.string());
    for (gocount::Entry e; games.next(e);) {
      if (e.index % every) continue;
      const std::vector<std::string> out = outputs(name, e);
      ++d.games;
      for (int f = 0; f < kNumFormats; ++f) d.out[f].add(out[f]);
      if (list) {
        std::cout << name << "\t" << e.index;
        for (const std::string& o : out) {
          Digest one;
          one.add(o);
          std::cout << "\t" << one.hex();
        }
        std::cout << "\n";
      }
    }
  } catch (const gocount::Error& error) {  // the file as a whole
    d.out[0].add(error.what());
  }
}

std::map<std::string, std::vector<std::string>> read_table(const std::string& path) {
  std::map<std::string, std::vector<std::string>> rows;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cells;
    std::istringstream row(line);
    for (std::string cell; std::getline(row, cell, '\t');) cells.push_back(cell);
    if (cells.size() == 2 + kNumFormats) rows[cells[0]] = cells;
  }
  return rows;
}

int usage() {
  std::cerr << "usage: output_digests [--check FILE | --list] [--every N] DATA_DIR\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string check, dir;
  int every = 1;
  bool list = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--check" && i + 1 < argc) check = argv[++i];
    else if (a == "--every" && i + 1 < argc) every = std::max(1, std::atoi(argv[++i]));
    else if (a == "--list") list = true;
    else if (a.rfind("--", 0) == 0 || !dir.empty()) return usage();
    else dir = a;
  }
  if (dir.empty()) return usage();
  if (!fs::is_directory(dir)) {
    std::cerr << "output_digests: no data at " << dir << ": skipped\n";
    return 77;
  }
  const auto want = check.empty() ? decltype(read_table("")){} : read_table(check);
  if (!check.empty() && want.empty()) {
    std::cerr << "output_digests: " << check << ": no digests in it\n";
    return 2;
  }
  int differ = 0, files = 0, games = 0;
  if (check.empty() && !list) std::cout << "# folder\tgames\ttext\tjson\tcsv\tsvg (output_digests --every " << every << ")\n";
  // Per folder, in the order of its files.
  std::map<std::string, FolderDigest> folders;
  for (const fs::path& path : sgf_files(dir)) {
    const std::string name = fs::relative(path, dir).generic_string();
    const std::string folder = fs::relative(path, dir).parent_path().generic_string();
    FolderDigest& d = folders[folder.empty() ? "." : folder];
    digest_file(path, name, every, list, d);
    ++files;
  }
  for (const auto& [name, d] : folders) {
    games += d.games;
    std::vector<std::string> got = {name, std::to_string(d.games)};
    for (const Digest& f : d.out) got.push_back(f.hex());
    if (check.empty()) {
      if (!list) {
        for (size_t i = 0; i < got.size(); ++i) std::cout << (i ? "\t" : "") << got[i];
        std::cout << "\n";
      }
      continue;
    }
    const auto it = want.find(name);
    if (it == want.end()) {
      std::cerr << name << ": not in " << check << " (a new folder: record the digests again)\n";
      ++differ;
      continue;
    }
    for (int f = 0; f < kNumFormats; ++f)
      if (it->second[2 + f] != got[2 + f] || it->second[1] != got[1]) {
        std::cerr << name << ": the " << kFormats[f] << " output differs (" << got[1] << " games; list them with --list)\n";
        ++differ;
      }
  }
  for (const auto& [name, row] : want)
    if (!folders.count(name)) std::cerr << name << ": in " << check << " but has no .sgf file in " << dir << "\n";
  std::cerr << "output_digests: " << files << " files in " << folders.size() << " folders, " << games << " games"
            << (check.empty() ? "" : differ ? ": outputs differ" : ": every output as recorded") << "\n";
  return differ ? 1 : 0;
}
