"""The Python module against the command: the same objects for the same
input and options, the same messages for bad input."""
import json
import os
import pathlib
import re
import sys
import threading
import time

import numpy
import pytest

import gocount
from conftest import ROOT, cli, cli_json, run

EXAMPLE = ROOT / "examples" / "example.sgf"
DIAGRAM = ROOT / "examples" / "example.txt"


def without_file(d):
    d = dict(d)
    d.pop("file")
    return d


def test_score_names_the_players():
    [expected] = cli_json("score", "--format", "json", EXAMPLE)
    assert expected["black_player"] == "Black"
    assert gocount.score(str(EXAMPLE)).get("black_player") == "Black"


def test_bytes_are_read_as_the_command_reads_the_file(tmp_path):
    # Shift-JIS: 表ソ ends in 0x5C twice; decoded as UTF-8 it swallowed KM.
    record = (b"(;CA[Shift_JIS]SZ[9]RU[Japanese]PB[\x95\x5c\x83\x5c]KM[0.5]"
              b"AB[da][db][dc][dd][de][df][dg][dh][di]AW[ea][eb][ec][ed][ee][ef][eg][eh][ei];B[];W[])")
    path = tmp_path / "sjis.sgf"
    path.write_bytes(record)
    [expected] = cli_json("score", "--format", "json", path)
    assert expected["black_player"] == "表ソ" and expected["result"] == "W+9.5"
    assert gocount.score(record) == without_file(expected)
    wide = "(;SZ[9]PB[Ann];B[ee])".encode("utf-16")  # with its byte-order mark
    assert gocount.score(wide)["black_player"] == "Ann"


@pytest.mark.parametrize("args,kwargs", [
    ([], {}),
    (["--rules", "chinese"], {"rules": "chinese"}),
    (["--rules", "aga", "--komi", "7.5", "--method", "all"], {"rules": "aga", "komi": 7.5, "method": "all"}),
    (["--rules", "japanese", "--dead", "B7", "--no-estimate"], {"rules": "japanese", "dead": "B7", "estimate": False}),
    (["--rules", "ing", "--estimate", "--method", "full", "--method", "half", "--side", "both"],
     {"rules": "ing", "estimate": True, "method": ["full", "half"], "side": "both"}),
    (["--rules", "chinese", "--seki-fill", "half", "--handicap-compensation", "n-1", "--tie", "white"],
     {"rules": "chinese", "seki_fill": "half", "compensation": "n-1", "tie": "white"}),
])
def test_score_is_the_commands_json(args, kwargs):
    for record in (EXAMPLE, DIAGRAM):
        [expected] = cli_json("score", "--format", "json", *args, record)
        assert gocount.score(str(record), **kwargs) == without_file(expected)
        assert gocount.score(record, **kwargs) == without_file(expected)  # os.PathLike
        assert gocount.score(record.read_text(), **kwargs) == without_file(expected)  # the text


def test_shared_records_score_as_the_command(shared_records):
    for path in shared_records:
        expected = cli_json("score", "--format", "json", "--game", "0", path)[0]
        if "error" in expected:
            with pytest.raises(gocount.Error):
                gocount.score(path)
            continue
        assert gocount.score(path) == without_file(expected), path


def test_read_yields_every_game_lazily(tmp_path):
    collection = tmp_path / "three.sgf"
    collection.write_text("(;SZ[9]KM[7]AB[cc]AW[gg]) (;SZ[9];B[zz]) (;SZ[5]KM[0.5]AB[bb][bc]AW[dd])")
    games = gocount.read(collection)
    assert not isinstance(games, list)  # an iterator, read as asked for
    first = next(games)
    assert (first.index, first.ok, first.width) == (0, True, 9)
    rest = list(games)
    assert [g.index for g in rest] == [1, 2] and not rest[0].ok and rest[1].ok
    expected = cli_json("score", "--format", "json", collection)
    assert [without_file(e) for e in expected if "error" not in e] == [gocount.score(g) for g in (first, rest[1])]
    broken = next(e for e in expected if "error" in e)
    with pytest.raises(gocount.Error) as e:
        gocount.score(rest[0])
    assert str(e.value) == f"{collection}: game 1: {broken['error']}"


@pytest.mark.parametrize("record,kwargs", [
    ("missing.sgf", {}),
    (str(EXAMPLE), {"rules": "moon"}),
    (str(EXAMPLE), {"dead": "J9"}),
    (str(EXAMPLE), {"method": "half", "rules": "japanese"}),
    (str(ROOT / "tests" / "data" / "captured_left_on.txt"), {}),  # a chain with no liberty
])
def test_bad_input_raises_the_commands_line(record, kwargs):
    args = []
    for key, value in kwargs.items():
        args += ["--" + {"dead": "dead", "rules": "rules", "method": "method"}[key], value]
    p = run("score", *args, record, check=False)
    assert p.returncode != 0
    with pytest.raises(ValueError) as e:
        gocount.score(record, **kwargs)
    assert isinstance(e.value, gocount.Error)
    assert "gocount: " + str(e.value) == p.stderr.splitlines()[0]


# An OGS record (A1 a teire): by default counted as OGS counts, every point one
# colour encloses (W+1, as RE says); territory="rules" as the rules leave it.
OGS_TEIRE = ("(;FF[4]GM[1]SZ[7]RU[Japanese]KM[0]PC[OGS: https://online-go.com/game/20000000]DT[2020-01-01]RE[W+1]"
             "AB[aa][ca][bb][cb][ac][bc][dc][ec][fc][gc][bd][cd][dd][ae][be][af][bg]"
             "AW[da][fa][db][eb][fb][gb][ed][fd][gd][ce][de][ee][ge][bf][cf][ef][ff][gf][cg][dg][fg];B[];W[])")


@pytest.mark.parametrize("territory,result,enclosed", [(None, "W+1", True), ("enclosed", "W+1", True),
                                                        ("rules", "W+2", False)])
def test_territory_is_the_commands(tmp_path, territory, result, enclosed):
    record = tmp_path / "ogs.sgf"
    record.write_text(OGS_TEIRE)
    [expected] = cli_json("score", "--format", "json", *(["--territory", territory] if territory else []), record)
    got = gocount.score(OGS_TEIRE, territory=territory)
    assert got == without_file(expected)
    assert got["result"] == result
    assert (got.get("territory") == "enclosed") == enclosed


def test_a_bad_territory_raises_gocount_error():
    with pytest.raises(gocount.Error) as e:
        gocount.score(OGS_TEIRE, territory="moon")
    assert str(e.value) == "territory: 'moon' is not rules or enclosed"


def test_unknown_keyword_is_a_type_error():
    with pytest.raises(TypeError):
        gocount.score(str(EXAMPLE), colour="black")


def test_arrays_are_the_jsons_board():
    d = gocount.score(str(EXAMPLE))
    a = gocount.arrays(str(EXAMPLE))
    assert a["board"].shape == (9, 9) and a["board"].dtype == numpy.int8
    assert a["board"][0, 4] == 1 and a["board"][0, 5] == -1  # E9 black, F9 white (row 0 the top)
    own = numpy.array(d["ownership"], dtype=float).reshape(9, 9)
    assert numpy.allclose(a["ownership"], own, atol=5e-4)
    # Every point of the count: Black's 45 and White's 36 under Chinese rules (the record's comment).
    t = gocount.arrays(str(EXAMPLE), rules="chinese")["territory"]
    assert (int((t == 1).sum()), int((t == -1).sum())) == (45, 36)


def test_compare_and_tally_are_the_commands():
    [expected] = cli_json("compare", "--format", "json", "--rules", "chinese,japanese,aga", EXAMPLE)
    assert gocount.compare(str(EXAMPLE), rules="chinese,japanese,aga") == without_file(expected)
    [expected] = cli_json("tally", "--format", "json", "--size", "9", "--black", "44", "--white", "37",
                          "--rules", "chinese", "--komi", "7")
    assert gocount.tally(size=9, black=44, white=37, rules="chinese", komi=7) == expected
    with pytest.raises(gocount.Error):
        gocount.tally(size=9, black=44, white=40, rules="chinese")


@pytest.mark.parametrize("kwargs", [
    {"size": 9, "black": 39, "rules": "japanese"},
    {"size": 9, "black": 90},
    {"size": 9, "black": 40, "handicap": 82},
    {"size": 9},
    {"size": 9, "black": 40, "black_territory": 3},
    {"size": 9, "black": 40, "method": "ing"},
    {"size": 9, "black": 40, "method": "full"},
    {"size": 7, "rules": "aga", "black": 24, "white": 25, "black_prisoners": 1, "white_prisoners": 3},
])
def test_a_tally_refusal_names_the_keywords_not_the_commands_options(kwargs):
    # The command's refusal, each --black-territory (--black N) as the
    # keyword black_territory (black): they were the command's flags.
    p = run("tally", *[a for k, v in kwargs.items() for a in ("--" + k.replace("_", "-"), v)], check=False)
    assert p.returncode == 2 and "--" in p.stderr
    with pytest.raises(gocount.Error) as e:
        gocount.tally(**kwargs)
    as_keywords = re.sub(r"--([a-z-]+)( N)?", lambda m: m[1].replace("-", "_"), p.stderr.splitlines()[0])
    assert "gocount: " + str(e.value) == as_keywords
    assert "--" not in str(e.value)


def test_an_aga_tally_by_territory_is_the_commands():
    # Mays, Table 17: the prisoners all passed stones, 6 - 3 against 5 - 1, W+1.
    table17 = {"size": 7, "rules": "aga", "komi": 0, "black_territory": 6, "white_territory": 5,
               "black_prisoners": 1, "white_prisoners": 3}
    [expected] = cli_json("tally", "--format", "json", *[a for k, v in table17.items()
                                                        for a in ("--" + k.replace("_", "-"), str(v))])
    got = gocount.tally(**table17)
    assert got == expected
    assert got["result"] == "W+1" and [m["method"] for m in got["methods"]] == ["aga"]


def test_a_tally_refusal_names_keywords_as_tally_takes_them():
    with pytest.raises(gocount.Error) as e:
        gocount.tally(size=9, black=39, rules="japanese")
    assert str(e.value) == ("japanese rules count territory and prisoners: give black_territory and white_territory "
                            "(and black_prisoners, white_prisoners)")


@pytest.mark.parametrize("kwargs,line", [
    ({"size": 9, "black_territory": 100, "white_territory": 0, "black_stones": 0, "white_stones": 0},
     "black_territory: 100 is more than the board's 81 points"),
    ({"size": 9, "black_territory": 10, "white_territory": 10, "black_stones": 100, "white_stones": 0},
     "black_stones: 100 is more than the board's 81 points"),
    ({"size": 9, "rules": "japanese", "black_territory": 100, "white_territory": 0},
     "black_territory: 100 is more than the board's 81 points"),
])
def test_a_count_past_the_board_is_refused_by_name_as_the_command_refuses_it(kwargs, line):
    # The library's check, the command's and the server's too: it was "total
    # points 100 + 0 + 0 non-scoring do not make the board's 81 points".
    p = run("tally", *[a for k, v in kwargs.items() for a in ("--" + k.replace("_", "-"), v)], check=False)
    assert p.returncode == 2
    assert re.sub(r"--([a-z-]+)", lambda m: m[1].replace("-", "_"), p.stderr) == f"gocount: {line}\n"
    with pytest.raises(gocount.Error) as e:
        gocount.tally(**kwargs)
    assert str(e.value) == line


def test_a_number_past_what_the_library_holds_is_refused_by_name():
    # An int of Python's past what the library's int holds: said so, before any range of its own.
    with pytest.raises(gocount.Error, match=r"^width: 100000000000000000000 is far out of range$"):
        gocount.tally(width=10**20, height=9, black=40)


def test_prisoners_past_the_board_are_taken_as_the_command_takes_them():
    hand = {"size": 9, "rules": "japanese", "black_territory": 10, "white_territory": 8, "black_prisoners": 100}
    [expected] = cli_json("tally", "--format", "json", "--size", "9", "--rules", "japanese", "--black-territory", "10",
                          "--white-territory", "8", "--black-prisoners", "100")
    assert gocount.tally(**hand) == expected


@pytest.mark.parametrize("key,value", [("territory", "enclosed"), ("seki_dead_prisoners", True)])
def test_compare_takes_territory_in_a_column_as_the_command_does(key, value):
    # Taken for every column, where the command takes territory only in a
    # column's rules and has no --seki-dead-prisoners for compare.
    p = run("compare", "--" + key.replace("_", "-"), *([value] if isinstance(value, str) else []), EXAMPLE,
            check=False)
    assert p.returncode == 2 and "not expected" in p.stderr
    with pytest.raises(TypeError) as e:
        gocount.compare(str(EXAMPLE), **{key: value})
    assert str(e.value).startswith(f"compare: {key} ")
    assert str(e.value).endswith("(rules='chinese,japanese:territory=enclosed')")
    # Where the message says to put it, it is taken, as the command takes it.
    columns = "chinese,japanese:territory=enclosed"
    [expected] = cli_json("compare", "--format", "json", "--rules", columns, EXAMPLE)
    assert gocount.compare(str(EXAMPLE), rules=columns) == without_file(expected)


def test_the_gil_is_released_while_counting(shared_records):
    # One long count in a thread: were the GIL held through it, the main
    # thread could run no Python while it lasts. Not a timing test: it asks
    # only that the main thread ran once inside the count's middle 80%, which
    # a loaded machine delays but does not prevent.
    big = [p for p in shared_records if gocount.score(p, estimate=False)["width"] == 19][:1]
    if not big:
        pytest.skip("no 19x19 record in the sample")
    game = next(iter(gocount.read(big[0])))
    span = []

    def count():
        start = time.perf_counter()
        gocount.score(game, estimate=True)
        span.extend([start, time.perf_counter()])

    t = threading.Thread(target=count)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(0.0005)  # the threads take turns every half millisecond
    seen = []
    t.start()
    while t.is_alive():
        seen.append(time.perf_counter())
    t.join()
    sys.setswitchinterval(interval)
    start, end = span
    if end - start < 0.02:
        pytest.skip(f"the count took only {end - start:.3f} s")
    inside = [s for s in seen if start + 0.1 * (end - start) < s < end - 0.1 * (end - start)]
    assert inside, (end - start, len(seen))


def test_version():
    # GOCOUNT_VERSION, the one version: the module's and the command's are the same.
    assert gocount.__version__ == run("--version").stdout.split()[-1]


def cli_range_error(*args):
    """The command's range error for an option, as the Python keyword says it:
    "--move: '-1' is not a whole number from 0 to 1000000" -> "move: -1 is not ..."."""
    p = run(*args, check=False)
    assert p.returncode == 2, p.stderr
    option, rest = p.stderr.splitlines()[0].removeprefix("gocount: --").split(": ", 1)
    value, what = rest.split(" ", 1)
    what = what.split(" (see ")[0]
    return f"{option.replace('-', '_')}: {value.strip(chr(39))} {what}"


@pytest.mark.parametrize("key,value", [("move", -1), ("move", -7), ("move", -1000), ("move", 1_000_001),
                                       ("game", -1), ("game", 2**40)])
def test_game_and_move_out_of_range_are_refused_as_the_command_refuses(key, value):
    expected = cli_range_error("score", f"--{key}", value, EXAMPLE)
    assert expected == f"{key}: {value} is not a whole number from 0 to {1_000_000 if key == 'move' else 10**9}"
    with pytest.raises(gocount.Error) as e:
        gocount.score(str(EXAMPLE), **{key: value})
    assert str(e.value) == expected
    if key == "move":
        with pytest.raises(gocount.Error) as e:
            gocount.read(EXAMPLE, move=value)
        assert str(e.value) == expected


@pytest.mark.parametrize("kwargs", [{"size": -1}, {"size": 100}, {"size": 0}, {"width": -5}, {"height": 53},
                                    {"handicap": -3}, {"non_scoring": -10}, {"black": 3000}, {"white": -0.5},
                                    {"black_territory": -1}, {"white_prisoners": 2705}])
def test_tally_numbers_out_of_range_are_refused_as_the_command_refuses(kwargs):
    [(key, value)] = kwargs.items()
    numbers = {"size": 9, "black": 40, **kwargs}
    args = [a for k, v in numbers.items() for a in ("--" + k.replace("_", "-"), v)]
    expected = cli_range_error("tally", *args)
    assert expected.startswith(f"{key}: {value} is not a ")
    with pytest.raises(gocount.Error) as e:
        gocount.tally(**numbers)
    assert str(e.value) == expected


@pytest.mark.parametrize("call,message", [
    (lambda: gocount.score(str(EXAMPLE), komi="6.5"), "komi: a number, not str"),
    (lambda: gocount.score(str(EXAMPLE), komi=True), "komi: a number, not bool"),
    (lambda: gocount.score(str(EXAMPLE), rules=5), "rules: a str, not int"),
    (lambda: gocount.score(str(EXAMPLE), game="0"), "game: a whole number, not str"),
    (lambda: gocount.score(str(EXAMPLE), move=1.5), "move: a whole number, not float"),
    (lambda: gocount.score(str(EXAMPLE), seki_dead_prisoners="yes"), "seki_dead_prisoners: True or False, not str"),
    (lambda: gocount.score(str(EXAMPLE), estimate="maybe"), "estimate: True, False or None, not str"),
    (lambda: gocount.score(str(EXAMPLE), tie_breaker="no"), "tie_breaker: True or False, not str"),
    (lambda: gocount.score(str(EXAMPLE), dead=5), "dead: a str or a list of them, not int"),
    (lambda: gocount.tally(size="9", black=40), "size: a whole number, not str"),
    (lambda: gocount.tally(size=9, black="40"), "black: a number, not str"),
    (lambda: gocount.tally(size=9, black=40, handicap=True), "handicap: a whole number, not bool"),
])
def test_a_wrong_type_is_a_type_error_naming_the_keyword(call, message):
    with pytest.raises(TypeError) as e:
        call()
    assert str(e.value) == message


def test_numbers_of_numpy_and_python_count_alike():
    expected = gocount.score(str(EXAMPLE), komi=7, move=6, game=0)
    assert gocount.score(str(EXAMPLE), komi=7.0, move=numpy.int64(6), game=numpy.int32(0)) == expected
    assert gocount.score(str(EXAMPLE), komi=numpy.float64(7), move=6, estimate=None) == expected
    assert (gocount.score(str(EXAMPLE), estimate=numpy.bool_(False), seki_dead_prisoners=numpy.bool_(False))
            == gocount.score(str(EXAMPLE), estimate=False))
    assert (gocount.tally(size=numpy.int64(9), black=numpy.float32(44), white=37, handicap=numpy.uint8(0))
            == gocount.tally(size=9, black=44, white=37))


def test_an_empty_path_is_said_to_be_empty():
    with pytest.raises(gocount.Error) as e:
        gocount.score("")
    assert str(e.value) == "record: the path is empty"
    with pytest.raises(gocount.Error) as e:
        gocount.read("")
    assert str(e.value) == "path: the path is empty"


@pytest.mark.parametrize("call,message", [
    (lambda: gocount.score("(;GM[1]FF[4]SZ[9]PB[\ud800])"),
     "record: position 20 is a lone surrogate ('\\ud800'), not text"),
    (lambda: gocount.score("(;GM[1]SZ[9]PB[\udce9])"),  # a file name's surrogate escape: in text, refused
     "record: position 15 is a lone surrogate ('\\udce9'), not text"),
    (lambda: gocount.score("game\ud800.sgf"), "record: position 4 is a lone surrogate ('\\ud800'), not a file name"),
    (lambda: gocount.read("game\ud800.sgf"), "path: position 4 is a lone surrogate ('\\ud800'), not a file name"),
    (lambda: gocount.read(str(DIAGRAM), rules="\ud800"), "rules: position 0 is a lone surrogate ('\\ud800'), not text"),
    (lambda: gocount.score(str(EXAMPLE), rules="japanese\ud800"),
     "rules: position 8 is a lone surrogate ('\\ud800'), not text"),
    (lambda: gocount.score(str(EXAMPLE), dead=["E9", "D\udc004"]),
     "dead: position 1 is a lone surrogate ('\\udc00'), not text"),
    (lambda: gocount.compare(str(EXAMPLE), rules="chinese,\ud800"),
     "rules: position 8 is a lone surrogate ('\\ud800'), not text"),
    (lambda: gocount.tally(size=9, black=40, tie="\ud800"), "tie: position 0 is a lone surrogate ('\\ud800'), not text"),
])
def test_a_lone_surrogate_is_refused_naming_the_keyword(call, message):
    # pybind11 said only "incompatible function arguments", listing every argument.
    with pytest.raises(gocount.Error) as e:
        call()
    assert str(e.value) == message


LATIN1 = b"partie\xe9.sgf"  # an old archive's Latin-1 name: not UTF-8


@pytest.fixture
def latin1_file(tmp_path):
    """examples/example.sgf named LATIN1 in tmp_path: its path as bytes."""
    path = os.path.join(os.fsencode(tmp_path), LATIN1)
    try:
        with open(path, "wb") as f:
            f.write(EXAMPLE.read_bytes())
    except OSError as e:  # a file system that takes UTF-8 names only
        pytest.skip(f"no file named {LATIN1!r} here: {e}")
    return path


def test_a_name_not_utf8_from_listdir_is_a_path(latin1_file, tmp_path):
    # os.listdir gives it with a surrogate escape; it was refused as text.
    [name] = os.listdir(tmp_path)
    assert name == "partie\udce9.sgf"
    expected = gocount.score(str(EXAMPLE))
    assert gocount.score(str(tmp_path / name)) == expected
    assert gocount.score(tmp_path / name) == expected  # os.PathLike
    assert gocount.compare(str(tmp_path / name)) == gocount.compare(str(EXAMPLE))


def test_read_gives_a_name_not_utf8_back_as_python_names_files(latin1_file):
    # Game.file, its repr and its CSV row raised UnicodeDecodeError.
    for path in (latin1_file, pathlib.Path(os.fsdecode(latin1_file))):
        [game] = gocount.read(path)
        assert game.file == os.fsdecode(latin1_file) and os.fsencode(game.file) == latin1_file
        assert "partie\\xe9.sgf #0>" in repr(game)
        assert gocount.score(game) == gocount.score(str(EXAMPLE))
        assert gocount.csv_row(game).split(",")[0] == game.file
        _, r = gocount.count(game)
        assert json.loads(r.json(os.fsencode(game.file)))["file"].endswith("partie\ufffd.sgf")
        # The name as Game.file gives it (pybind11 refused a str with a surrogate escape).
        assert r.json(game.file) == r.json(os.fsencode(game.file))
        assert r.csv(game.file, 0) == gocount.csv_row(game)


def test_a_message_names_a_file_not_utf8_readably(latin1_file, tmp_path):
    # The library's messages hold the name's bytes: UnicodeDecodeError, not gocount.Error.
    missing = os.path.join(os.fsencode(tmp_path), b"absent\xe9.sgf")
    for path in (missing, os.fsdecode(missing), pathlib.Path(os.fsdecode(missing))):
        with pytest.raises(gocount.Error) as e:
            gocount.read(path)
        assert str(e.value).startswith(f"{tmp_path}/absent\\xe9.sgf: cannot read")
    with pytest.raises(gocount.Error) as e:
        gocount.score(os.fsdecode(missing))
    assert str(e.value).startswith(f"{tmp_path}/absent\\xe9.sgf: cannot read")
    shown = f"{tmp_path}/partie\\xe9.sgf"
    with pytest.raises(gocount.Error) as e:
        gocount.score(os.fsdecode(latin1_file), game=3)
    assert str(e.value) == f"{shown}: game 3 asked for, but the input has 1 game"
    with pytest.raises(gocount.Error) as e:
        gocount.score(os.fsdecode(latin1_file), dead="T19")
    assert str(e.value) == f"{shown}: game 0: dead stone 'T19' is not a point of this 9x9 board"


def test_tie_breaker_none_is_the_default_as_every_option():
    # None turned the tie-breaker off; False (or 0) is --no-tie-breaker.
    # A no-komi game's 0.5 is the tie-breaker that --no-tie-breaker leaves out.
    hand = {"size": 9, "black": 40, "white": 41, "komi": 0.5, "method": "simplified-half"}
    [on] = cli_json("tally", "--format", "json", "--size", "9", "--black", "40", "--white", "41", "--komi", "0.5",
                    "--method", "simplified-half")
    [off] = cli_json("tally", "--format", "json", "--size", "9", "--black", "40", "--white", "41", "--komi", "0.5",
                     "--method", "simplified-half", "--no-tie-breaker")
    assert on["methods"][0]["result"] == "W+1.5" and off["methods"][0]["result"] == "W+1"
    assert gocount.tally(**hand, tie_breaker=None) == gocount.tally(**hand) == on
    assert gocount.tally(**hand, tie_breaker=False) == gocount.tally(**hand, tie_breaker=0) == off
    simplified = {"rules": "chinese", "method": "simplified-half"}
    assert gocount.score(str(EXAMPLE), **simplified, tie_breaker=None) == gocount.score(str(EXAMPLE), **simplified)


def test_no_stone_dead_is_said_as_the_command_says_it():
    # dead="" said that no stone is dead without a word (the example's marks,
    # H7 and B7, set aside: W+4.5); "none", as --dead none, and [] say it.
    marked = gocount.score(str(EXAMPLE))["result"]
    [none] = cli_json("score", "--format", "json", "--dead", "none", EXAMPLE)
    assert marked == "B+1.5" and none["result"] == "W+4.5"
    for dead in ("none", ["none"], []):
        assert gocount.score(str(EXAMPLE), dead=dead)["result"] == "W+4.5", dead
    for dead in ("", ",", [""], [" "]):
        with pytest.raises(gocount.Error, match="dead: an empty list names no stone; to say that no stone is dead, "
                                                 "give the word none"):
            gocount.score(str(EXAMPLE), dead=dead)
    with pytest.raises(gocount.Error, match="dead: none says that no stone is dead: give it without points"):
        gocount.score(str(EXAMPLE), dead="none H7")
    with pytest.raises(gocount.Error, match="alive: an empty list names no stone"):
        gocount.score(str(EXAMPLE), alive="")


def test_the_board_is_given_by_size_or_by_width_and_height():
    # As the command and the server refuse them: size=9, width=13 counted
    # 13x9, and width=13 alone 13x19, without a word.
    for kw, message in ((dict(size=9, width=13), "give the board as size or as width and height, not both"),
                        (dict(size=9, height=9), "give the board as size or as width and height, not both"),
                        (dict(width=13), "width needs height (or give the board as size)"),
                        (dict(height=13), "height needs width (or give the board as size)")):
        with pytest.raises(gocount.Error) as e:
            gocount.tally(black=41, **kw)
        assert str(e.value) == message, kw
    [cli] = cli_json("tally", "--format", "json", "--width", "13", "--height", "9", "--black", "60")
    assert gocount.tally(width=13, height=9, black=60) == cli


def run_python(code, timeout=120):
    """`code` in a fresh interpreter, as these tests import gocount: a crash
    or a hang fails its test instead of ending or stopping the run."""
    import subprocess
    try:
        p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"hung for {timeout} s")
    assert p.returncode == 0, p.stderr[-2000:]
    return p.stdout


def test_threads_sharing_one_read_iterator_get_each_game_once(tmp_path):
    # The GIL was released while the Collection read, and two threads read it
    # at once: false parse errors, double frees, segfaults.
    path = tmp_path / "many.sgf"
    path.write_text("(;SZ[9]KM[6.5];B[ee];W[cc];B[gg])" * 20000)
    out = run_python(f"""
import threading, gocount
it = gocount.read({str(path)!r})
seen = [[] for _ in range(4)]
def take(mine):
    for g in it:
        mine.append((g.index, g.ok, g.moves if g.ok else g.error))
threads = [threading.Thread(target=take, args=(s,)) for s in seen]
for t in threads: t.start()
for t in threads: t.join()
games = sorted(x for s in seen for x in s)
print(games == [(i, True, 3) for i in range(20000)])
""")
    assert out.split() == ["True"]


def test_arrays_from_threads_before_numpy_is_imported_do_not_hang():
    # pybind11 loaded numpy's API inside a C++ static with the GIL held; numpy's
    # import let the other threads run, one waited on the static with the GIL.
    out = run_python("""
import sys, threading, gocount
assert "numpy" not in sys.modules
shapes = []
def count():
    shapes.append(gocount.arrays("(;SZ[9]KM[6.5];B[ee];W[cc];B[gg])")["territory"].shape)
threads = [threading.Thread(target=count) for _ in range(8)]
for t in threads: t.start()
for t in threads: t.join()
print(shapes == [(9, 9)] * 8)
""", timeout=60)
    assert out.split() == ["True"]


@pytest.mark.parametrize("call", [gocount.score, gocount.arrays, gocount.compare, gocount.csv_row])
@pytest.mark.parametrize("key,value", [("move", 3), ("game", 0), ("game", 1)])
def test_a_game_from_read_takes_no_game_or_move(call, key, value):
    # They were ignored without a word: the position counted was the Game's.
    [game] = gocount.read(EXAMPLE)
    with pytest.raises(TypeError) as e:
        call(game, **{key: value})
    assert str(e.value).startswith(f"{key}: a gocount.Game is already one game at one position")


def test_a_nul_in_a_path_is_refused_as_open_refuses_it(tmp_path):
    # The library read the name up to the NUL: another file, without a word.
    (tmp_path / "r.sgf").write_bytes(EXAMPLE.read_bytes())
    name = str(tmp_path / "r.sgf") + "\x00junk"
    for call in (lambda: gocount.score(name), lambda: gocount.score(pathlib.Path(name)),
                 lambda: gocount.csv_row(name), lambda: gocount.read(name), lambda: gocount.read(os.fsencode(name))):
        with pytest.raises(ValueError) as e:
            call()
        assert type(e.value) is ValueError and str(e.value) == "embedded null byte"
    with pytest.raises(ValueError, match="embedded null byte"):
        gocount._gocount.read_one(os.fsencode(name), True, "", 0, None)  # the module's own check


def cli_csv_rows(*args):
    """The rows (header left out) of `gocount score --format csv`, line ends kept."""
    import subprocess
    p = subprocess.run([cli(), "score", "--format", "csv", *map(str, args)], capture_output=True)
    return p.stdout.decode().splitlines(keepends=True)[1:], p.stderr.decode()


BROKEN = "(;SZ[9]KM[7]AB[cc]AW[gg]) (;SZ[9];B[zz]) (;SZ[5]KM[0.5]AB[bb][bc]AW[dd])"


def test_csv_row_writes_the_commands_error_rows(tmp_path):
    # A broken record raised; a count's error row lost the message's start.
    path = tmp_path / "three.sgf"
    path.write_text(BROKEN)
    rows, _ = cli_csv_rows(path)
    assert "move is not a point of this board" in rows[1]
    assert [gocount.csv_row(str(path), game=i) for i in range(3)] == rows
    assert [gocount.csv_row(g) for g in gocount.read(path)] == rows
    assert gocount.csv_row("(;SZ[9];B[zz])") == rows[1].replace(f"{path},1,", ",0,", 1)  # text: no file
    rows, _ = cli_csv_rows("--dead", "T19", path)
    assert rows[0].endswith(",dead stone 'T19' is not a point of this 9x9 board\r\n")
    assert [gocount.csv_row(g, dead="T19") for g in gocount.read(path)] == rows


def test_csv_row_raises_where_the_command_writes_no_row(tmp_path):
    # An option's error row was garbled ('wn: chinese, ...'): the command
    # refuses the option before any row, and writes none for a missing file.
    [game] = gocount.read(EXAMPLE)
    p = run("score", "--format", "csv", "--rules", "moon", EXAMPLE, check=False)
    assert p.returncode == 2
    for record in (game, str(EXAMPLE)):
        with pytest.raises(gocount.Error) as e:
            gocount.csv_row(record, rules="moon")
        assert "gocount: " + str(e.value) == p.stderr.splitlines()[0]
    missing = tmp_path / "missing.sgf"
    rows, stderr = cli_csv_rows(missing)
    assert rows == []
    with pytest.raises(gocount.Error) as e:
        gocount.csv_row(str(missing))
    assert "gocount: " + str(e.value) == stderr.splitlines()[0]
    with pytest.raises(gocount.Error, match="game 5 asked for, but the input has 1 game$"):
        gocount.csv_row(str(EXAMPLE), game=5)


@pytest.mark.parametrize("command,call,key", [
    ("compare", lambda: gocount.compare(str(EXAMPLE), method="half"), "method"),
    ("compare", lambda: gocount.compare(str(EXAMPLE), side="black"), "side"),
    ("compare", lambda: gocount.compare(str(EXAMPLE), tie_breaker=False), "tie_breaker"),
    ("tally", lambda: gocount.tally(size=9, black=44, white=37, dead="E5"), "dead"),
    ("tally", lambda: gocount.tally(size=9, black=44, white=37, estimate=False), "estimate"),
    ("tally", lambda: gocount.tally(size=9, black=44, white=37, seki_fill="half"), "seki_fill"),
])
def test_an_option_a_command_does_not_take_is_refused(command, call, key):
    # Taken without a word, where the command and the server refuse them.
    flag = "--no-tie-breaker" if key == "tie_breaker" else "--" + key.replace("_", "-")
    args = [flag] if key in ("tie_breaker", "estimate") else [flag, "half"]
    p = run(command, *args, *(["--size", "9", "--black", "44"] if command == "tally" else [EXAMPLE]), check=False)
    assert p.returncode == 2 and "not expected" in p.stderr
    with pytest.raises(TypeError) as e:
        call()
    assert str(e.value).startswith(f"{command}: unknown option {key!r} (known: ")


@pytest.mark.parametrize("value,held", [([None], "NoneType"), ([b"E5"], "bytes"), (["E5", 3], "int"),
                                        (("E5", 4.5), "float")])
def test_a_list_of_points_holds_str_alone(value, held):
    # Each item was made text: None as 'None', b"E5" as "b'E5'".
    for key in ("dead", "alive", "method"):
        with pytest.raises(TypeError) as e:
            gocount.score(str(EXAMPLE), **{key: value})
        assert str(e.value) == f"{key}: a str or a list of them, not a {type(value).__name__} holding {held}"
    with pytest.raises(TypeError) as e:
        gocount.score(str(EXAMPLE), dead={"E5": True})
    assert str(e.value) == "dead: a str or a list of them, not dict"
    with pytest.raises(TypeError):
        gocount.compare(str(EXAMPLE), rules=["chinese", None])


@pytest.mark.parametrize("key", ["tie", "judge", "territory", "handicap_compensation", "seki_fill"])
def test_an_empty_choice_is_refused_as_the_command_refuses_it(key):
    # "" meant the default without a word; --tie '' is refused.
    assert run("score", f"--{key.replace('_', '-')}", "", EXAMPLE, check=False).returncode == 2
    with pytest.raises(gocount.Error) as e:
        gocount.score(str(EXAMPLE), **{key: ""})
    assert str(e.value) == f"{key}: an empty value names none of its choices (None: the default)"
    if key in ("tie", "handicap_compensation"):  # tally's too
        with pytest.raises(gocount.Error):
            gocount.tally(size=9, black=44, **{key: ""})


def test_text_with_a_byte_order_mark_is_text():
    # What open().read() gives for a file saved with one: it was taken for a path.
    text = "(;SZ[9]KM[6.5];B[ee];W[cc])"
    assert gocount.score("\ufeff" + text) == gocount.score(text)
    assert gocount.score("\ufeff" + DIAGRAM.read_text()) == gocount.score(DIAGRAM.read_text())


def test_a_str_read_as_a_file_name_says_so():
    # "X.O: cannot read" did not say why a diagram's row was taken for a file.
    with pytest.raises(gocount.Error) as e:
        gocount.score("X.O")
    assert str(e.value).startswith("X.O: cannot read: ")
    assert "(read as a file's name: SGF text starts with '(', a diagram has more than one line)" in str(e.value)
    with pytest.raises(gocount.Error) as e:
        gocount.score("missing.sgf")  # a file's name: the command's message alone
    assert "read as a file's name" not in str(e.value)


@pytest.mark.parametrize("kwargs", [{"rules": "japanese\x00x"}, {"tie": "white\x00x"}, {"method": "half\x00x"}])
def test_a_nul_in_an_option_is_shown_escaped(kwargs):
    [(key, value)] = kwargs.items()
    with pytest.raises(gocount.Error) as e:
        gocount.score(str(EXAMPLE), **kwargs)
    assert value.replace("\x00", "\\x00") in str(e.value)
