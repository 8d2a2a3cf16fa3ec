#!/usr/bin/python3
"""Count every game of a collection into a pandas table, one row a game,
and tell how often the count reproduces the recorded result.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/collection_pandas.py GAMES.sgf [rules]
"""
import sys

import pandas

import gocount

path = sys.argv[1]
rules = sys.argv[2] if len(sys.argv) > 2 else None
rows = []
for game in gocount.read(path, rules=rules):  # lazily: one game in memory at a time
    if not game.ok:
        rows.append({"game": game.index, "error": game.error})
        continue
    r = gocount.score(game, rules=rules)
    rows.append({"game": game.index, "size": r["width"], "rules": r["rules"], "result": r["result"],
                 "margin": r["margin"], "recorded": r["recorded_result"], "matches": r["matches_record"],
                 "dead_source": r["dead_source"]})
df = pandas.DataFrame(rows)
print(df.to_string(index=False))
known = df["matches"].dropna() if "matches" in df else pandas.Series(dtype=bool)
print(f"{len(df)} games; the recorded result reproduced in {int(known.sum())} of {len(known)} with a counted result")
