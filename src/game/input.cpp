#include "game/input.h"

#include "sgf/sgf.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

namespace gocount {

namespace {

// The head of a text that looks_binary judges by its control characters.
constexpr size_t kBinaryHead = 4096;

// How read_stream stopped.
enum class Stream { kRead, kBinary, kTooLong };

// Whether text read so far is binary: its first 4,096 bytes judged once they
// are there (`whole`: or all of it, at its end), a NUL in `fresh` after
// that. UTF-16 (told by its byte-order mark) is full of NULs: it is text.
bool binary_so_far(std::string_view text, size_t fresh, bool whole) {
  if (text.size() < kBinaryHead && !whole) return false;
  if (sgf::encoding_of(text) != sgf::Encoding::kUtf8) return false;
  if (text.size() - fresh < kBinaryHead)  // the head, now there
    return looks_binary(text.substr(0, kBinaryHead)) || text.find('\0', kBinaryHead) != std::string_view::npos;
  return text.substr(text.size() - fresh).find('\0') != std::string_view::npos;
}

// Reads all of `fd` (a pipe, a device: what is not mapped), stopping as soon
// as it shows binary data, or at `limit` bytes: 0, or the errno of the
// failure (EISDIR for a directory, which open() accepts and read() refuses).
int read_stream(int fd, std::string& text, size_t limit, Stream& how) {
  how = Stream::kRead;
  struct stat st {};
  if (::fstat(fd, &st) != 0) return errno;
  if (S_ISDIR(st.st_mode)) return EISDIR;
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno;
    if (text.size() + static_cast<size_t>(n) > limit) {
      how = Stream::kTooLong;
      return 0;
    }
    text.append(buf, static_cast<size_t>(n));
    if (binary_so_far(text, static_cast<size_t>(n), n == 0)) {
      how = Stream::kBinary;
      return 0;
    }
    if (n == 0) return 0;
  }
}

bool is_blank(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a UTF-8 byte order mark alone
  return text.find_first_not_of(" \t\r\n\v\f") == std::string_view::npos;
}

// Control characters no text file has; DOS's end-of-file mark (26) and ESC
// (27, terminal colours) are left out.
bool is_control(unsigned char c) {
  return (c < 0x20 && std::string_view("\t\n\v\f\r\x1a\x1b").find(static_cast<char>(c)) == std::string_view::npos) ||
         c == 0x7f;
}

}  // namespace

bool looks_binary(std::string_view text) {
  if (text.find('\0') != std::string_view::npos) return true;
  const std::string_view head = text.substr(0, kBinaryHead);
  size_t control = 0;
  for (char c : head) control += is_control(static_cast<unsigned char>(c));
  return control * 20 > head.size();
}

Input::~Input() { clear(); }

void Input::clear() {
  if (map_) ::munmap(map_, map_size_);
  map_ = nullptr;
  map_size_ = released_ = 0;
  owned_.clear();
  text_ = {};
}

namespace {
size_t page_size() {
  static const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
  return page;
}
}  // namespace

void Input::release(size_t from, size_t to) {
  if (!map_) return;
  from = (from + page_size() - 1) / page_size() * page_size();
  to = std::min(to, map_size_) / page_size() * page_size();
  if (to > from) ::madvise(static_cast<char*>(map_) + from, to - from, MADV_DONTNEED);
}

void Input::release_before(size_t offset) {
  // The mark stays on a page boundary, so that each page is handed back once;
  // and the pages go back a megabyte at a time: with workers running, each
  // madvise stops every core to flush its TLB, and a call a page (every few
  // 9x9 records) made --jobs 2 slower than --jobs 1.
  constexpr size_t kChunk = 1 << 20;
  const size_t to = std::min(offset, map_size_) / page_size() * page_size();
  if (to <= released_ || (to - released_ < kChunk && to < map_size_ / page_size() * page_size())) return;
  release(released_, to);
  released_ = to;
}

namespace {

// Scans a mapped text in blocks, handing each block back once scanned, so
// that the check does not bring the whole file into memory.
bool has_nul(Input& input, std::string_view text) {
  constexpr size_t kBlock = 1 << 20;
  for (size_t at = 0; at < text.size(); at += kBlock) {
    if (text.substr(at, kBlock).find('\0') != std::string_view::npos) return true;
    input.release(at, at + kBlock);
  }
  return false;
}

}  // namespace

namespace {
// "1 GiB", "64 KiB", "1000 bytes".
std::string size_in_words(size_t bytes) {
  for (auto [unit, name] : {std::pair<size_t, const char*>{size_t{1} << 30, "GiB"}, {size_t{1} << 20, "MiB"},
                            {size_t{1} << 10, "KiB"}})
    if (bytes >= unit && bytes % unit == 0) return std::to_string(bytes / unit) + " " + name;
  return std::to_string(bytes) + " bytes";
}
}  // namespace

std::string read_input(const std::string& path, Input& input, size_t max_stream_bytes) {
  input.clear();
  const bool standard = path == "-";
  const int fd = standard ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  int error = fd < 0 ? errno : 0;
  struct stat st {};
  if (!error && ::fstat(fd, &st) != 0) error = errno;
  if (!error && S_ISDIR(st.st_mode)) error = EISDIR;
  if (!error && S_ISREG(st.st_mode) && st.st_size > 0) {
    void* m = ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (m != MAP_FAILED) {
      input.map_ = m;
      input.map_size_ = static_cast<size_t>(st.st_size);
      input.text_ = std::string_view(static_cast<const char*>(m), input.map_size_);
    }
  }
  Stream how = Stream::kRead;
  if (!error && !input.map_) {
    error = read_stream(fd, input.owned_, max_stream_bytes, how);
    input.text_ = input.owned_;
  }
  if (!standard && fd >= 0) ::close(fd);  // may be 0 when standard input is closed
  if (error == EISDIR) return "is a directory";
  if (error == EBADF && standard) return "standard input is closed";
  if (error) return std::string("cannot read: ") + std::strerror(error);
  if (how != Stream::kRead) {
    std::string().swap(input.owned_);  // up to the limit, held for nothing
    input.clear();
    if (how == Stream::kBinary) return "binary data, not SGF or a text diagram";
    return "more than " + size_in_words(max_stream_bytes) + " from a pipe or device: stopped reading";
  }
  const std::string_view text = input.text();
  if (is_blank(text)) return standard ? "standard input is empty" : "file is empty";
  // UTF-16 (with its byte-order mark) is full of NUL bytes; the reader
  // converts it. A stream was judged as it was read (read_stream).
  if (input.map_ && sgf::encoding_of(text) == sgf::Encoding::kUtf8 &&
      (looks_binary(text.substr(0, kBinaryHead)) || has_nul(input, text)))
    return "binary data, not SGF or a text diagram";
  return "";
}

}  // namespace gocount
