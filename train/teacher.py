#!/usr/bin/python3
"""KataGo's ownership of each record's final position, as a second target
for the ownership model (train/README.md, "Teacher").

    teacher.py --katago BIN --model NET --config CFG --sgf DIR --data DIR [--size 19]

Reads DIR/index.csv (make_dataset's) and, for every row of the size, the
record's file DIR_SGF/FILE-GAME.sgf (split_records writes them); asks KataGo
(GTP: loadsgf, kata-raw-nn in each of the eight symmetries, averaged: eight
network evaluations, no search) for each point's ownership, and writes
DIR/sizeN.teacher.bin: per row of index.csv (the positions before the end
take their record's final ownership, as their labels do), N x N int8, the
ownership times 127 with Black positive, in the board's point order (row by
row from the top, as KataGo's output). KataGo is not part of gocount; its
verdicts are data (KataGo: MIT licence; the network g170-b6c96 from its
repository's tests).
"""
import argparse
import csv
import subprocess
import sys
import time

import numpy as np


class Gtp:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            l = self.p.stdout.readline()
            if not l:
                raise RuntimeError(f"KataGo stopped after: {line}")
            if l.strip() == "" and out:
                break
            if l.strip():
                out.append(l.strip())
        text = " ".join(out)
        if not text.startswith("="):
            raise RuntimeError(f"{line}: {text}")
        return text[1:].strip()


def ownership(gtp, size):
    """Black-positive ownership, averaged over the eight symmetries."""
    maps = []
    for symmetry in range(8):  # one at a time: "all" puts blank lines inside its answer
        tokens = gtp.ask(f"kata-raw-nn {symmetry}").split()
        i = tokens.index("whiteOwnership")
        maps.append(np.array([float(x) for x in tokens[i + 1 : i + 1 + size * size]]))
    return -np.mean(maps, axis=0)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--katago", required=True)
    ap.add_argument("--model", required=True)
    ap.add_argument("--config", required=True)
    ap.add_argument("--sgf", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--size", type=int, default=19)
    args = ap.parse_args()
    n = args.size
    gtp = Gtp([args.katago, "gtp", "-model", args.model, "-config", args.config])
    rows = [r for r in csv.DictReader(open(f"{args.data}/index.csv")) if int(r["size"]) == n]
    cache, out = {}, np.zeros((len(rows), n * n), dtype=np.int8)
    start = time.time()
    for i, r in enumerate(rows):
        key = f"{r['file']}-{r['game']}"
        if key not in cache:
            gtp.ask(f"loadsgf {args.sgf}/{key}.sgf")
            cache[key] = np.clip(np.rint(ownership(gtp, n) * 127), -127, 127).astype(np.int8)
            if len(cache) % 200 == 0:
                print(f"{len(cache)} records, {time.time() - start:.0f} s", flush=True)
        out[i] = cache[key]
    out.tofile(f"{args.data}/size{n}.teacher.bin")
    print(f"{len(cache)} records, {len(rows)} rows in {time.time() - start:.0f} s", flush=True)


if __name__ == "__main__":
    sys.exit(main())
