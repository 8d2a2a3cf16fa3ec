// Layer 2: SGF written back without loss.
//
// A game is rewritten from the text it was read from: every byte outside the
// properties an edit names is copied as it was (spacing, line breaks, escapes,
// unknown and private properties, FF[3] names, comments, variations, node
// order, character set). Asked to change nothing, the writer gives back the
// game byte for byte; an edited game whose root was read without its ';'
// (Nihon Ki-in's form) gets one.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/sgf.h"

namespace gocount::sgf {

// Sets property `id` of node `node` to `values`, each written between the
// brackets as given (escape() a text value first). The first property of that
// id in the node is replaced where it stands (its name kept as written: FF[3]
// spellings survive), later repeats are removed; a node without one gets the
// property after its last. No values removes the property.
struct PropertyEdit {
  uint32_t node;
  std::string id;
  std::vector<std::string> values;
};

// `text` is what `tree` was read from (Reader's input).
std::string write_game(std::string_view text, const GameTree& tree, std::span<const PropertyEdit> edits = {});

// UTF-8 text (as the reader reads a UTF-16 file, see utf16_to_utf8) written in
// the record's own encoding, with its byte-order mark, so that a UTF-16 file
// stays UTF-16, and a Shift-JIS one Shift-JIS (kCharset: `charset`, as iconv
// names it; UTF-8 is given back where the text has a character the charset
// lacks). kUtf8 gives the text back as it is.
std::string encode_as(std::string_view utf8, Encoding to, const std::string& charset = "");

}  // namespace gocount::sgf
