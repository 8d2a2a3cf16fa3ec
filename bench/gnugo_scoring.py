#!/usr/bin/python3
"""GNU Go's scoring regression against gocount's defaults (issue 20: a judgement
measured on games it never learned from).

GNU Go 3.8's regression suite holds 58 self-play and NNGS games played out to
two passes with their dead stones left on the board, each with the final score
its developers checked (`tst/score.tst`, `tst/score2.tst`: `final_score` under
GNU Go's Japanese rules; a trailing `*` marks a test GNU Go itself fails, and
a test it comments out is one it holds unsettled). The records and tests are
in ../shared/data/gnugo-regression (GNU GPL v3, data only: no GNU Go code).
Each game is scored as a user would, `gocount score --format json FILE` with
no option (the records are NNGS's, counted under Japanese rules by default),
and its result compared with GNU Go's answer.

    /usr/bin/python3 bench/gnugo_scoring.py [GOCOUNT]    # default build/gocount

Prints one line per test and the totals; skipped (exit 0) without the data.
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data", "gnugo-regression")


def tests():
    """(tst file, sgf, move or None, expected regexp, GNU Go fails it, active)."""
    for name in ("score.tst", "score2.tst"):
        sgf = move = None
        active = True
        with open(os.path.join(DATA, "tst", name)) as f:
            for line in f:
                m = re.match(r"^(#*)\s*loadsgf (\S+)(?: (\d+))?", line)
                if m:
                    sgf, move, active = m.group(2), m.group(3), m.group(1) == ""
                    continue
                m = re.match(r"^(#*\s*)#\? \[(.*)\](\*?)", line)
                if m and sgf:
                    yield name, sgf, move, m.group(2), m.group(3) == "*", active and m.group(1) == ""
                    sgf = None


def main():
    gocount = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "gocount")
    if not os.path.isdir(DATA):
        print("../shared/data/gnugo-regression is absent: nothing to measure")
        return 0
    totals = {True: [0, 0], False: [0, 0]}  # active -> [agree, count]
    for name, sgf, move, expected, gnugo_fails, active in tests():
        args = [gocount, "score", "--format", "json", os.path.join(DATA, sgf)]
        if move:  # GTP's loadsgf FILE N: the position before move N
            args += ["--move", str(int(move) - 1)]
        run = subprocess.run(args, capture_output=True, text=True)
        try:
            result = json.loads(run.stdout)["result"]
        except (ValueError, KeyError):
            result = "error: " + run.stderr.strip().splitlines()[0] if run.stderr.strip() else "no output"
        agree = re.fullmatch(expected, result) is not None
        totals[active][0] += agree
        totals[active][1] += 1
        notes = [] if active else ["GNU Go holds it unsettled"]
        if gnugo_fails:
            notes.append("GNU Go fails it")
        print(f"{'agree' if agree else 'DIFFER':6} {name:10} {sgf:45} GNU Go {expected.replace(chr(92), ''):9} "
              f"gocount {result:9} {'; '.join(notes)}")
    a, n = totals[True]
    print(f"GNU Go's active tests: gocount agrees on {a} of {n}; "
          f"on the {totals[False][1]} it holds unsettled: {totals[False][0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
