// Layer 2: records written in a charset other than UTF-8.
//
// In Shift-JIS, Big5 and GBK the second byte of a character may be '\' or
// ']' (Shift-JIS 表 is 0x95 0x5C, ソ 0x83 0x5C), which SGF reads as an escape
// or as a value's end: a name with one would swallow the properties after it.
// So such a text is converted to UTF-8 as a whole before it is read, as a
// UTF-16 one is (sgf.h), not value by value afterwards.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "sgf/sgf.h"

namespace gocount::sgf {

// The length of the UTF-8 sequence that starts at text[i] (1 to 4), or 0 when
// the bytes there are no valid UTF-8 (overlong, a surrogate, past U+10FFFF,
// cut short).
size_t utf8_sequence(std::string_view text, size_t i);
// `text` as valid UTF-8: each byte of a broken sequence replaced by U+FFFD.
std::string valid_utf8(std::string_view text);
// Whether `text` is valid UTF-8 throughout (valid_utf8 would keep it as it is).
bool is_utf8(std::string_view text);

// `text` converted between charsets as iconv names them; nullopt when iconv
// does not know one of them or the text is not all in `from` (nothing is
// replaced: a text converted back has the characters it came from, and the
// bytes but for a character with two codes, as some have in CP932).
std::optional<std::string> convert(std::string_view text, const std::string& from, const std::string& to);

// The charset, as iconv names it, that a text which is not UTF-16 must be
// converted from before it is read; "" to read it as it is. UTF-8 text, and
// text that is UTF-8 but for a few broken bytes (as some archives damaged
// it), is read as it is; otherwise CA names the charset (its aliases
// normalised: Shift_JIS and MS_KANJI are read as CP932, GB2312 and GBK as
// GB18030, EUC-KR as CP949, Big5 as CP950). With no CA, a text that is
// Shift-JIS throughout and holds kana (as Nihon Ki-in writes its records) is
// Shift-JIS; one where a byte from 0x81 up stands right before "\]" (Big5
// 許 is 0xB3 0x5C: read as it is, the 0x5C would escape the ']') is Big5
// where it is all Big5, else GBK where it is all GB18030; any other is read
// as it is. Judged on the text's first 64 KB.
std::string charset_to_convert(std::string_view text);
// A CA value as iconv names the charset to read it in (spaces and case
// ignored): each family read as its widest member, as above; "" for UTF-8
// and ASCII; any other name as written, upper-case.
std::string charset_named(std::string_view ca_value);

// How a record's bytes are read, for every reader of them (the games, the
// marks written back): a UTF-16 text or one in another charset converted
// into `utf8` (true), its encoding and charset told for a writer
// (encode_as); false, `utf8` left empty, where the text is read as it is.
struct ReadAs {
  Encoding encoding = Encoding::kUtf8;
  std::string charset;  // kCharset's, as iconv names it
};
bool convert_for_reading(std::string_view text, std::string& utf8, ReadAs& as);

}  // namespace gocount::sgf
