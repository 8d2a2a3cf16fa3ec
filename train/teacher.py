#!/usr/bin/python3
"""KataGo's ownership of each record's final position, as a second target
for the ownership model (train/README.md, "Teacher").

    teacher.py --katago BIN --model NET --config CFG --sgf DIR --data DIR --out FILE.npz [--size 19]

Reads DIR/index.csv (make_dataset's) and, for every record of the size in
it, the record's file SGF_DIR/FILE-GAME.sgf (split_records writes them);
asks KataGo (GTP: loadsgf, kata-raw-nn in each of the eight symmetries,
averaged: eight network evaluations, no search) for each point's ownership,
and writes FILE.npz: `keys` (FILE-GAME) and `ownership` (int8, records x
N*N: the ownership times 127, Black positive, row by row from the top as
the board's points). KataGo is not part of gocount; its verdicts are data
(KataGo: MIT licence; the network g170-b6c96 from its repository's tests).
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
    ap.add_argument("--out", required=True)
    ap.add_argument("--size", type=int, default=19)
    args = ap.parse_args()
    n = args.size
    gtp = Gtp([args.katago, "gtp", "-model", args.model, "-config", args.config])
    keys = list(dict.fromkeys(f"{r['file']}-{r['game']}" for r in csv.DictReader(open(f"{args.data}/index.csv"))
                              if int(r["size"]) == n))
    out = np.zeros((len(keys), n * n), dtype=np.int8)
    kept = []
    start = time.time()
    for i, key in enumerate(keys):
        try:
            gtp.ask(f"loadsgf {args.sgf}/{key}.sgf")
        except RuntimeError as e:  # a record KataGo's rules refuse (e.g. a suicide): left out
            print(f"skipped: {e}", flush=True)
            continue
        out[len(kept)] = np.clip(np.rint(ownership(gtp, n) * 127), -127, 127).astype(np.int8)
        kept.append(key)
        if (i + 1) % 200 == 0:
            print(f"{i + 1} records, {time.time() - start:.0f} s", flush=True)
    keys, out = kept, out[: len(kept)]
    np.savez_compressed(args.out, keys=np.array(keys), ownership=out)
    print(f"{len(keys)} records in {time.time() - start:.0f} s", flush=True)

if __name__ == "__main__":
    sys.exit(main())
