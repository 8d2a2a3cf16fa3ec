"""gocount: count a finished game of Go under every rule set.

The command's counts from Python, through gocount's C++ library (the same
reader, scorer and JSON writer as `gocount score`):

    >>> import gocount
    >>> r = gocount.score("game.sgf", rules="japanese")
    >>> r["result"], r["margin"], r["dead_source"]
    ('W+6.5', -6.5, 'estimate')
    >>> for game in gocount.read("archive.sgf"):     # lazily, one game at a time
    ...     print(game.index, gocount.score(game)["result"])

`score` returns the object `gocount score --format json` prints (the `file`
field aside). `count` returns the result with numpy arrays (board,
ownership, territory). Bad input raises gocount.Error, a ValueError, with
the command's one-line message (a number out of the command's range:
"move: -1 is not a whole number from 0 to 1000000"); an option of the wrong
type raises TypeError ("komi: a number, not str").
"""

import collections.abc
import json
import math
import operator
import os

from . import _gocount

__version__ = _gocount.__version__
Error = _gocount.Error
Game = _gocount.Game

# Keyword -> (Options field, how the value is given to it). Each keyword is
# the command's option with '-' as '_'.
_OPTIONS = {
    "rules": "rules",
    "komi": "komi",
    "dead": "dead",
    "alive": "alive",
    "compensation": "compensation",
    "handicap_compensation": "compensation",
    "tie": "tie",
    "seki_fill": "seki_fill",
    "seki_dead_prisoners": "seki_dead_prisoners",
    "territory": "territory",
    "judge": "judge",
    "method": "methods",
    "side": "side",
    "adjust": "adjust",
}

# The options whose "" the library takes for its default: given, "" is a
# mistake (an unset variable), as the command's --tie '' is.
_CHOICES = ("tie", "judge", "territory", "compensation", "handicap_compensation", "seki_fill")

# The options a command does not take, as the command refuses them: compare
# counts each rule set by its own method, and takes territory only in a
# column's rules (the command's --rules japanese:territory=enclosed); tally
# has no stones.
_NOT_TAKEN = {
    "compare": ("method", "side", "adjust", "tie_breaker", "territory", "seki_dead_prisoners"),
    "tally": ("dead", "alive", "estimate", "judge", "seki_fill", "seki_dead_prisoners", "territory"),
}

# Where compare takes what score takes as an option: a column's setting.
_IN_A_COLUMN = {
    "territory": "territory is a column's setting: give it in rules (rules='chinese,japanese:territory=enclosed')",
    "seki_dead_prisoners": "seki_dead_prisoners is no option of compare: a column with territory=enclosed takes "
                           "the dead stones in seki as prisoners (rules='chinese,japanese:territory=enclosed')",
}


# The command's limits on the numbers it takes (apps/gocount.cpp): --game,
# --move (tally's ranges are the library's).
_MAX_GAME = 1_000_000_000
_MAX_MOVE = 1_000_000


def _type_name(value):
    return type(value).__name__


def _is_bool(value):
    """True and False, and numpy's booleans."""
    t = type(value)
    return isinstance(value, bool) or (t.__module__ == "numpy" and t.__name__ in ("bool_", "bool"))


def _shown(x):
    """A number as a message shows it: 7, 6.5, nan."""
    return str(int(x)) if isinstance(x, float) and math.isfinite(x) and x == int(x) else str(x)


def _whole(name, value, low, high):
    """`value` as an int from `low` to `high`, as the command reads a whole
    number: TypeError for what is no whole number (a bool, a float, a str),
    gocount.Error out of range."""
    if _is_bool(value):
        raise TypeError(f"{name}: a whole number, not bool")
    try:
        n = operator.index(value)
    except TypeError:
        raise TypeError(f"{name}: a whole number, not {_type_name(value)}") from None
    if not low <= n <= high:
        raise Error(f"{name}: {n} is not a whole number from {low} to {high}")
    return n


def _number(name, value, low=None, high=None):
    """`value` as a float (from `low` to `high` when given): TypeError for what
    is no number (a bool, a str), gocount.Error out of range."""
    if _is_bool(value) or isinstance(value, (str, bytes, bytearray)):
        raise TypeError(f"{name}: a number, not {_type_name(value)}")
    try:
        x = float(value)
    except OverflowError:  # an int too large for a float: out of any range
        x = math.inf if value > 0 else -math.inf
    except (TypeError, ValueError):
        raise TypeError(f"{name}: a number, not {_type_name(value)}") from None
    if low is not None and not low <= x <= high:  # nan too
        raise Error(f"{name}: {_shown(x)} is not a number from {low} to {high}")
    return x


def _utf8(name, value):
    """A str as the library takes it: gocount.Error for a lone surrogate
    ('\\ud800'), which no UTF-8 holds (pybind11 said only "incompatible
    function arguments", with every argument)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise Error(f"{name}: position {e.start} is a lone surrogate ({value[e.start]!a}), not text") from None
    return value


def _text(name, value):
    """A name option (rules='japanese'): a str (or bytes, as the library takes them)."""
    if not isinstance(value, (str, bytes)):
        raise TypeError(f"{name}: a str, not {_type_name(value)}")
    return _utf8(name, value) if isinstance(value, str) else value


def _flag(name, value, none=""):
    """A yes-or-no option: a bool (or an int, as 0 and 1), never a str."""
    if not (_is_bool(value) or isinstance(value, int)):
        try:
            operator.index(value)  # numpy's ints
        except TypeError:
            raise TypeError(f"{name}: True{', False or None' if none else ' or False'}, not {_type_name(value)}") from None
    return bool(value)


def _points(name, value):
    """'D4 E5' or ['D4', 'E5'] -> a list of point (or method) texts. Items
    that are not str are refused, not turned into text (None as 'None')."""
    if isinstance(value, str):
        return [_utf8(name, value)]
    if isinstance(value, (bytes, bytearray, collections.abc.Mapping)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name}: a str or a list of them, not {_type_name(value)}")
    items = list(value)
    for v in items:
        if not isinstance(v, str):
            raise TypeError(f"{name}: a str or a list of them, not a {_type_name(value)} holding {_type_name(v)}")
    return [_utf8(name, v) for v in items]


def _option(key, value):
    """An option's value as the library's Options field takes it."""
    if key in ("dead", "alive", "method"):
        return _points(key, value)
    if key == "komi":
        return _number(key, value)  # its range: gocount.check's message
    if key == "seki_dead_prisoners":
        return _flag(key, value)
    value = _text(key, value)
    if key in _CHOICES and not value:
        raise Error(f"{key}: an empty value names none of its choices (None: the default)")
    return value


def _refuse_not_taken(command, options):
    """TypeError for an option `command` does not take (compare's method=)."""
    for key in options:
        if command == "compare" and key in _IN_A_COLUMN:
            raise TypeError(f"{command}: {_IN_A_COLUMN[key]}")
        if key in _NOT_TAKEN[command]:
            known = sorted(k for k in (*_OPTIONS, "estimate", "tie_breaker") if k not in _NOT_TAKEN[command])
            raise TypeError(f"{command}: unknown option {key!r} (known: {', '.join(known)})")


def _options(estimate=None, tie_breaker=True, **kwargs):
    """The command's options as the library's Options; gocount.Error for one not known."""
    o = _gocount.Options()
    for key, value in kwargs.items():
        if key not in _OPTIONS:
            raise TypeError(f"unknown option {key!r} (known: {', '.join(sorted(_OPTIONS))}, estimate, tie_breaker)")
        if value is None:
            continue
        setattr(o, _OPTIONS[key], _option(key, value))
    # estimate: None -> auto, True -> on (--estimate), False -> off (--no-estimate)
    o.estimate = "auto" if estimate is None else "on" if _flag("estimate", estimate, none=True) else "off"
    # tie_breaker: None, as every option, the default (on); False -> --no-tie-breaker
    o.no_tie_breaker = tie_breaker is not None and not _flag("tie_breaker", tie_breaker)
    _gocount.check(o)
    return o


def _game_and_move(game, move):
    """game= and move= checked as the command checks --game and --move."""
    if game is not None:
        game = _whole("game", game, 0, _MAX_GAME)
    if move is not None:
        move = _whole("move", move, 0, _MAX_MOVE)
    return game, move


def _path(name, path):
    """A path (str, bytes or os.PathLike) as the library opens it: bytes, as
    os.fsencode gives them (a name that is not UTF-8 comes from os.listdir
    with surrogate escapes: 'partie\\udce9.sgf'). gocount.Error when empty
    (no file has that name) or holding a surrogate no name gives ('\\ud800')."""
    path = os.fspath(path)
    if not path:
        raise Error(f"{name}: the path is empty")
    if ("\0" if isinstance(path, str) else b"\0") in path:
        raise ValueError("embedded null byte")  # as open(): the library would read the name up to it
    try:
        return os.fsencode(path)
    except UnicodeEncodeError as e:
        raise Error(f"{name}: position {e.start} is a lone surrogate ({path[e.start]!a}), not a file name") from None


def _shown_name(name):
    """A file's name (a str as os.fsdecode gives it) as a message shows it:
    bytes that are not UTF-8 as \\xNN, as in the library's messages."""
    return os.fsencode(name).decode("utf-8", "backslashreplace")


def _is_text(record):
    """SGF text or a diagram, not a path: a path has no line break and no '('."""
    return isinstance(record, (bytes, bytearray)) or "\n" in record or record.lstrip().startswith("(")


def _source(record):
    """(data, is_path): the text or the path's bytes `record` gives the library."""
    if isinstance(record, os.PathLike):
        return _path("record", record), True
    if isinstance(record, (bytes, bytearray)):
        # As read from a file: the library decides its charset (UTF-16,
        # Shift-JIS, ...) as the command does; decoded here as UTF-8, a
        # Shift-JIS name ending in 0x5C would swallow the property after it.
        return bytes(record), False
    if not isinstance(record, str):
        raise TypeError(f"a record is SGF text, a path or a gocount.Game, not {type(record).__name__}")
    text = record.removeprefix("\ufeff")  # open().read() of a file saved with a BOM
    if _is_text(text):
        return _utf8("record", text), False
    return _path("record", record), True


def _looks_like_a_path(name):
    """A name with a folder or a record's suffix: its message needs no word on text."""
    return "/" in name or os.sep in name or os.path.splitext(name)[1].lower() in (".sgf", ".txt")


def _reading(read, record, data, is_path, *args):
    """read(data, is_path, *args), its message saying that a str naming no
    file and looking like no file's name ('X.O') was read as a file's name."""
    try:
        return read(data, is_path, *args)
    except Error as e:
        if not is_path or not isinstance(record, str) or _looks_like_a_path(record) or os.path.lexists(data):
            raise
        raise Error(f"{e} (read as a file's name: SGF text starts with '(', "
                    "a diagram has more than one line)") from None


def _one_game(record, game, move):
    """TypeError for game= or move= with a Game, which is already one game at one position."""
    if isinstance(record, Game) and (game is not None or move is not None):
        key = "game" if game is not None else "move"
        raise TypeError(f"{key}: a gocount.Game is already one game at one position "
                        "(give game= and move= with the record's path or text, or move= to gocount.read)")


def _game(record, rules="", game=None, move=None):
    """The game `record` names: a Game from read(), SGF or diagram text, or a path."""
    game, move = _game_and_move(game, move)
    _one_game(record, game, move)
    if isinstance(record, Game):
        return record
    data, is_path = _source(record)
    return _reading(_gocount.read_one, record, data, is_path, rules or "", game, move)


def _where(game):
    """The command's prefix of a game's message: 'game.sgf: game 0: '."""
    return (f"{_shown_name(game.file)}: " if game.file else "") + f"game {game.index}: "


def count(record, game=None, move=None, **options):
    """The game and its count, as a pair (gocount.Game, gocount.Result):
    the Result's .result, .margin, .dead_stones, .json(), .text(), .csv(),
    and numpy arrays through board(), ownership() and territory() below,
    which take both. Options as score()."""
    o = _options(**options)
    g = _game(record, o.rules, game, move)
    if not g.ok:
        raise Error(_where(g) + g.error)
    try:
        return g, _gocount.score(g, o)
    except Error as e:
        raise Error(_where(g) + str(e)) from None


def score(record, rules=None, komi=None, dead=None, method=None, estimate=None, game=None, move=None, **options):
    """One game counted, as the dict `gocount score --format json` prints for it
    (the `file` field aside).

    record: SGF text, a diagram, a file's bytes (their charset decided as the
    command decides it), a path (str or os.PathLike) of a file (its first
    game, or `game`), or a gocount.Game from read().
    Options, as the command's: rules ('chinese', 'japanese', ...), komi,
    dead (points: 'D4 E5' or a list; replaces the record's marks), alive,
    method ('full', 'half', ... or 'all'; or a list), estimate (None: auto,
    True: --estimate, False: --no-estimate), judge ('playouts', 'model',
    'cascade'; None: the cascade on 9x9, the playouts on other sizes),
    compensation, tie, seki_fill, seki_dead_prisoners, territory ('rules':
    what the filling leaves, as the rules say; 'enclosed': every point one
    colour encloses, as OGS counts; None: enclosed for OGS's records under
    their own territory rules, else rules), side, adjust,
    tie_breaker (False: --no-tie-breaker; None, as for every option: the
    default, on), move (--move).
    """
    g, r = count(record, game=game, move=move, rules=rules, komi=komi, dead=dead, method=method,
                 estimate=estimate, **options)
    d = json.loads(r.json(g.file, g.index))
    d.pop("file", None)
    return d


def arrays(record, **options):
    """The board (int8: 1 black, -1 white, 0 empty), the ownership (float32 in
    [-1, 1], Black positive) and the territory (int8: whose point each point
    counts as) of one counted game, each height x width (row 0 the top)."""
    g, r = count(record, **options)
    return {"board": g.board, "ownership": r.ownership_grid(g.width, g.height),
            "territory": r.territory_grid(g.width, g.height)}


def read(path, rules=None, move=None):
    """The games of a file (a collection or a diagram; '-' standard input),
    yielded one at a time as they are read: memory stays flat however large
    the file. A game that cannot be read is yielded too, with .ok False and
    .error saying why; scoring it raises gocount.Error."""
    _, move = _game_and_move(None, move)
    return _gocount.open(_path("path", path), _text("rules", rules or ""), move)


def compare(record, rules=None, game=None, move=None, **options):
    """One game under several rule sets, as `gocount compare --format json`
    prints it (the `file` field aside). rules: columns, a list or a
    comma-separated text ('chinese,japanese,aga'); None: every rule set.
    Options as score()'s, less those of the counting methods (method, side,
    adjust, tie_breaker), territory and seki_dead_prisoners, as the command's:
    territory is a column's setting ('japanese:territory=enclosed')."""
    _refuse_not_taken("compare", options)
    columns = [] if rules is None else _points("rules", rules)
    o = _options(**options)
    g = _game(record, "", game, move)
    if not g.ok:
        raise Error(_where(g) + g.error)
    try:
        d = json.loads(_gocount.compare(g, o, columns))
    except Error as e:
        raise Error(_where(g) + str(e)) from None
    d.pop("file", None)
    if "game" in d:
        d["game"] = g.index
    return d


_HAND = ("width", "height", "non_scoring", "handicap", "black", "white", "black_territory", "white_territory",
         "black_stones", "white_stones", "black_prisoners", "white_prisoners")


_INT_MAX = 2**31 - 1  # what the library's numbers hold


def _hand_number(key, value):
    """A number of tally() as the command reads it (a whole number, or a
    total that may end in .5); its range is the library's check, the same
    line as the command's and the server's."""
    if key in ("black", "white"):
        return _number(key, value)
    n = _whole(key, value, -math.inf, math.inf)
    if abs(n) > _INT_MAX:  # past every range of the library's
        raise Error(f"{key}: {n} is far out of range")
    return n


def tally(size=None, rules=None, komi=None, method=None, **numbers):
    """A count made by hand, as `gocount tally --format json` prints it:
    tally(size=9, black=44, white=37, rules='chinese', komi=7); or
    territory and stones apart (black_territory=, black_stones=, ...), or
    territory and prisoners (territory rules; AGA rules too, a stone for
    every pass of the other side among the prisoners, White passing last:
    tally(size=7, rules='aga', komi=0, black_territory=6, white_territory=5,
    black_prisoners=1, white_prisoners=3) is Mays' Table 17, W+1). Also
    width, height, non_scoring, handicap; and the options of score() that
    apply (not dead, alive, estimate, judge, seki_fill, seki_dead_prisoners,
    territory)."""
    _refuse_not_taken("tally", numbers)
    given = {"size": size, **{k: v for k, v in numbers.items() if k in _HAND}}
    read = {k: _hand_number(k, v) for k, v in given.items() if v is not None}
    # The board first, then the numbers, as the command checks them.
    width, height = _gocount.board_given(read.pop("size", None), read.pop("width", None), read.pop("height", None))
    h = _gocount.Hand()
    h.width, h.height = width, height
    for key, value in read.items():
        setattr(h, key, value)
    options = {k: v for k, v in numbers.items() if k not in _HAND}
    return json.loads(_gocount.tally(h, _options(rules=rules, komi=komi, method=method, **options)))


def csv_header():
    """The header line of `gocount score --format csv`."""
    return _gocount.csv_header()


def _entry(record, rules, game, move):
    """The game `record` names as read() yields it, readable or not."""
    game, move = _game_and_move(game, move)
    _one_game(record, game, move)
    if isinstance(record, Game):
        return record
    data, is_path = _source(record)
    return _reading(_gocount.read_entry, record, data, is_path, rules or "", game or 0, move)


def csv_row(record, game=None, move=None, **options):
    """A game's row of `gocount score --format csv`: the record as score()
    takes it. A game that cannot be read or counted gives its error row, as
    the command writes it; gocount.Error, as the command writes no row, for
    a bad option, a file that cannot be read, or a game past the last."""
    o = _options(**options)
    g = _entry(record, o.rules, game, move)
    if not g.ok:
        return _gocount.csv_error(os.fsencode(g.file), g.index, g.record_hash, g.error)
    try:
        return _gocount.score(g, o).csv(g.file, g.index)
    except Error as e:  # the library's message names no file nor game, as the row's error column
        return _gocount.csv_error(os.fsencode(g.file), g.index, g.record_hash, str(e))


__all__ = ["Error", "Game", "arrays", "compare", "count", "csv_header", "csv_row", "read", "score", "tally"]
