#include "game/input.h"

#include "sgf/sgf.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace gocount {

namespace {

// Reads all of `fd`: 0, or the errno of the failure (EISDIR for a directory,
// which open() accepts and read() refuses).
int read_all(int fd, std::string& text) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return errno;
  if (S_ISDIR(st.st_mode)) return EISDIR;
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) text.append(buf, static_cast<size_t>(n));
    else if (n == 0) return 0;
    else if (errno != EINTR) return errno;
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
  const std::string_view head = text.substr(0, 4096);
  size_t control = 0;
  for (char c : head) control += is_control(static_cast<unsigned char>(c));
  return control * 20 > head.size();
}

std::string read_input(const std::string& path, std::string& text) {
  text.clear();
  const bool standard = path == "-";
  const int fd = standard ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  const int error = fd < 0 ? errno : read_all(fd, text);
  if (!standard && fd >= 0) ::close(fd);  // may be 0 when standard input is closed
  if (error == EISDIR) return "is a directory";
  if (error == EBADF && standard) return "standard input is closed";
  if (error) return std::string("cannot read: ") + std::strerror(error);
  if (is_blank(text)) return standard ? "standard input is empty" : "file is empty";
  // UTF-16 (with its byte-order mark) is full of NUL bytes; the reader converts it.
  if (sgf::encoding_of(text) == sgf::Encoding::kUtf8 && looks_binary(text))
    return "binary data, not SGF or a text diagram";
  return "";
}

}  // namespace gocount
