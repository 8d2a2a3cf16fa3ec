#!/usr/bin/python3
"""Whether every difference cause `gocount score` gives is true: each one
reproduced through the command's own options.

When a record's counted result (RE) differs from gocount's count, the JSON
names a `difference_cause` ({kind, text, amount, points, fit}), and the
promise is that a person could check it. This checks it mechanically: the
record is scored again with the options that apply the cause, and the margin
must then be the recorded one (docs/guide/why-results-differ.md, "Against
the recorded result"):

    dead_left_on_board,     --dead: the judged dead stones (`dead_chains`) with
    removed_as_dead         the cause's chains taken the other way (its dead
                            chains left, its living ones added), --no-estimate
    dead_not_marked         --dead: the marks and the estimate's stones it names
    whole_board             --dead: every stone of the side it names
    seki_as_territory       --territory enclosed
    seki_not_territory      --territory rules
    komi                    --komi K (the komi the text names)
    handicap_compensation   --handicap-compensation C (the one the text names)
    other_scoring           --rules R (the other family the text names), --komi
                            of the count (the record's, or the rules' default)

A cause that also counts the seki points the other way ("...; and counts the
teire C1 as territory", "...; and leaves out the seki eyes ...") adds
--territory enclosed or rules. The other kinds (dame_counted, not_finished,
winner_swapped, ...) no option expresses: they are counted, not checked.

A seki reading with a dead stone inside the seki says what it does with the
stone, as the count did: "still taking the dead stone D9 inside the seki as a
prisoner" adds --seki-dead-prisoners to --territory rules (which alone takes
no prisoner there, as the 1989 rules say); "not taking ..." with the points
counted as territory no option expresses (--territory enclosed takes the
stone with its point), so it is counted, not checked.

A CSV pass per input finds the records whose count differs from RE (cheap);
only those are scored again as JSON (for the cause's points and the judged
dead stones), then once more with the cause's options.

    /usr/bin/python3 bench/check_causes.py build/gocount [FILES or DIRS...]
        [--sample N] [--seed S] [--verbose]

Without inputs: ../shared/data/kgs-6d-godmoves and ../shared/data/ogs-9x9-teeny-go.
Prints a line per record whose cause does not reproduce, then a table by
kind; exits 1 when one does not (or a record could not be scored), 77 (ctest's
skip) when the shared data is absent. One core (--jobs 1):
all 4,650 differing records of the two folders in about 4 minutes (do not
rebuild the binary meanwhile).
"""
import argparse
import csv
import io
import json
import os
import random
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data")
DEFAULT_INPUTS = [os.path.join(DATA, "kgs-6d-godmoves"), os.path.join(DATA, "ogs-9x9-teeny-go")]

EPS = 1e-6
ALTERNATIVES = "; it is also reproduced if "


def run(binary, args):
    """`gocount score ARGS` with one core, quiet: (stdout, stderr, exit code)."""
    try:
        p = subprocess.run([binary, "score", "--quiet", "--jobs", "1"] + args, capture_output=True, text=True)
    except OSError as e:  # a binary being rebuilt meanwhile, say: that record is an error
        return "", str(e), 127
    return p.stdout, p.stderr, p.returncode


def sgf_files(inputs):
    for path in inputs:
        if os.path.isdir(path):
            for name in sorted(os.listdir(path)):
                if name.lower().endswith(".sgf"):
                    yield os.path.normpath(os.path.join(path, name))
        else:
            yield os.path.normpath(path)


def differing_records(binary, files):
    """The CSV rows of the games whose count differs from the recorded result."""
    rows = []
    for path in files:
        out, err, rc = run(binary, ["--format", "csv", "--keep-going", path])
        if rc != 0:
            print(f"{path}: gocount exited {rc}: {err.strip()[:200]}", file=sys.stderr)
        for row in csv.DictReader(io.StringIO(out)):
            if not row.get("error") and row.get("matches") == "false":
                rows.append(row)
    return rows


def recorded_margin(result):
    """RE's margin for Black, in points (W+4.50 -> -4.5; 0 or Draw -> 0), or None."""
    m = re.fullmatch(r"\s*([BW])\+([0-9]+(?:\.[0-9]*)?)\s*", result or "")
    if m:
        return float(m.group(2)) * (1 if m.group(1) == "B" else -1)
    if (result or "").strip().lower() in ("0", "draw", "jigo"):
        return 0.0
    return None


def stones_of(chains):
    return {p for c in chains for p in c.get("stones", [])}


POINT = re.compile(r"\b[A-HJ-Z][0-9]{1,2}\b")
SEKI_PART = re.compile(r"; and (counts|leaves out) the (.*)$")
SEKI_DEAD = re.compile(r", (still|not) taking the dead stones? .*? inside the seki as (?:a prisoner|prisoners)")
NO_OPTION = "no option expresses it"


def seki_dead(text):
    """What a seki reading does with the dead stones inside the seki: "still" (prisoners), "not", or None."""
    m = SEKI_DEAD.search(text)
    return m.group(1) if m else None


def seki_part(text):
    """The seki points a cause also counts the other way ("...; and counts the teire C1 as territory"):
    (the --territory that counts them so, how many points it names), or (None, 0)."""
    m = SEKI_PART.search(text)
    if not m:
        return None, 0
    named = SEKI_DEAD.sub("", m.group(2))  # the dead stones' clause names stones, not seki points
    others = sum(int(n) for n in re.findall(r"and ([0-9]+) other points?", named))
    return ("enclosed" if m.group(1) == "counts" else "rules"), len(POINT.findall(named)) + others


def dead_option(points):
    return ["--dead", ",".join(sorted(points)) if points else "none", "--no-estimate"]


def territory_options(territory, text):
    """--territory for seki points counted the other way, with what the reading does with their dead stones."""
    dead = seki_dead(text)
    if territory == "enclosed" and dead == "not":
        return NO_OPTION
    return ["--territory", territory] + (["--seki-dead-prisoners"] if territory == "rules" and dead == "still" else [])


def cause_options(d):
    """The options that apply the record's cause; NO_OPTION where none expresses it; None where the text is
    not understood."""
    cause = d["difference_cause"]
    kind = cause["kind"]
    text = cause["text"].split(ALTERNATIVES)[0]  # the cause itself, not the other readings
    judged = stones_of(d.get("dead_chains", []))
    territory, seki_points = seki_part(text) if kind not in ("seki_as_territory", "seki_not_territory") else (None, 0)
    points = cause.get("points", [])
    stones = set(points[:len(points) - seki_points])  # its own points first, then the seki points it also counts
    if kind in ("dead_left_on_board", "removed_as_dead"):
        opts = dead_option(judged ^ stones)
    elif kind == "dead_not_marked":
        opts = dead_option(judged | stones)
    elif kind == "whole_board":
        opts = dead_option(stones)
    elif kind == "seki_as_territory":
        return territory_options("enclosed", text)
    elif kind == "seki_not_territory":
        return territory_options("rules", text)
    elif kind == "komi":
        m = re.search(r"fits komi (-?[0-9.]+)", text)
        if not m:
            return None
        opts = ["--komi", m.group(1)]
    elif kind == "handicap_compensation":
        if "no handicap compensation for the one handicap stone" in text:
            opts = ["--handicap-compensation", "n"]  # n gives one stone nothing
        elif "for the one handicap stone (as OGS" in text:
            opts = ["--handicap-compensation", "n-from-1"]
        else:
            m = re.search(r"the record gives White (no handicap compensation|[0-9]+ points? of handicap "
                          r"compensation \(([a-z0-9-]+)\))", text)
            if not m:
                return None
            opts = ["--handicap-compensation", m.group(2) or "none"]
    elif kind == "other_scoring":
        m = re.search(r"the record counts by (?:territory|area), as (\S+) rules do", text)
        if not m:
            return None
        opts = ["--rules", m.group(1).lower(), "--komi", repr(d["komi"])]
    else:
        return NO_OPTION
    if territory:
        extra = territory_options(territory, text)
        if extra == NO_OPTION:
            return NO_OPTION
        opts += extra
    return opts


def rescore(binary, path, game, opts, want):
    """The record scored with `opts`: (its result, or the error; whether its margin is `want`)."""
    out, err, rc = run(binary, ["--format", "csv", path, "--game", game] + opts)
    rows = list(csv.DictReader(io.StringIO(out)))
    if rc != 0 or not rows or rows[0].get("error"):
        return "error: " + ((rows[0].get("error") if rows else "") or err.strip()[:200]), False
    return rows[0]["result"], abs(float(rows[0]["margin"]) - want) < EPS


def check(binary, row):
    """(kind, outcome, detail): outcome is reproduced, failed, not_expressible, no_cause or error."""
    path, game = row["file"], row["game"]
    out, err, rc = run(binary, ["--format", "json", path, "--game", game])
    try:
        d = json.loads(out)
    except ValueError:
        return row.get("difference_cause") or "?", "error", f"JSON: {err.strip()[:200]}"
    if isinstance(d, list):
        d = d[0]
    cause = d.get("difference_cause")
    if not cause:
        return "(none)", "no_cause", ""
    kind = cause["kind"]
    opts = cause_options(d)
    if opts is None:
        return kind, "error", f"text not understood: {cause['text'][:200]}"
    if opts == NO_OPTION:
        return kind, "not_expressible", ""
    want = d["margin"] + cause["amount"]  # the recorded margin, in points
    re_margin = recorded_margin(d.get("recorded_result"))
    if re_margin is not None and abs(re_margin - want) > EPS:
        return kind, "error", f"count {d['margin']} + amount {cause['amount']} is not RE {d['recorded_result']}"
    got, ok = rescore(binary, path, game, opts, want)
    return kind, "reproduced" if ok else "failed", {"opts": opts, "got": got, "d": d}


def shell_quote(a):
    return a if re.fullmatch(r"[A-Za-z0-9_./:,+=-]+", a) else "'" + a.replace("'", "'\\''") + "'"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("binary", help="the built gocount")
    ap.add_argument("inputs", nargs="*", help="SGF files or directories (default: the KGS and OGS records)")
    ap.add_argument("--sample", type=int, help="check a random sample of N differing records")
    ap.add_argument("--seed", type=int, default=1, help="seed of the sample (default 1)")
    ap.add_argument("--verbose", action="store_true", help="also print the cause's text of each failure")
    args = ap.parse_args()

    inputs = args.inputs or DEFAULT_INPUTS
    missing = [p for p in inputs if not os.path.exists(p)]
    if missing:
        print(f"{', '.join(missing)}: absent (the shared data): nothing to check")
        return 77  # ctest's skip
    files = list(sgf_files(inputs))
    start = time.time()
    rows = differing_records(args.binary, files)
    print(f"{len(rows)} records differ from their recorded result in {len(files)} files "
          f"({time.time() - start:.0f} s)")
    if args.sample is not None and args.sample < len(rows):
        rows = random.Random(args.seed).sample(rows, args.sample)
        rows.sort(key=lambda r: (r["file"], int(r["game"])))
        print(f"a sample of {len(rows)} (seed {args.seed})")

    table = {}
    for row in rows:
        kind, outcome, detail = check(args.binary, row)
        table.setdefault(kind, {}).setdefault(outcome, 0)
        table[kind][outcome] += 1
        if outcome == "failed":
            d = detail["d"]
            print(f"NOT REPRODUCED {row['file']} game {row['game']}: {kind} ({d['difference_cause']['fit']}, "
                  f"amount {d['difference_cause']['amount']:g}); tried {' '.join(map(shell_quote, detail['opts']))}; "
                  f"got {detail['got']}; recorded {d['recorded_result']} (count {d['result']})")
            if args.verbose:
                print(f"    cause: {d['difference_cause']['text']}")
        elif outcome == "error":
            print(f"ERROR {row['file']} game {row['game']}: {kind}: {detail}")

    heads = ("records", "checked", "reproduced", "failed", "not expressible", "errors")
    print("\n" + f"{'kind':<24}" + "".join(f"{h:>{len(h) + 2}}" for h in heads))
    total = [0] * len(heads)
    for kind in sorted(table, key=lambda k: (-sum(table[k].values()), k)):
        t = table[kind]
        failed = t.get("failed", 0)
        cells = [sum(t.values()), t.get("reproduced", 0) + failed, t.get("reproduced", 0), failed,
                 t.get("not_expressible", 0) + t.get("no_cause", 0), t.get("error", 0)]
        total = [a + b for a, b in zip(total, cells)]
        print(f"{kind:<24}" + "".join(f"{c:>{len(h) + 2}}" for c, h in zip(cells, heads)))
    print(f"{'all':<24}" + "".join(f"{c:>{len(h) + 2}}" for c, h in zip(total, heads)))
    print(f"({time.time() - start:.0f} s)")
    return 1 if total[3] or total[5] else 0  # a cause that does not reproduce, or an error


if __name__ == "__main__":
    sys.exit(main())
