// The gocount command run as a user runs it, for the tests that need its
// output, exit status and error lines (test_cli, test_pictures).
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace gocount_test {

struct Output {
  int status = -1;
  std::string out, err;
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Runs `gocount ARGS` through the shell from the current folder.
inline Output run_gocount(const std::string& args) {
  namespace fs = std::filesystem;
  const fs::path err = fs::temp_directory_path() / ("gocount_cli_err_" + std::to_string(::getpid()));
  const std::string cmd = std::string(GOCOUNT_BINARY) + " " + args + " 2>" + err.string();
  Output r;
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int st = ::pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  r.err = slurp(err);
  fs::remove(err);
  return r;
}

}  // namespace gocount_test
