#!/usr/bin/python3
"""GNU Go 3.8 on OGS's autoscore positions: the peer column of bench_estimate's
BM_OgsAutoscore (issue 20: a judgement measured on positions nobody learned from).

The 31 positions of ../shared/data/ogs-goban-autoscore (Apache-2.0, data only)
are real end positions with the owner of every point once the dead stones are
off. Each is given to GNU Go as a setup (AB/AW) and asked
`final_status_list dead`; a position agrees when those are exactly the stones
whose point the fixture gives to another colour or to nobody (`*`: no matter),
as BM_OgsAutoscore counts gocount's.

    /usr/bin/python3 bench/gnugo_autoscore.py [GNUGO]    # default /usr/games/gnugo

Prints each position that differs and the total (about 40 s); skipped (exit 0)
without the data or GNU Go.
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data", "ogs-goban-autoscore", "autoscore_test_files")
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def gtp(x, y, height):
    return COLUMNS[x] + str(height - y)


def fixture_dead(board, owner):
    """The stones the fixture takes off, and the points it does not judge."""
    dead, free = set(), set()
    for y, row in enumerate(board):
        for x, c in enumerate(row.lower()):
            if owner[y][x] == "*":
                free.add(gtp(x, y, len(board)))
            elif c in "bw" and owner[y][x] != c.upper():
                dead.add(gtp(x, y, len(board)))
    return dead, free


def gnugo_dead(gnugo, board):
    size = len(board)
    stones = {"b": [], "w": []}
    for y, row in enumerate(board):
        for x, c in enumerate(row.lower()):
            if c in stones:
                stones[c].append(chr(97 + x) + chr(97 + y))
    sgf = "(;GM[1]FF[4]SZ[%d]KM[6.5]AB%sAW%s)" % (
        size, "".join("[%s]" % s for s in stones["b"]), "".join("[%s]" % s for s in stones["w"]))
    with tempfile.NamedTemporaryFile("w", suffix=".sgf", delete=False) as f:
        f.write(sgf)
    try:
        out = subprocess.run([gnugo, "--mode", "gtp", "--chinese-rules"], capture_output=True, text=True,
                             input="loadsgf %s\nfinal_status_list dead\nquit\n" % f.name, timeout=600).stdout
    finally:
        os.unlink(f.name)
    answers = [a for a in out.split("\n\n") if a.strip()]
    return set(answers[1].lstrip("= ").split())


def main():
    gnugo = sys.argv[1] if len(sys.argv) > 1 else "/usr/games/gnugo"
    if not os.path.isdir(DATA) or not os.path.exists(gnugo):
        print("skipped: no %s or no %s" % (DATA, gnugo))
        return 0
    agree = total = 0
    for name in sorted(os.listdir(DATA)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(DATA, name)) as f:
            j = json.load(f)
        board, owner = j["board"], j["correct_ownership"]
        if len(board) != len(board[0]):
            print("%s: not square, left out" % name)
            continue
        want, free = fixture_dead(board, owner)
        got = gnugo_dead(gnugo, board) - free
        total += 1
        agree += got == want
        if got != want:
            print("%s differs: GNU Go keeps %s, takes off %s" % (
                name, " ".join(sorted(want - got)) or "-", " ".join(sorted(got - want)) or "-"))
    print("GNU Go: %d of %d positions agree" % (agree, total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
