#include "serve.h"

#include <httplib.h>

#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <fmt/format.h>
#include <limits>
#include <map>
#include <set>
#include <mutex>
#include <string_view>
#include <thread>
#include <tuple>
#include <utility>

#include <gocount/gocount.h>
#include <nlohmann/json.hpp>

#include "serve_assets.h"

namespace gocount {

namespace {

using Json = nlohmann::ordered_json;

// /api/sgf's header saying why RE was not written (mark_record's `withheld`).
constexpr const char* kWithheldHeader = "Gocount-Result-Withheld";

// A request the API refuses: the status and one line saying why.
struct Refused : std::runtime_error {
  Refused(int status, const std::string& message) : std::runtime_error(message), status(status) {}
  int status;
};

// The workers. A few threads always; while every one is busy (a client
// slow to send a body over 64 KB holds its worker until a read times out)
// another is started, up to a cap. They take only connections whose request
// is here (the Gate below), so the queue is bounded by the connections open.
class Workers {
 public:
  Workers(size_t threads, size_t max_threads) : max_threads_(std::max(threads, max_threads)) {
    std::lock_guard lock(mutex_);
    for (size_t i = 0; i < threads; ++i) start();
  }
  void enqueue(std::function<void()> fn) {
    std::lock_guard lock(mutex_);
    jobs_.push_back(std::move(fn));
    // More jobs waiting than idle workers to take them (a worker woken for
    // an earlier one still counts as idle until it takes it): one more, so
    // that a burst of requests does not queue one behind slow ones.
    if (jobs_.size() > idle_ && threads_.size() < max_threads_) start();
    work_.notify_one();
  }
  // Runs the jobs left, then ends every thread.
  void shutdown() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    work_.notify_all();
    for (std::thread& t : threads_) t.join();
  }

 private:
  // With mutex_ held: the new worker counts as idle from now, not from when
  // its thread first runs.
  void start() {
    ++idle_;
    threads_.emplace_back([this] {
      for (;;) {
        std::function<void()> job;
        {
          std::unique_lock lock(mutex_);
          work_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
          --idle_;
          if (jobs_.empty()) return;  // stopping, nothing left
          job = std::move(jobs_.front());
          jobs_.pop_front();
        }
        job();
        std::lock_guard lock(mutex_);
        ++idle_;
      }
    });
  }

  const size_t max_threads_;
  std::mutex mutex_;
  std::condition_variable work_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;  // touched under mutex_ (start) or after stopping (join)
  size_t idle_ = 0;
  bool stopping_ = false;
};

using Clock = std::chrono::steady_clock;
using Micros = std::chrono::microseconds;

// Whether `fd` is ready for `events` (POLLIN, POLLOUT) within `wait`.
bool ready_within(int fd, short events, Micros wait) {
  pollfd p{fd, events, 0};
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(wait).count();
  int n;
  while ((n = ::poll(&p, 1, static_cast<int>(ms))) < 0 && errno == EINTR) {
  }
  return n > 0;
}

#ifdef MSG_NOSIGNAL
constexpr int kNoSignal = MSG_NOSIGNAL;  // a client gone: the write fails, no SIGPIPE
#else
constexpr int kNoSignal = 0;  // macOS: the library ignores SIGPIPE
#endif

// The most of a request's head that waits at the gate: past it the library
// reads on, and refuses a line over its limits (8,192 bytes). A body of a
// declared length up to kBodyWait waits there too (a record is a few KB); a
// longer one, or chunks, the worker reads.
constexpr size_t kHeadMax = 16 << 10, kBodyWait = 64 << 10;

// How many bytes of `rest` the request at its start takes before a worker
// reads it without waiting: its head, and a body of a declared length up to
// kBodyWait; npos while the head is not here whole.
size_t request_size(std::string_view rest) {
  const size_t blank = rest.starts_with("\r\n") ? 0 : rest.find("\n\r\n");
  if (blank == std::string_view::npos) return blank;
  const size_t head = blank + (blank == 0 ? 2 : 3);
  std::string lower(rest.substr(0, head));
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  // Expect: 100-continue waits for the worker's answer before the body.
  if (lower.find("\nexpect:") != std::string::npos) return head;
  const size_t at = lower.find("\ncontent-length:");
  if (at == std::string::npos) return head;  // no body, or chunks
  size_t length = 0;
  const char* from = lower.c_str() + at + 16;
  while (*from == ' ' || *from == '\t') ++from;
  const auto [end, ec] = std::from_chars(from, lower.c_str() + lower.size(), length);
  if (ec != std::errc() || end == from) return head;  // no size: the library refuses it
  return length <= kBodyWait ? head + length : head;
}

// One client's connection: its socket, and the bytes read from it that the
// library has not taken yet (kept from one request to the next).
struct Conn {
  Conn(int fd, std::atomic<size_t>& open) : fd(fd), open(open) { ++open; }
  ~Conn() {
    ::shutdown(fd, SHUT_RDWR);
    ::close(fd);
    --open;
  }
  Conn(const Conn&) = delete;
  Conn& operator=(const Conn&) = delete;

  size_t buffered() const { return in.size() - taken; }
  // The request is here as far as the gate waits for it (request_size), or
  // it stopped past the read timeout: a worker reads it without waiting.
  bool ready() const {
    const size_t size = request_size(std::string_view(in).substr(taken));
    return stalled || (size == std::string_view::npos ? buffered() >= kHeadMax : buffered() >= size);
  }
  // Reads what the client sent, waiting up to `wait`, at most `most` bytes;
  // false when nothing came (silent, or gone: `ended`).
  bool receive(Micros wait, size_t most = kHeadMax) {
    if (ended || stalled || most == 0 || !ready_within(fd, POLLIN, wait)) return false;
    char chunk[kHeadMax];  // `in` grows by what came, not by what might
    const ssize_t n = ::recv(fd, chunk, std::min(most, sizeof chunk), MSG_DONTWAIT);
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) ended = true;
    if (n <= 0) return false;
    compact();
    in.append(chunk, static_cast<size_t>(n));
    return true;
  }
  // The bytes the library took dropped.
  void compact() {
    in.erase(0, taken);
    taken = 0;
  }

  const int fd;
  std::atomic<size_t>& open;  // the gate's count of connections open
  std::string in;
  size_t taken = 0;       // bytes of `in` the library has read
  bool ended = false;     // the client closed its side (or the socket failed)
  bool stalled = false;   // it stopped mid-request past the read timeout: reads past `in` fail at once
  size_t served = 0;      // requests answered on it
  Clock::time_point since, deadline;  // parked at the gate since; closed or handed on at deadline
};

// The library's view of a connection, as its own socket stream: reads take
// what the gate read first, then wait up to the read timeout.
class ConnStream : public httplib::Stream {
 public:
  ConnStream(Conn& c, Micros read_timeout, Micros write_timeout) : c_(c), read_(read_timeout), write_(write_timeout) {}
  bool is_readable() const override { return c_.buffered() > 0 || ready_within(c_.fd, POLLIN, read_); }
  bool is_writable() const override { return ready_within(c_.fd, POLLOUT, write_); }
  ssize_t read(char* ptr, size_t size) override {
    if (c_.buffered() == 0 && !c_.receive(read_)) return c_.ended ? 0 : -1;
    size = std::min(size, c_.buffered());
    std::memcpy(ptr, c_.in.data() + c_.taken, size);
    c_.taken += size;
    return static_cast<ssize_t>(size);
  }
  ssize_t write(const char* ptr, size_t size) override {
    return is_writable() ? ::send(c_.fd, ptr, size, kNoSignal) : -1;
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override { address(::getpeername, ip, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override { address(::getsockname, ip, port); }
  socket_t socket() const override { return c_.fd; }

 private:
  void address(int (*get)(int, sockaddr*, socklen_t*), std::string& ip, int& port) const {
    sockaddr_storage a{};
    socklen_t size = sizeof a;
    char host[NI_MAXHOST] = "";
    if (get(c_.fd, reinterpret_cast<sockaddr*>(&a), &size) != 0 ||
        ::getnameinfo(reinterpret_cast<sockaddr*>(&a), size, host, sizeof host, nullptr, 0, NI_NUMERICHOST) != 0)
      return;
    ip = host;
    port = ntohs(a.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&a)->sin6_port
                                         : reinterpret_cast<sockaddr_in*>(&a)->sin_port);
  }

  Conn& c_;
  const Micros read_, write_;
};

class Gate;

// cpp-httplib's server, but a connection waits for its request at the gate,
// not in a worker: the library's own loop held a worker per connection until
// the request came or 2 s passed, so 800 silent clients kept the workers,
// the queue and then the accept loop busy, and a real request waited
// seconds (its SYN dropped from the full backlog, resent after 1, 3, 7 s).
class Http : public httplib::Server {
 public:
  explicit Http(const ServeOptions& o);
  bool stopped() const { return svr_sock_ == INVALID_SOCKET; }
  // After bind: the library listens with a backlog of 5, and a burst of
  // connections past it had SYNs dropped (each such client waited 1 s).
  void widen_backlog() { ::listen(svr_sock_, SOMAXCONN); }
  // Answers the request `c` holds; false when the connection is then to
  // close.
  bool answer(Conn& c);
  Micros read_timeout() const { return Micros(read_timeout_sec_ * 1'000'000 + read_timeout_usec_); }
  Micros keep_alive_timeout() const { return Micros(keep_alive_timeout_sec_ * 1'000'000); }

 private:
  // The library's accept loop hands each connection here (through
  // Gate::enqueue, on its own thread): it goes to the gate at once.
  bool process_and_close_socket(socket_t sock) override;

  Gate* gate_ = nullptr;  // the one of the listen running
  friend class Gate;
};

// Where connections wait, in one poll loop on its own thread, until their
// request is here (request_size); then a worker answers it. A connection
// costs a socket and its bytes here (80 KB at most), no thread. Past
// `max_connections` open (fewer where the file limit is lower) the one that
// has waited longest is closed with a 503, so that a new one is always read.
class Gate : public httplib::TaskQueue {
 public:
  Gate(Http& http, const ServeOptions& o);
  ~Gate() override;
  // The library's task for a connection (Http::process_and_close_socket)
  // only parks it: run at once, so that the accept loop never waits.
  void enqueue(std::function<void()> fn) override { fn(); }
  void shutdown() override;
  // A new connection, or one back after its request.
  void park(std::shared_ptr<Conn> c);
  void admit(int fd) { park(std::make_shared<Conn>(fd, open_)); }

 private:
  void loop();
  void take_arrivals(std::vector<std::shared_ptr<Conn>>& parked);
  bool step(Conn& c, bool readable, Clock::time_point now);
  void evict(std::vector<std::shared_ptr<Conn>>& parked);
  void serve(std::shared_ptr<Conn> c);
  void wake();

  Http& http_;
  const size_t max_open_;
  std::atomic<size_t> open_{0};
  Workers workers_;
  std::mutex mutex_;
  std::vector<std::shared_ptr<Conn>> arrivals_;  // under mutex_
  bool stopping_ = false;                         // under mutex_
  int wake_[2] = {-1, -1};                        // a pipe: a byte in it wakes the loop
  std::thread thread_;
};

// The connections this process can hold: `wanted`, or fewer where the file
// limit is lower, leaving room for the files, pipes and listening socket.
size_t connection_cap(size_t wanted) {
  rlimit r{};
  if (::getrlimit(RLIMIT_NOFILE, &r) != 0 || r.rlim_cur == RLIM_INFINITY) return wanted;
  const size_t files = static_cast<size_t>(r.rlim_cur), spare = 128;
  return std::clamp<size_t>(files > 2 * spare ? files - spare : files / 2, 1, wanted);
}

Gate::Gate(Http& http, const ServeOptions& o)
    : http_(http), max_open_(connection_cap(o.max_connections)), workers_(o.threads, o.max_threads) {
  if (::pipe(wake_) != 0) throw std::runtime_error("cannot make a pipe");
  for (const int fd : wake_) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  http_.gate_ = this;
  thread_ = std::thread([this] { loop(); });
}

Gate::~Gate() {
  for (const int fd : wake_) ::close(fd);
}

void Gate::shutdown() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake();
  thread_.join();  // closes the connections waiting
  workers_.shutdown();  // those queued close unanswered, as the library's did once stopped
}

void Gate::wake() {
  const char byte = 0;
  [[maybe_unused]] const ssize_t n = ::write(wake_[1], &byte, 1);  // full: a wake is pending anyway
}

void Gate::park(std::shared_ptr<Conn> c) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;  // closed
    arrivals_.push_back(std::move(c));
  }
  wake();
}

void Gate::take_arrivals(std::vector<std::shared_ptr<Conn>>& parked) {
  std::lock_guard lock(mutex_);
  const Clock::time_point now = Clock::now();
  for (std::shared_ptr<Conn>& c : arrivals_) {
    c->since = now;
    // Nothing of the next request yet: as long as the library kept a
    // connection for it; part of one: the read timeout, as for every read.
    c->deadline = now + (c->buffered() ? http_.read_timeout() : http_.keep_alive_timeout());
    parked.push_back(std::move(c));
  }
  arrivals_.clear();
}

// Too many open: the connections that waited longest closed, each told why.
void Gate::evict(std::vector<std::shared_ptr<Conn>>& parked) {
  while (open_ > max_open_ && !parked.empty()) {
    const auto oldest = std::min_element(parked.begin(), parked.end(),
                                         [](const auto& a, const auto& b) { return a->since < b->since; });
    const std::string body = fmt::format(R"({{"error":"too many connections open (over {}): this one, waiting )"
                                         R"(longest for its request, is closed; try again"}})" "\n",
                                         max_open_);
    const std::string answer = fmt::format("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
                                           "Content-Length: {}\r\nConnection: close\r\n\r\n{}",
                                           body.size(), body);
    [[maybe_unused]] const ssize_t n = ::send((*oldest)->fd, answer.data(), answer.size(), MSG_DONTWAIT | kNoSignal);
    parked.erase(oldest);
  }
}

// One parked connection after a poll: true when it leaves the gate (handed
// to a worker, or closed when its owner lets go of it).
bool Gate::step(Conn& c, bool readable, Clock::time_point now) {
  if (readable) {
    c.receive(Micros(0), kHeadMax + kBodyWait - std::min(kHeadMax + kBodyWait, c.buffered()));
    c.deadline = now + http_.read_timeout();
  } else if (now >= c.deadline) {
    if (!c.buffered()) return true;  // silent since: closed, as the library closed it
    c.stalled = true;  // the library answers what it has (400) at once
  }
  if (c.ready()) return true;
  return c.ended;  // gone before its request was here
}

void Gate::loop() {
  std::vector<std::shared_ptr<Conn>> parked;
  std::vector<pollfd> polled;
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;  // `parked` closes with the loop
    }
    take_arrivals(parked);
    evict(parked);
    polled.assign(1, pollfd{wake_[0], POLLIN, 0});
    Clock::time_point next = Clock::now() + std::chrono::seconds(60);
    for (const auto& c : parked) {
      polled.push_back(pollfd{c->fd, POLLIN, 0});
      next = std::min(next, c->deadline);
    }
    const auto wait = std::chrono::ceil<std::chrono::milliseconds>(next - Clock::now()).count();
    if (::poll(polled.data(), polled.size(), static_cast<int>(std::max<decltype(wait)>(wait, 0))) < 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));  // interrupted, or out of memory: again
    for (char drain[256]; ::read(wake_[0], drain, sizeof drain) > 0;) {
    }
    const Clock::time_point now = Clock::now();
    size_t kept = 0;
    for (size_t i = 0; i < parked.size(); ++i) {
      std::shared_ptr<Conn> c = std::move(parked[i]);
      if (!step(*c, polled[i + 1].revents != 0, now)) parked[kept++] = std::move(c);
      else if (c->ready()) workers_.enqueue([this, c] { serve(c); });
    }
    parked.resize(kept);  // the others closed
  }
}

// The requests that are here, then back to the gate to wait for the next.
void Gate::serve(std::shared_ptr<Conn> c) {
  do {
    if (http_.stopped() || !http_.answer(*c)) return;  // closed
  } while (c->ready());
  if (c->ended || c->stalled) return;
  c->compact();
  c->in.shrink_to_fit();  // waiting, it keeps only what it holds (a body read may have grown it)
  park(std::move(c));
}

Http::Http(const ServeOptions& o) {
  new_task_queue = [this, o] { return new Gate(*this, o); };
}

bool Http::process_and_close_socket(socket_t sock) {
  gate_->admit(sock);
  return true;
}

bool Http::answer(Conn& c) {
  ConnStream stream(c, read_timeout(), Micros(write_timeout_sec_ * 1'000'000 + write_timeout_usec_));
  const bool last = ++c.served >= keep_alive_max_count_;
  bool closed = false;
  return process_request(stream, last, closed, nullptr) && !closed && !last;
}

// The body's size against the limit, in words.
std::string too_large(std::optional<size_t> size, size_t limit) {
  if (size) return fmt::format("the body is {} bytes, over the limit of {} bytes", *size, limit);
  return fmt::format("the body is over the limit of {} bytes", limit);
}

// The size the client declared (Content-Length), when it did.
std::optional<size_t> declared_size(const httplib::Request& req) {
  const std::string v = req.get_header_value("Content-Length");
  size_t n = 0;
  const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (v.empty() || ec != std::errc() || p != v.data() + v.size()) return std::nullopt;
  return n;
}

// A Content-Length that is no size ("abc") refused, whatever the method:
// the library read it as 0, and the body then as the next request.
void check_content_length(const httplib::Request& req, httplib::Response& res) {
  if (!req.has_header("Content-Length") || declared_size(req)) return;
  res.set_header("Connection", "close");  // where the body ends is not known
  throw Refused(400, "Content-Length '" + quote(req.get_header_value("Content-Length")) + "' is not a size in bytes");
}

// Reads the body into `req` (parts into req.files), whatever its type, up to
// `limit` bytes. The library's own reading stops a form body (curl's and
// urllib's default type) at 8,192 bytes and answers 413, so every POST reads
// through here.
void read_body(httplib::Request& req, httplib::Response& res, const httplib::ContentReader& reader, size_t limit) {
  check_content_length(req, res);
  // Neither a length nor chunks: the body is empty (RFC 9112 6.3), as
  // urllib and curl -X POST send it; the library's reader would refuse it.
  if (!req.has_header("Content-Length") && !req.has_header("Transfer-Encoding")) return;
  size_t size = 0;
  bool over = false;
  auto keep = [&](std::string& to, const char* data, size_t n) {
    size += n;
    over = size > limit;
    if (!over) to.append(data, n);
    return !over;
  };
  bool read = false;
  if (req.is_multipart_form_data()) {
    httplib::MultipartFormData* part = nullptr;
    read = reader(
        [&](const httplib::MultipartFormData& file) {
          part = &req.files.emplace(file.name, file)->second;
          return true;
        },
        [&](const char* data, size_t n) { return keep(part->content, data, n); });
  } else {
    read = reader([&](const char* data, size_t n) { return keep(req.body, data, n); });
  }
  if (read) return;
  if (over) res.set_header("Connection", "close");  // the rest of the body is left unread
  if (over || res.status == 413) throw Refused(413, too_large(declared_size(req), limit));
  throw Refused(400, "the body could not be read whole (cut short, or not the form it says)");
}

// A form body of fields (an HTML form's record=...&komi=...), not a record
// sent as it is with the form type (curl --data-binary, urllib).
bool is_form_type(const httplib::Request& req) {
  return req.get_header_value("Content-Type").starts_with("application/x-www-form-urlencoded");
}
bool is_form_of_fields(const httplib::Request& req) {
  const std::string& b = req.body;
  const size_t name = b.find_first_not_of("abcdefghijklmnopqrstuvwxyz-_");
  const bool has_record = b.starts_with("record=") || b.starts_with("sgf=") || b.find("&record=") != std::string::npos ||
                          b.find("&sgf=") != std::string::npos;
  return is_form_type(req) && name > 0 &&
         name != std::string::npos && b[name] == '=' && has_record;
}

// A JSON body's fields. A key given twice is refused, as a field given twice
// in a form is (the parser keeps the last without a word).
Json json_fields(const std::string& body) {
  std::set<std::string> keys;
  std::string twice;
  const Json::parser_callback_t once = [&](int depth, Json::parse_event_t event, Json& parsed) {
    if (event == Json::parse_event_t::key && depth == 1 && !keys.insert(parsed.get<std::string>()).second && twice.empty())
      twice = parsed.get<std::string>();
    return true;
  };
  Json f;
  try {
    f = Json::parse(body, once);
  } catch (const Json::exception& e) {
    throw Refused(400, "the body is not valid JSON: " + json_error_words(e.what()));
  }
  if (!f.is_object()) throw Refused(400, "the body must be a JSON object of fields");
  if (!twice.empty()) throw Refused(400, "field '" + quote(twice) + "' given twice");
  return f;
}

// A query string's or a form body's name=value pairs, decoded, in order.
// Not httplib's parse_query_text: it dropped a pair repeated alike
// (size=9&size=9 was taken, size=9&size=8 refused) and read "=9" as a field '9'.
using Pairs = std::vector<std::pair<std::string, std::string>>;
Pairs pairs(std::string_view text) {
  Pairs out;
  for (size_t at = 0; at <= text.size();) {
    const size_t end = std::min(text.find('&', at), text.size());
    const std::string_view pair = text.substr(at, end - at);
    at = end + 1;
    if (pair.empty()) continue;
    const size_t eq = pair.find('=');
    const std::string_view value = eq == std::string_view::npos ? "" : pair.substr(eq + 1);
    out.emplace_back(httplib::detail::decode_url(std::string(pair.substr(0, eq)), true),
                     httplib::detail::decode_url(std::string(value), true));
  }
  return out;
}

// The request's fields: a JSON object body, a multipart form's parts or a
// form of fields; or the query string's, with any other body taken as the
// record (curl --data-binary @game.sgf). Where the endpoint reads no record
// (`takes_record` false), a body of the form's type is its fields, whatever
// they are named (curl -d 'size=9&black=45').
enum class Body : bool { kMayBeRecord, kFieldsOnly };
Json fields(const httplib::Request& req, Body body = Body::kMayBeRecord) {
  Json f = Json::object();
  auto add = [&](const Pairs& params) {
    for (const auto& [key, value] : params) {
      if (f.contains(key)) throw Refused(400, "field '" + quote(key) + "' given twice");
      f[key] = value;
    }
  };
  const bool json_body = req.get_header_value("Content-Type").find("json") != std::string::npos;
  if (json_body) {
    f = json_fields(req.body);
  } else if (req.is_multipart_form_data()) {
    for (const auto& [name, part] : req.files) add({{name, part.content}});
  } else if (is_form_of_fields(req) || (body == Body::kFieldsOnly && is_form_type(req))) {
    add(pairs(req.body));
  } else if (!req.body.empty()) {
    f["record"] = req.body;
  }
  if (const size_t q = req.target.find('?'); q != std::string::npos) add(pairs(std::string_view(req.target).substr(q + 1)));
  return f;
}

// Field names are the command line's, with '-' or '_'.
std::string canonical(std::string key) {
  for (char& c : key)
    if (c == '_') c = '-';
  return key;
}

// The fields of one request, read by type; a field no endpoint reads is refused.
class Fields {
 public:
  Fields(Json f, std::initializer_list<std::string_view> known) {
    for (auto& [key, value] : f.items()) {
      const std::string k = canonical(key);
      if (std::find(known.begin(), known.end(), k) == known.end()) {
        std::string list;
        for (std::string_view n : known) list += (list.empty() ? "" : ", ") + std::string(n);
        throw Refused(400, (key.empty() ? "a field with no name" : "unknown field '" + quote(key) + "'") +
                               " (known: " + list + ")");
      }
      if (values_.contains(k)) throw Refused(400, "field '" + quote(k) + "' given twice");
      values_[k] = std::move(value);
    }
  }
  bool has(const std::string& k) const { return values_.contains(k) && !values_.at(k).is_null(); }
  bool is_bool(const std::string& k) const { return has(k) && values_.at(k).is_boolean(); }
  std::string text(const std::string& k, std::string fallback = "") const {
    if (!has(k)) return fallback;
    const Json& v = values_.at(k);
    if (!v.is_string()) throw Refused(400, "field '" + k + "' must be a string");
    return v.get<std::string>();
  }
  // A field naming one of a few choices: "" given is a mistake (an unset
  // variable), refused as the command refuses --tie '', not the default.
  std::string choice(const std::string& k) const {
    std::string v = text(k);
    if (has(k) && v.empty())
      throw Refused(400, "field '" + k + "': an empty value names none of its choices (leave the field out for the "
                         "default)");
    return v;
  }
  // A number as given, NaN and infinity too: tally's and keynumbers', whose
  // range the library checks (the same line as the command's and Python's).
  std::optional<double> number(const std::string& k) const {
    if (!has(k)) return std::nullopt;
    const Json& v = values_.at(k);
    if (v.is_number()) return v.get<double>();
    if (!v.is_string()) throw Refused(400, "field '" + k + "' must be a number");
    const std::string s = v.get<std::string>();
    const char* b = s.data() + (s.size() > 1 && s[0] == '+');
    double d = 0;
    const auto [p, ec] = std::from_chars(b, s.data() + s.size(), d);
    if (ec != std::errc() || p != s.data() + s.size())
      throw Refused(400, "field '" + k + "': '" + quote(s) + "' is not a number");
    return d;
  }
  std::optional<double> number(const std::string& k, double min, double max) const {
    const std::optional<double> d = number(k);
    if (d && !(std::isfinite(*d) && *d >= min && *d <= max))
      throw Refused(400, fmt::format("field '{}' must be a number from {} to {}", k, min, max));
    return d;
  }
  std::optional<int> whole(const std::string& k, int min, int max) const {
    const std::optional<double> d = number(k, min, max);
    if (d && *d != std::floor(*d)) throw Refused(400, "field '" + k + "' must be a whole number");
    return d ? std::optional<int>(static_cast<int>(*d)) : std::nullopt;
  }
  // A whole number, any an int holds: as number(k), the library checks the range.
  std::optional<int> whole(const std::string& k) const {
    const std::optional<double> d = number(k);
    if (d && !(std::isfinite(*d) && *d == std::floor(*d))) throw Refused(400, "field '" + k + "' must be a whole number");
    // Past what an int holds no range of the library's reaches: said so, not as an int's range.
    if (d && std::abs(*d) > std::numeric_limits<int>::max())
      throw Refused(400, fmt::format("field '{}': {} is far out of range", k, *d));
    return d ? std::optional<int>(static_cast<int>(*d)) : std::nullopt;
  }
  bool flag(const std::string& k) const {
    if (!has(k)) return false;
    const Json& v = values_.at(k);
    if (v.is_boolean()) return v.get<bool>();
    if (v.is_string() && (v == "" || v == "true" || v == "1")) return true;
    if (v.is_string() && (v == "false" || v == "0")) return false;
    throw Refused(400, "field '" + k + "' must be true or false");
  }
  // A string of names or points ("D4 E5,F6"), or an array of them.
  std::optional<std::vector<std::string>> list(const std::string& k) const {
    if (!has(k)) return std::nullopt;
    const Json& v = values_.at(k);
    std::vector<std::string> out;
    if (v.is_string()) {
      out.push_back(v.get<std::string>());
    } else if (v.is_array()) {
      for (const Json& e : v) {
        if (!e.is_string()) throw Refused(400, "field '" + k + "' must be a string or an array of strings");
        out.push_back(e.get<std::string>());
      }
    } else {
      throw Refused(400, "field '" + k + "' must be a string or an array of strings");
    }
    return out;
  }

 private:
  std::map<std::string, Json> values_;
};

#define GOCOUNT_SCORE_FIELDS                                                                                      \
  "record", "sgf", "name", "game", "move", "komi", "dead", "alive", "estimate", "judge", "handicap-compensation", "tie", \
      "seki-fill", "seki-dead-prisoners", "territory"
#define GOCOUNT_METHOD_FIELDS "method", "side", "adjust", "no-tie-breaker"

// The options of every count: rules, komi, handicap compensation, tie.
void rule_fields(const Fields& f, Options& o, bool rules = true) {
  if (rules) o.rules = f.choice("rules");
  o.komi = f.number("komi", -1000, 1000);
  o.compensation = f.choice("handicap-compensation");
  o.tie = f.choice("tie");
}

// The counting methods to show, for which side, how.
void method_fields(const Fields& f, Options& o) {
  o.methods = f.list("method").value_or(std::vector<std::string>{});
  o.side = f.text("side", "black");
  o.adjust = f.text("adjust", "black");
  o.no_tie_breaker = f.flag("no-tie-breaker");
}

// `o`, refused (400) when an option is not known.
const Options& checked(const Options& o) {
  try {
    check(o);
  } catch (const Error& e) {
    throw Refused(400, e.what());
  }
  return o;
}

// The score options of a request, as `gocount score` takes them (`compare`
// reads its "rules" as columns).
Options score_options(const Fields& f, bool with_rules) {
  Options o;
  rule_fields(f, o, with_rules);
  o.dead = f.list("dead");
  o.alive = f.list("alive").value_or(std::vector<std::string>{});
  o.seki_fill = f.choice("seki-fill");
  o.seki_dead_prisoners = f.flag("seki-dead-prisoners");
  o.territory = f.choice("territory");
  if (f.has("estimate")) {
    // "auto", "on", "off", or true / false.
    const std::string e = f.is_bool("estimate") ? (f.flag("estimate") ? "on" : "off") : f.text("estimate");
    o.estimate = e == "true" ? "on" : e == "false" ? "off" : e;
  }
  if (f.has("judge")) o.judge = f.choice("judge");
  method_fields(f, o);
  return checked(o);
}

std::string record_text(const Fields& f) {
  if (f.has("record") && f.has("sgf")) throw Refused(400, "the record given twice: as 'record' and as 'sgf' (one name for it)");
  std::string text = f.has("record") ? f.text("record") : f.text("sgf");
  if (text.empty()) throw Refused(400, "no record: give the SGF or diagram text as field 'record'");
  return text;
}

// The game a request names, read once.
struct Loaded {
  std::string text, name;
  int index = 0;
  std::optional<Position> position;
};

Loaded load(const Fields& f, const Options& o) {
  Loaded l;
  l.text = record_text(f);
  l.name = f.text("name", "request");
  l.index = f.whole("game", 0, 1 << 30).value_or(0);
  const std::optional<int> move = f.whole("move", 0, 1 << 20);
  try {
    l.position = read_record(l.text, {.rules = o.rules, .game = l.index, .move = move});
  } catch (const Error& e) {
    throw Refused(422, e.what());
  }
  return l;
}

// `f()`, an Error in it refused (422) with the game it is about.
template <class F>
auto counted(const Loaded& l, F f) {
  try {
    return f();
  } catch (const Error& e) {
    throw Refused(422, "game " + std::to_string(l.index) + ": " + e.what());
  }
}

Result score(const Loaded& l, const Options& o) { return counted(l, [&] { return gocount::score(*l.position, o); }); }

std::string json_text(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }
void reply_json(httplib::Response& res, const Json& j) { res.set_content(json_text(j) + "\n", "application/json"); }
// A JSON text the library made.
void reply_json(httplib::Response& res, const std::string& json) { res.set_content(json + "\n", "application/json"); }

// What a browser is told may read the answer to a request from another
// origin (Access-Control-Allow-Origin): its origin where --cors names it,
// "*" for --cors '*', else nothing.
std::string cors_origin(const ServeOptions& o, const httplib::Request& req) {
  const std::string origin = req.get_header_value("Origin");
  for (const std::string& allowed : o.cors)
    if (allowed == "*" || (!origin.empty() && allowed == origin)) return allowed;
  return "";
}

// A 16x16 icon, a black stone on the board's wood, as a 32-bit ICO: the
// browser asks for /favicon.ico whatever the page says.
std::string favicon() {
  constexpr int kSize = 16;
  std::string ico;
  auto put = [&](uint32_t v, int bytes) {  // little-endian, 1 to 4 bytes
    for (int i = 0; i < bytes; ++i) ico.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
  };
  const uint32_t pixels = kSize * kSize * 4, mask = kSize * 4;  // the AND mask's rows, padded to 32 bits
  put(0, 2), put(1, 2), put(1, 2);                                // ICONDIR: an icon, one image
  put(kSize, 1), put(kSize, 1), put(0, 2), put(1, 2), put(32, 2);  // its entry: size, planes, bits
  put(40 + pixels + mask, 4), put(22, 4);                         // bytes, offset
  put(40, 4), put(kSize, 4), put(2 * kSize, 4), put(1, 2), put(32, 2);  // BITMAPINFOHEADER (height: image and mask)
  for (int i = 0; i < 6; ++i) put(0, 4);
  for (int y = kSize - 1; y >= 0; --y)  // bottom row first
    for (int x = 0; x < kSize; ++x) {
      const double d = std::hypot(x + 0.5 - kSize / 2.0, y + 0.5 - kSize / 2.0);
      const double stone = std::clamp(kSize / 2.0 - 1 - d + 0.5, 0.0, 1.0);  // edge smoothed over a pixel
      for (const int wood : {0x5c, 0xb3, 0xdc}) put(static_cast<uint32_t>(wood * (1 - stone) + 0x18 * stone), 1);  // B, G, R
      put(0xff, 1);
    }
  ico.append(mask, '\0');  // the AND mask: all shown (put's shift would pass 31 bits)
  return ico;
}

// The addresses and the methods each answers. POSTs read their bodies
// through read_body; a known address asked with another method answers 405
// with Allow, an unknown one 404, OPTIONS the methods (and, with --cors, a
// browser's preflight).
class Router {
 public:
  Router(httplib::Server& s, const ServeOptions& o) : s_(s), o_(o) {}
  void get(const std::string& path, httplib::Server::Handler h) {
    s_.Get(path, [h](const httplib::Request& req, httplib::Response& res) {
      check_content_length(req, res);
      h(req, res);
    });
    methods_[path].insert("GET");
  }
  void post(const std::string& path, httplib::Server::Handler h) {
    s_.Post(path, [h, limit = o_.max_body](const httplib::Request& req, httplib::Response& res,
                                           const httplib::ContentReader& reader) {
      httplib::Request with_body = req;
      read_body(with_body, res, reader, limit);
      h(with_body, res);
    });
    methods_[path].insert("POST");
  }
  // After every address: the other methods, and the other addresses.
  void finish() {
    auto known = std::make_shared<const Known>(Known{methods_, o_});  // outlives this Router
    auto other = [known](const httplib::Request& req, httplib::Response& res) { refuse(*known, req, res); };
    auto other_with_body = [known](const httplib::Request& req, httplib::Response& res,
                                   const httplib::ContentReader& reader) {
      httplib::Request drained = req;  // read (up to the limit) so that the connection stays in step
      try {
        read_body(drained, res, reader, known->options.max_body);
      } catch (const Refused&) {
      }
      refuse(*known, req, res);
    };
    s_.Get(".*", other);
    s_.Options(".*", other);
    s_.Post(".*", other_with_body);
    s_.Put(".*", other_with_body);
    s_.Patch(".*", other_with_body);
    s_.Delete(".*", other_with_body);
  }

 private:
  using Methods = std::map<std::string, std::set<std::string>>;
  struct Known {
    Methods methods;
    ServeOptions options;
  };
  static void refuse(const Known& known, const httplib::Request& req, httplib::Response& res) {
    const auto it = known.methods.find(req.path);
    if (it == known.methods.end()) throw Refused(404, "no such page or API: " + req.path);
    std::string use;
    for (const std::string& m : it->second) use += (use.empty() ? "" : " or ") + m;
    const std::string allow = allowed(it->second);
    res.set_header("Allow", allow);
    if (req.method != "OPTIONS") throw Refused(405, fmt::format("{} answers {}, not {}", req.path, use, req.method));
    res.status = 204;
    if (!cors_origin(known.options, req).empty() && req.has_header("Access-Control-Request-Method")) {
      res.set_header("Access-Control-Allow-Methods", allow);
      res.set_header("Access-Control-Allow-Headers", "Content-Type");
      res.set_header("Access-Control-Max-Age", "600");
    }
  }
  static std::string allowed(const std::set<std::string>& methods) {
    std::string out;
    for (const std::string& m : methods) out += m + (m == "GET" ? ", HEAD, " : ", ");
    return out + "OPTIONS";
  }

  httplib::Server& s_;
  const ServeOptions o_;
  Methods methods_;
};

// The page and its icon.
void page_routes(Router& s) {
  for (const Asset& a : page_assets()) {
    const std::string path(a.path);
    auto serve = [a](const httplib::Request&, httplib::Response& res) {
      res.set_content(std::string(a.body), std::string(a.type).c_str());
    };
    s.get(path, serve);
    if (path == "/index.html") s.get("/", serve);
  }
  s.get("/favicon.ico", [](const httplib::Request&, httplib::Response& res) {
    static const std::string icon = favicon();
    res.set_content(icon, "image/x-icon");
  });
}

void api_rules(const httplib::Request& req, httplib::Response& res) {
  Fields(fields(req, Body::kFieldsOnly), {});
  reply_json(res, rule_sets_json());
}

void api_games(const httplib::Request& req, httplib::Response& res) {
  const Fields f(fields(req), {"record", "sgf"});
  try {
    reply_json(res, "{\"games\":" + games_json(record_text(f)) + "}");
  } catch (const Error& e) {
    throw Refused(422, e.what());
  }
}

void api_score(const httplib::Request& req, httplib::Response& res) {
  const Fields f(fields(req), {GOCOUNT_SCORE_FIELDS, GOCOUNT_METHOD_FIELDS, "rules"});
  const Options o = score_options(f, true);
  const Loaded l = load(f, o);
  reply_json(res, score(l, o).json(l.name, l.index));
}

void api_compare(const httplib::Request& req, httplib::Response& res) {
  const Fields f(fields(req), {GOCOUNT_SCORE_FIELDS, "rules"});
  const Options o = score_options(f, false);
  const std::vector<std::string> columns = f.list("rules").value_or(std::vector<std::string>{});
  try {
    check_columns(columns);
  } catch (const Error& e) {
    throw Refused(400, std::string("rules: ") + e.what());
  }
  const Loaded l = load(f, o);
  reply_json(res, counted(l, [&] { return compare(*l.position, o, columns, l.name, l.index).json; }));
}

// One picture: the whole count (step 0, the default) or counting step N
// as `score --steps` numbers them; SVG, or PNG with format=png.
void api_picture(const httplib::Request& req, httplib::Response& res) {
  const Fields f(fields(req), {GOCOUNT_SCORE_FIELDS, "rules", "step", "format"});
  const Options o = score_options(f, true);
  const std::string format = f.text("format", "svg");
  if (format != "svg" && format != "png") throw Refused(400, "format: '" + format + "' is not svg or png");
  const Loaded l = load(f, o);
  const Result scored = score(l, o);
  const int step = f.whole("step", 0, 100).value_or(0);
  std::string svg;
  if (step == 0) {
    svg = scored.svg();
  } else {
    std::vector<StepPicture> steps = scored.steps();
    if (step > static_cast<int>(steps.size()))
      throw Refused(422, fmt::format("step {} asked for, but this count has {} steps", step, steps.size()));
    svg = std::move(steps[step - 1].svg);
  }
  if (format == "svg") return res.set_content(svg, "image/svg+xml");
  try {
    res.set_content(png(svg), "image/png");
  } catch (const Error& e) {
    throw Refused(500, std::string("cannot make the PNG: ") + e.what());
  }
}

// Every counting step's picture, for the page's sequence of boards.
void api_steps(const httplib::Request& req, httplib::Response& res) {
  const Fields f(fields(req), {GOCOUNT_SCORE_FIELDS, "rules"});
  const Options o = score_options(f, true);
  const Loaded l = load(f, o);
  Json steps = Json::array();
  for (StepPicture& p : score(l, o).steps()) steps.push_back({{"name", p.name}, {"svg", p.svg}});
  reply_json(res, {{"steps", steps}});
}

// Bytes other than printable ASCII, and '%', as %XX (decodeURIComponent
// reads them back).
std::string percent_encoded(std::string_view text) {
  std::string out;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c >= 0x7F || c == '%') out += fmt::format("%{:02X}", c);
    else out += ch;
  }
  return out;
}

void api_sgf(const httplib::Request& req, httplib::Response& res) {
  const Fields f(fields(req), {GOCOUNT_SCORE_FIELDS, "rules", "set-result"});
  const Options o = score_options(f, true);
  const Loaded l = load(f, o);
  const bool replace_marks = f.has("dead") || f.has("alive");  // the player's choice replaces the record's
  const bool set_result = f.flag("set-result");
  std::string marked, withheld;
  try {
    marked = mark_record(l.text, l.index, score(l, o), replace_marks, set_result, &withheld);
  } catch (const Error& e) {
    throw Refused(422, e.what());
  }
  // Why RE was left out (the count is in the comment): percent-encoded, as a
  // header holds ASCII and the reason may quote the record's RE.
  if (!withheld.empty()) res.set_header(kWithheldHeader, percent_encoded(withheld));
  res.set_content(marked, "application/x-go-sgf");
}

// `f()`, the library's Error refused with `status`.
template <class F>
auto or_refused(int status, F f) {
  try {
    return f();
  } catch (const Error& e) {
    throw Refused(status, e.what());
  }
}

// The board of keynumbers and tally: size, or width and height, 19x19 when
// none is given; refused as the command refuses them (board_given).
std::pair<int, int> board_fields(const Fields& f) {
  return or_refused(400, [&] { return board_given(f.whole("size"), f.whole("width"), f.whole("height"), Names::fields); });
}

void api_keynumbers(const httplib::Request& req, httplib::Response& res) {
  const Fields f(fields(req, Body::kFieldsOnly), {"size", "width", "height", "non-scoring", "tie-breaker", "rules", "komi",
                               "handicap-compensation", "tie"});
  Options o;
  rule_fields(f, o);
  checked(o);
  const auto [w, h] = board_fields(f);
  const int non_scoring = f.whole("non-scoring").value_or(0);
  const std::optional<double> tie_breaker = f.number("tie-breaker");
  // A number out of range, a komi no game on the board can overcome.
  reply_json(res, or_refused(400, [&] { return key_numbers(w, h, o, non_scoring, tie_breaker, Names::fields).json; }));
}

// The counting methods, and which of them count what a rule set counts
// (those `method: ["all"]` runs); for the others, why not.
void api_methods(const httplib::Request& req, httplib::Response& res) {
  const Fields f(fields(req, Body::kFieldsOnly), {"rules", "seki-fill", "handicap-compensation", "tie"});
  Options o;
  o.rules = f.text("rules");
  o.seki_fill = f.choice("seki-fill");
  o.compensation = f.text("handicap-compensation");
  o.tie = f.text("tie");
  Json list = Json::array();
  for (const Method& m : counting_methods(checked(o))) {
    Json j = {{"name", m.name}, {"title", m.title}, {"one_side", m.one_side}, {"applies", m.applies}};
    if (!m.applies) j["why"] = m.why;
    list.push_back(std::move(j));
  }
  reply_json(res, {{"rules", rule_set_for(o).name}, {"methods", list}});
}

void api_tally(const httplib::Request& req, httplib::Response& res) {
  const Fields f(fields(req, Body::kFieldsOnly), {"size", "width", "height", "non-scoring", "handicap", "black", "white",
                               "black-territory", "white-territory", "black-stones", "white-stones",
                               "black-prisoners", "white-prisoners", "rules", "komi", "handicap-compensation", "tie",
                               GOCOUNT_METHOD_FIELDS});
  Options o;
  rule_fields(f, o);
  method_fields(f, o);
  checked(o);
  Hand hand;
  std::tie(hand.width, hand.height) = board_fields(f);
  hand.non_scoring = f.whole("non-scoring").value_or(0);
  hand.handicap = f.whole("handicap").value_or(0);
  hand.black = f.number("black");
  hand.white = f.number("white");
  for (const std::string side : {"black-", "white-"}) {
    const bool black = side == "black-";
    (black ? hand.black_territory : hand.white_territory) = f.whole(side + "territory");
    (black ? hand.black_stones : hand.white_stones) = f.whole(side + "stones");
    (black ? hand.black_prisoners : hand.white_prisoners) = f.whole(side + "prisoners");
  }
  or_refused(400, [&] { check_hand(hand, Names::fields); });  // a number out of range: the request is wrong in itself
  reply_json(res, or_refused(422, [&] { return gocount::tally(hand, o, Names::fields).json; }));  // it does not add up
}

// Every route, in the order the server matches and lists them.
void routes(Router& s) {
  page_routes(s);
  s.get("/api/rules", api_rules);
  s.post("/api/games", api_games);
  s.post("/api/score", api_score);
  s.post("/api/compare", api_compare);
  s.post("/api/svg", api_picture);
  s.post("/api/picture", api_picture);
  s.post("/api/steps", api_steps);
  s.post("/api/sgf", api_sgf);
  s.get("/api/methods", api_methods);
  s.post("/api/methods", api_methods);
  s.get("/api/keynumbers", api_keynumbers);
  s.post("/api/keynumbers", api_keynumbers);
  s.get("/api/tally", api_tally);
  s.post("/api/tally", api_tally);
}

}  // namespace

struct Server::Impl {
  explicit Impl(const ServeOptions& o) : options(o), http(o) {}
  ServeOptions options;
  Http http;
  std::atomic<bool> bound{false};
};

Server::Server(const ServeOptions& o) : impl_(new Impl(o)) {
  httplib::Server& s = impl_->http;
  s.set_read_timeout(o.read_timeout_s, 0);
  s.set_write_timeout(o.write_timeout_s, 0);
  s.set_keep_alive_timeout(o.keep_alive_timeout_s);
  s.set_keep_alive_max_count(100);
  s.set_payload_max_length(o.max_body);
  Router router(s, o);
  routes(router);
  router.finish();
  s.set_post_routing_handler([o](const httplib::Request& req, httplib::Response& res) {
    const std::string origin = cors_origin(o, req);
    if (origin.empty()) return;
    res.set_header("Access-Control-Allow-Origin", origin);
    res.set_header("Access-Control-Expose-Headers", kWithheldHeader);
    if (origin != "*") res.set_header("Vary", "Origin");
  });
  s.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
    int status = 500;
    std::string message = "internal error";
    try {
      std::rethrow_exception(ep);
    } catch (const Refused& e) {
      status = e.status;
      message = e.what();
    } catch (const std::exception& e) {
      message = std::string("internal error: ") + e.what();
    } catch (...) {
    }
    res.status = status;
    reply_json(res, {{"error", message}});
  });
  // Every refusal the library makes itself (no such path, a body too large)
  // answered in JSON too.
  s.set_error_handler([o](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    std::string message = fmt::format("HTTP status {}", res.status);
    if (res.status == 404) message = "no such page or API: " + req.path;
    if (res.status == 413) message = too_large(declared_size(req), o.max_body);
    reply_json(res, {{"error", message}});
  });
}

Server::~Server() {
  stop();
  delete impl_;
}

int Server::bind(std::string* error) {
  httplib::Server& s = impl_->http;
  const ServeOptions& o = impl_->options;
  // SO_REUSEADDR only: cpp-httplib's default, SO_REUSEPORT, let a second
  // server bind a port one already serves, and the kernel then shared the
  // connections between them (a stopped one's share hung).
  s.set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  int port = o.port;
  if (port == 0) port = s.bind_to_any_port(o.host.c_str());
  else if (!s.bind_to_port(o.host.c_str(), port)) port = -1;
  if (port < 0) {
    if (error) *error = fmt::format("cannot listen on {}:{} (in use, or not an address of this machine)", o.host, o.port);
    return -1;
  }
  impl_->http.widen_backlog();
  impl_->bound = true;
  return port;
}

void Server::run() {
  if (impl_->bound) impl_->http.listen_after_bind();
}

void Server::stop() {
  if (impl_->bound) impl_->http.stop();
}

}  // namespace gocount
