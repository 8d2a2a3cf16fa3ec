// `gocount serve`: the local web page where a player counts a game by
// clicking, and the JSON API programs call (see README, "gocount serve").
// Every answer comes from the library; this file only reads requests and
// writes answers.
//
// The server (serve.cpp, over cpp-httplib and OpenSSL) is in the program
// gocount-serve, not in gocount: loading those libraries cost every run of
// gocount, one record or a thousand, some 7 ms. `gocount serve` checks its
// options, then runs gocount-serve with the same arguments (apps/gocount.cpp).
// The options and their check (serve_options.cpp) are in both.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace gocount {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port
  size_t max_body = 8 << 20;
  // A connection waits for its request without a thread (idle or slow
  // clients hold none); workers answer those whose request is here:
  // `threads` always, more while every one is busy (a client slow to send a
  // body over 64 KB holds its worker until a read times out), up to
  // `max_threads`. Past `max_connections` open (fewer where the file limit is
  // lower), the one waiting longest for its request is closed with a 503.
  size_t threads = 8, max_threads = 64, max_connections = 1024;
  int read_timeout_s = 2, write_timeout_s = 5, keep_alive_timeout_s = 2;
  // --cors: the origins (scheme://host[:port], or "*" for any) whose pages
  // may call the API from a browser; none: no CORS headers at all.
  std::vector<std::string> cors;
};

// "" when `origin` is one --cors takes, else the line saying why not.
std::string cors_origin_error(const std::string& origin);

class Server {
 public:
  explicit Server(const ServeOptions& options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;
  // Binds; returns the port (the one chosen when options.port is 0), or -1
  // with `error` set.
  int bind(std::string* error);
  // Serves until stop(); call after bind().
  void run();
  void stop();

 private:
  struct Impl;
  Impl* impl_;
};

}  // namespace gocount
