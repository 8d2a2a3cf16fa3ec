#!/usr/bin/env python3
"""Independent oracle for gocount's counting (not its judging of dead stones).

What it checks
  For every game, gocount is asked (`score --format json`, batched, under --rules
  japanese, japanese with --territory enclosed, chinese, aga with --method aga, and
  tromp-taylor) for its count and the dead stones it used.
  This script replays the record itself (its own SGF reader, captures, suicide), takes
  gocount's `dead_chains` as given, floods the empty regions itself and counts:
    tromp-taylor  stones as they stand (dead ones too) + empty regions reaching one colour
                  only; komi to White; no handicap compensation.
    chinese       dead stones removed; stones + empty regions bordered by one colour only;
                  komi + n (n >= 2 handicap stones) to White.
    aga           as chinese with n - 1; and AGA's territory count (territory + prisoners +
                  pass stones, an extra White pass when Black moved last), which must equal
                  gocount's territory count, and the area count wherever the record
                  alternates (Mathematics of Scoring; a noted count where it does not).
    japanese      territory (empty regions bordered by one colour) + prisoners (captures in
                  play + dead stones removed); komi to White; no compensation.
  Points bordered by both colours count for nobody. Under area rules Mays' seki fill gives
  each side k/2 of a seki's k shared liberties, so the margin is what a plain flood gives;
  totals are compared after adding gocount's `seki_fill.each` to each side.
  It compares margin and winner with gocount's `result` and `margin` (and its totals),
  checks the replay against gocount's stones, captures and passes, and sorts every
  disagreement into a kind. Known kinds (documented conventions) are listed in KNOWN.

How to run
  /usr/bin/python3 bench/oracle_check.py            # default sets (about 7,600 games, ~20 s)
  /usr/bin/python3 bench/oracle_check.py --quick    # a few hundred games
  /usr/bin/python3 bench/oracle_check.py FILE.sgf   # given files only
  --all-ogs takes every OGS 9x9 game (78,105; about 3 minutes) instead of 6,106 of them;
  --examples N prints N examples of each kind; --gocount PATH picks the binary.
  Sets: the KGS marked test files (kgs-19-2017-*), six OGS 9x9 files, 500 GNU Go
  regression games (the played ones first), and the seki positions of Fuego and GNU Go.
  Exit status 0 when every disagreement is of a known kind, 1 otherwise; 77 (skipped)
  without ../shared/data (or GOCOUNT_SHARED_DATA). ctest runs it as outputs.oracle.

Known limits
  - It reads no seki: under Japanese rules the points gocount finds in seki (eyes, false
    eyes, shared liberties) are taken as given, like the dead stones (no territory, a dead
    stone on one no prisoner); counted as OGS counts (`--territory enclosed`) nothing is
    taken from gocount, every enclosed point being territory as this oracle counts.
  - Teire are gocount's too: a Japanese count that differs by exactly gocount's teire
    points is of the known kind "teire" only if each one passes a plain test (beside a
    chain of its owner's whose other liberties are all dame or other teire).
  - Seki totals under area rules use gocount's own `seki_fill.each`; only the margin is
    wholly independent there.
  - Board sizes over 25 (SGF-form points) are skipped; moves on occupied points and
    records gocount cannot read (suicide under rules that forbid it) are skipped.
  - Komi and handicap are read from gocount's JSON (what it read from KM and HA).
"""
import argparse
import collections
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GOCOUNT = os.path.join(HERE, "..", "build", "gocount")
# The shared records beside the project (GOCOUNT_SHARED_DATA elsewhere).
DATA = os.environ.get("GOCOUNT_SHARED_DATA", os.path.join(HERE, "..", "..", "shared", "data"))
# (name, --rules, extra options): japanese-enclosed counts as OGS does (docs/guide/seki.md)
RUNS = [("japanese", "japanese", []),
        ("japanese-enclosed", "japanese", ["--territory", "enclosed"]),
        ("chinese", "chinese", []),
        ("aga", "aga", ["--method", "aga"]),
        ("tromp-taylor", "tromp-taylor", [])]
COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
EMPTY, BLACK, WHITE = 0, 1, 2

# Disagreements that a documented convention of gocount explains (kind -> doc line).
KNOWN = {
    "teire": "docs/guide/rules-and-methods.md: Teire ... is filled, so it counts for no one; "
             "an area count gives it to its owner",
}

# ----------------------------------------------------------------------------- SGF
TOKEN = re.compile(r"\(|\)|;|[A-Za-z]+|\[(?:[^\]\\]|\\.)*\]", re.S)


def parse_collection(text):
    """Return the main line (a list of {prop: [values]}) of every game in a collection."""
    games, depth, skip, took = [], 0, 0, {}
    game = node = prop = None
    for m in TOKEN.finditer(text):
        t = m.group()
        if t == "(":
            depth += 1
            if skip:
                continue
            if depth == 1:
                game = []
                games.append(game)
            elif took.get(depth - 1):      # a second variation: not the main line
                skip = depth
                continue
            else:
                took[depth - 1] = True
            took[depth] = False
        elif t == ")":
            if skip and depth == skip:
                skip = 0
            depth -= 1
            if depth < 0:
                depth = 0
        elif skip or game is None:
            continue
        elif t == ";":
            node = {}
            game.append(node)
        elif t[0] == "[":
            if node is not None and prop:
                node.setdefault(prop, []).append(t[1:-1])
        else:
            prop = "".join(c for c in t if c.isupper())
    return games


def sgf_points(vals, w, h):
    for v in vals:
        v = v.strip()
        if ":" in v:                          # compressed list aa:cc
            a, b = v.split(":", 1)
            x0, y0, x1, y1 = ord(a[0]) - 97, ord(a[1]) - 97, ord(b[0]) - 97, ord(b[1]) - 97
            for y in range(min(y0, y1), max(y0, y1) + 1):
                for x in range(min(x0, x1), max(x0, x1) + 1):
                    yield x, y
        elif len(v) == 2:
            yield ord(v[0]) - 97, ord(v[1]) - 97


class Replay:
    """The record played out with captures: board, captures and passes per colour."""

    def __init__(self, nodes):
        sz = (nodes[0].get("SZ") or ["19"])[0].strip()
        w, h = (sz.split(":") + [sz])[:2] if ":" in sz else (sz, sz)
        self.w, self.h = int(w), int(h)
        n = self.w * self.h
        self.board = [EMPTY] * n
        self.nbr = [self._nbrs(i) for i in range(n)]
        self.caps = {BLACK: 0, WHITE: 0}      # opponent stones taken in play
        self.passes = {BLACK: 0, WHITE: 0}
        self.last_pass = None
        self.last_color = None                # who moved last, a pass included
        self.error = None
        for node in nodes:
            for key, col in (("AE", EMPTY), ("AB", BLACK), ("AW", WHITE)):
                for x, y in sgf_points(node.get(key, []), self.w, self.h):
                    if 0 <= x < self.w and 0 <= y < self.h:
                        self.board[y * self.w + x] = col
            for key, col in (("B", BLACK), ("W", WHITE)):
                for v in node.get(key, []):
                    self.play(col, v.strip())

    def _nbrs(self, i):
        x, y = i % self.w, i // self.w
        return [j for j, ok in ((i - 1, x > 0), (i + 1, x < self.w - 1),
                                (i - self.w, y > 0), (i + self.w, y < self.h - 1)) if ok]

    def chain(self, i):
        col, seen, todo, libs = self.board[i], {i}, [i], set()
        while todo:
            for j in self.nbr[todo.pop()]:
                if self.board[j] == EMPTY:
                    libs.add(j)
                elif self.board[j] == col and j not in seen:
                    seen.add(j)
                    todo.append(j)
        return seen, libs

    def play(self, col, v):
        self.last_color = col
        if v == "" or (v == "tt" and self.w <= 19 and self.h <= 19):
            self.passes[col] += 1
            self.last_pass = col
            return
        x, y = ord(v[0]) - 97, ord(v[1]) - 97
        if not (0 <= x < self.w and 0 <= y < self.h):
            self.passes[col] += 1            # off-board move: a pass, as readers take it
            self.last_pass = col
            return
        i = y * self.w + x
        if self.board[i] != EMPTY:
            self.error = self.error or "move on an occupied point %s" % v
            return
        self.last_pass = None
        self.board[i] = col
        opp = 3 - col
        for j in self.nbr[i]:
            if self.board[j] == opp:
                stones, libs = self.chain(j)
                if not libs:
                    for s in stones:
                        self.board[s] = EMPTY
                    self.caps[col] += len(stones)
        stones, libs = self.chain(i)
        if not libs:                          # suicide
            for s in stones:
                self.board[s] = EMPTY
            self.caps[opp] += len(stones)

    def gtp(self, i):
        return "%s%d" % (COLS[i % self.w], self.h - i // self.w)


# ----------------------------------------------------------------------------- counting
def flood(board, nbr):
    """Empty regions: (points, colours bordering them)."""
    seen, out = set(), []
    for i, c in enumerate(board):
        if c != EMPTY or i in seen:
            continue
        pts, todo, border = [i], [i], set()
        seen.add(i)
        while todo:
            for j in nbr[todo.pop()]:
                if board[j] == EMPTY:
                    if j not in seen:
                        seen.add(j)
                        pts.append(j)
                        todo.append(j)
                else:
                    border.add(board[j])
        out.append((pts, border))
    return out


def tally(board, nbr):
    """Stones and one-colour regions per colour, and the points bordered by both or none."""
    st = {BLACK: board.count(BLACK), WHITE: board.count(WHITE)}
    terr = {BLACK: set(), WHITE: set()}
    neutral = set()
    for pts, border in flood(board, nbr):
        if len(border) == 1:
            terr[border.pop()].update(pts)
        else:
            neutral.update(pts)
    return st, terr, neutral


def oracle(rules, rp, dead, hcap, komi, seki=()):
    """Expected (black score, white score, margin, extra) under one rule set.
    seki (japanese only): the points gocount found in seki (eyes, false eyes, shared
    liberties), taken as given like the dead stones: no territory, and a dead stone on one
    no prisoner (seed 001, SAS; Japanese rules of 1989)."""
    if rules == "tromp-taylor":
        st, terr, _ = tally(rp.board, rp.nbr)
        b, w = st[BLACK] + len(terr[BLACK]), st[WHITE] + len(terr[WHITE]) + komi
        return b, w, b - w, terr
    board = list(rp.board)
    ndead = {BLACK: 0, WHITE: 0}
    for i in dead:
        ndead[board[i]] += 1
        board[i] = EMPTY
    st, terr, _ = tally(board, rp.nbr)
    for i in seki:                            # gocount's seki points, given
        terr[BLACK].discard(i)
        terr[WHITE].discard(i)
        if i in dead:
            ndead[rp.board[i]] -= 1
    bt, wt = len(terr[BLACK]), len(terr[WHITE])
    if rules == "japanese":
        b = bt + rp.caps[BLACK] + ndead[WHITE]
        w = wt + rp.caps[WHITE] + ndead[BLACK] + komi
        return b, w, b - w, terr
    comp = 0
    if hcap >= 2:
        comp = hcap if rules == "chinese" else hcap - 1
    b, w = st[BLACK] + bt, st[WHITE] + wt + komi + comp
    if rules == "aga":                        # territory count with pass stones
        wpass = rp.passes[WHITE] + (1 if rp.last_color == BLACK else 0)  # White passes last
        tb = bt + rp.caps[BLACK] + ndead[WHITE] + wpass
        tw = wt + rp.caps[WHITE] + ndead[BLACK] + rp.passes[BLACK] + komi
        return b, w, b - w, (terr, tb - tw)
    return b, w, b - w, terr


def winner(m):
    return "B" if m > 0 else "W" if m < 0 else "0"


def result_winner(res):
    return res[0] if res[:2] in ("B+", "W+") else "0" if res in ("0", "Draw", "Jigo") else "?"


# ----------------------------------------------------------------------------- gocount
def run_gocount(binary, files, rules, extra=()):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(files) + "\n")
        lst = f.name
    try:
        r = subprocess.run([binary, "score", "--format", "json", "--quiet", "--jobs", "2",
                            "--keep-going", "--rules", rules, "--files-from", lst] + list(extra),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        out = r.stdout
    finally:
        os.unlink(lst)
    if not out.strip():
        sys.exit("gocount --rules %s gave nothing (exit %d): %s" % (rules, r.returncode,
                                                                   r.stderr.strip()[:300]))
    return [json.loads(l) for l in out.splitlines() if l.strip()]


def gtp_index(p, w, h):
    return (h - int(p[1:])) * w + COLS.index(p[0].upper())


def default_sets(quick, all_ogs):
    k = sorted(glob.glob(DATA + "/kgs-6d-godmoves/kgs-19-2017-*.sgf"))
    o = [DATA + "/ogs-9x9-teeny-go/" + f for f in
         ("aga-01.sgf", "korean-01.sgf", "nz-01.sgf", "other-01.sgf", "japanese-10.sgf",
          "chinese-04.sgf")]
    if all_ogs:
        o = sorted(glob.glob(DATA + "/ogs-9x9-teeny-go/*.sgf"))
    g = DATA + "/gnugo-regression/games/"
    played = [g + d for d in ("scoring", "kgs", "nngs", "handtalk", "cgos")]
    gn = [f for d in played for f in sorted(glob.glob(d + "/*.sgf"))]
    gn += [f for f in sorted(glob.glob(g + "**/*.sgf", recursive=True)) if f not in set(gn)]
    seki = sorted(set(glob.glob(DATA + "/fuego-regression/sgf/**/*seki*.sgf", recursive=True)
                      + glob.glob(DATA + "/fuego-regression/sgf/seki/*.sgf")
                      + glob.glob(g + "**/*seki*.sgf", recursive=True)
                      + glob.glob(g + "seki_exotics/*.sgf")))
    if quick:
        return {"kgs": k[:1], "ogs": o[:3], "gnugo": gn[:100], "seki": seki}
    return {"kgs": k, "ogs": o, "gnugo": gn[:500], "seki": seki}


# ----------------------------------------------------------------------------- checking
def explain(rules, go, rp, db, dw, terr, dead):
    """The kind of a disagreement: db, dw = oracle's score less gocount's, per side."""
    t = go["points"].get("teire") or {}
    tb = {gtp_index(p, rp.w, rp.h) for p in t.get("black", [])}
    tw = {gtp_index(p, rp.w, rp.h) for p in t.get("white", [])}
    if rules == "japanese" and (tb or tw) and (db, dw) == (len(tb), len(tw)) \
            and tb <= terr[BLACK] and tw <= terr[WHITE]:
        return "teire" if all(teire_plausible(rp, dead, q, tb | tw) for q in tb | tw) \
            else "teire (not one by the oracle's test)"
    return "unexplained"


def teire_plausible(rp, dead, q, teire):
    """A teire of its owner's: beside a chain of his whose other liberties are all points
    bordered by both colours (or other teire), so that filling them leaves it in atari at q."""
    board = [EMPTY if i in dead else c for i, c in enumerate(rp.board)]
    neutral = tally(board, rp.nbr)[2]
    saved = rp.board
    rp.board = board
    try:
        for j in rp.nbr[q]:
            if board[j] != EMPTY:
                libs = rp.chain(j)[1] - {q}
                if libs <= neutral | teire:   # in atari at q once the dame are filled
                    return True
        return False
    finally:
        rp.board = saved


def check_game(rules, go, rp, stats, examples, set_name):
    w, h = rp.w, rp.h
    key = "%s:%s" % (set_name, rules)
    if w > 25 or h > 25:
        stats[key]["skipped: board over 25"] += 1
        return
    if rp.error:
        stats[key]["skipped: " + rp.error.split(" %")[0].split(" ")[0] + " replay error"] += 1
        return
    ndead = {"black": 0, "white": 0}
    dead = set()
    for ch in go.get("dead_chains", []):
        for p in ch["stones"]:
            i = gtp_index(p, w, h)
            dead.add(i)
            ndead[ch["color"]] += 1
            if rp.board[i] != (BLACK if ch["color"] == "black" else WHITE):
                stats[key]["replay: dead stone not on board"] += 1
                return
    # the replay against gocount's own numbers
    mine = {"black": (rp.board.count(BLACK), rp.caps[BLACK], rp.passes[BLACK]),
            "white": (rp.board.count(WHITE), rp.caps[WHITE], rp.passes[WHITE])}
    for side in ("black", "white"):
        s = go[side]
        if (s["stones"] + s["dead"], s["captures"], s["passes"]) != mine[side]:
            kind = "replay: stones/captures/passes differ"
            stats[key][kind] += 1
            examples[(key, kind)].append("%s game %d: %s mine %s, gocount %s" % (
                go["file"], go["game"], side, mine[side],
                (s["stones"] + s["dead"], s["captures"], s["passes"])))
            return
    p = go["points"]["counts"]
    has_seki = p["seki_stones"]["black"] + p["seki_stones"]["white"] + p["shared_liberties"] \
        + p["seki_eyes"]["black"] + p["seki_eyes"]["white"] > 0
    seki = set()
    if rules == "japanese" and has_seki:   # no seki reading here: gocount's seki points given
        pt = go["points"]
        seki = {gtp_index(q, w, h) for q in pt["shared_liberties"] + pt["seki_eyes"]["black"]
                + pt["seki_eyes"]["white"] + pt["false_eyes"]["black"] + pt["false_eyes"]["white"]}
        stats[key]["note: seki, gocount's seki points given"] += 1
    b, wsc, m, extra = oracle(rules.split("-enclosed")[0], rp, dead, go["handicap"],
                              go["komi"], seki)
    terr = extra[0] if rules == "aga" else extra
    if rules in ("chinese", "aga") and go.get("seki_fill"):
        b += go["seki_fill"]["each"]
        wsc += go["seki_fill"]["each"]
    kinds = []
    db, dw = b - go["score"]["black"], wsc - go["score"]["white"]
    if abs(m - go["margin"]) > 1e-9 or winner(m) != result_winner(go["result"]):
        kinds.append(explain(rules, go, rp, db, dw, terr, dead))
    elif abs(db) > 1e-9 or abs(dw) > 1e-9:
        k = explain(rules, go, rp, db, dw, terr, dead)
        kinds.append(k if k != "unexplained" else "totals differ, margin agrees")
    if rules == "aga":
        # AGA's territory count with pass stones; it equals the area count when the record
        # alternates (Mathematics of Scoring); gocount's method must give the same number.
        meth = {s["id"]: s["value"] for s in go["methods"][0]["steps"] if "side" not in s}
        if abs(meth["margin_by_territory"] - extra[1]) > 1e-9:
            kinds.append("aga: territory count differs")
        if abs(extra[1] - m) > 1e-9:
            stats[key]["note: record does not alternate (aga territory != area, both sides)"] += 1
    stats[key]["compared"] += 1
    if go["handicap"] >= 2:
        stats[key]["note: handicap >= 2"] += 1
    if m == 0:
        stats[key]["note: tie"] += 1
    if not kinds:
        stats[key]["agree"] += 1
    for kind in kinds:
        stats[key]["disagree: " + kind] += 1
        examples[(key, kind)].append(
            "%s game %d: oracle %s (B %g, W %g), gocount %s margin %g (B %g, W %g)%s" % (
                go["file"], go["game"], "%+g" % m, b, wsc, go["result"], go["margin"],
                go["score"]["black"], go["score"]["white"],
                " territory=" + go["territory"] if go.get("territory") else ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--gocount", default=GOCOUNT)
    ap.add_argument("--examples", type=int, default=2)
    ap.add_argument("--all-ogs", action="store_true", help="all 78,105 OGS 9x9 games")
    a = ap.parse_args()
    if not a.files and not os.path.isdir(DATA):
        print("no shared data at %s: skipped" % DATA)
        return 77
    sets = {"files": a.files} if a.files else default_sets(a.quick, a.all_ogs)
    stats = collections.defaultdict(collections.Counter)
    examples = collections.defaultdict(list)
    for set_name, files in sets.items():
        replays = {}
        for f in files:
            with open(f, encoding="latin-1") as fh:
                replays[f] = parse_collection(fh.read())
        for rules, rules_opt, extra in RUNS:
            for go in run_gocount(a.gocount, files, rules_opt, extra):
                key = "%s:%s" % (set_name, rules)
                if "error" in go:
                    stats[key]["skipped: gocount error"] += 1
                    continue
                games = replays.get(go["file"], [])
                if go["game"] >= len(games):
                    stats[key]["replay: game missing"] += 1
                    continue
                rp = games[go["game"]]
                if not isinstance(rp, Replay):
                    rp = games[go["game"]] = Replay(rp)
                check_game(rules, go, rp, stats, examples, set_name)
    bad = 0
    print("%-22s %9s %9s  %s" % ("set:rules", "compared", "agree", "other"))
    for key in sorted(stats):
        c = stats[key]
        rest = ", ".join("%s %d" % (k, v) for k, v in sorted(c.items())
                         if k not in ("compared", "agree"))
        print("%-22s %9d %9d  %s" % (key, c["compared"], c["agree"], rest))
        bad += sum(v for k, v in c.items() if k.startswith(("disagree", "replay"))
                   and k.split(": ", 1)[1] not in KNOWN)
    print()
    for (key, kind), ex in sorted(examples.items()):
        print("%s %s%s" % (key, kind, " (known: %s)" % KNOWN[kind] if kind in KNOWN else ""))
        for e in ex[:a.examples]:
            print("    " + e)
    print("\n%s" % ("every disagreement is of a known kind" if not bad
                    else "%d disagreements of no known kind" % bad))
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
