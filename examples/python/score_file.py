#!/usr/bin/python3
"""Score a record under two rule sets and print what a player reads.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/score_file.py examples/example.sgf
"""
import sys

import gocount

path = sys.argv[1] if len(sys.argv) > 1 else "examples/example.sgf"
for rules in ("chinese", "japanese"):
    r = gocount.score(path, rules=rules)
    dead = [p for chain in r["dead_chains"] for p in chain["stones"]]
    print(f"{rules}: {r['result']} (Black {r['score']['black']}, White {r['score']['white']}, komi {r['komi']}), "
          f"dead {' '.join(dead) or 'none'} by {r['dead_source']}")
try:
    gocount.score(path, rules="moon")
except gocount.Error as e:  # a ValueError
    print(f"refused: {e}")
