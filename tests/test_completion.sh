#!/usr/bin/env bash
# Bash completion as a user meets it (issue 24): completion/gocount.bash loaded,
# words completed as bash would ask. That its tables are the program's own
# options is checked by tests/test_docs.py generated.
#   bash tests/test_completion.sh [completion/gocount.bash]
set -uo pipefail
cd "$(dirname "$0")/.."
source "${1:-completion/gocount.bash}"
fails=0

# complete WORDS...: the candidates for the last word (empty for a new word).
complete_words() {
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _gocount
  printf '%s\n' "${COMPREPLY[@]}" | sort
}

expect() {  # expect 'WHAT' 'EXPECTED CANDIDATES' WORDS...
  local what=$1 want=$2
  shift 2
  local got
  got=$(complete_words "$@" | tr '\n' ' ')
  if [[ "$got" != "$want " ]]; then
    echo "FAIL $what: completing '$*' offers '$got', expected '$want'"
    fails=$((fails + 1))
  fi
}

expect_has() {  # expect_has 'WHAT' CANDIDATE WORDS...
  local what=$1 want=$2
  shift 2
  if ! grep -qx -- "$want" <<<"$(complete_words "$@")"; then
    echo "FAIL $what: completing '$*' does not offer $want"
    fails=$((fails + 1))
  fi
}

expect "subcommands" "score serve" gocount s
expect_has "every subcommand" keynumbers gocount ''
expect "an option of score" "--seki-dead-prisoners --seki-fill" gocount score --seki
expect "an option of score after a file" "--no-estimate --no-tie-breaker" gocount score game.sgf --no
expect "an option's values" "csv" gocount score --format c
expect "rule sets" "tromp-taylor" gocount score --rules tr
expect "a method" "simplified-half" gocount tally --method si
expect "options of another subcommand only" "--port" gocount serve --p
expect "nothing offered for a number" "" gocount score --komi ''
expect "no option of score in tally" "" gocount tally --seki
expect "a file for -o" "completion/gocount.bash" gocount score -o completion/gocount.b
expect "a file as input" "examples/example.sgf" gocount score examples/example.s

if ((fails)); then
  exit 1
fi
echo "completion: ok"
