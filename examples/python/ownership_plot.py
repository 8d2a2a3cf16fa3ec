#!/usr/bin/python3
"""Judge the dead stones of a record and plot who owns each point: the
stones, the dead ones crossed, and the ownership in colour, to a PNG.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/ownership_plot.py RECORD.sgf out.png
"""
import sys

import matplotlib

matplotlib.use("Agg")  # no display needed
import matplotlib.pyplot as plt  # noqa: E402

import gocount  # noqa: E402

path, out = sys.argv[1], sys.argv[2]
r = gocount.score(path, estimate=True)
a = gocount.arrays(path, estimate=True)
board, own = a["board"], a["ownership"]
height, width = board.shape
letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"[:width]

fig, ax = plt.subplots(figsize=(6, 6))
im = ax.imshow(own, cmap="RdBu_r", vmin=-1, vmax=1)  # Black's points red, White's blue
fig.colorbar(im, ax=ax, fraction=0.046, label="ownership (Black +1, White -1)")
for y in range(height):
    for x in range(width):
        if board[y, x]:
            ax.add_patch(plt.Circle((x, y), 0.4, color="black" if board[y, x] > 0 else "white", ec="black"))
dead = {p for chain in r["dead_chains"] for p in chain["stones"]}
for p in dead:
    x, y = letters.index(p[0]), height - int(p[1:])
    ax.plot([x - 0.3, x + 0.3], [y - 0.3, y + 0.3], color="red", lw=2)
    ax.plot([x - 0.3, x + 0.3], [y + 0.3, y - 0.3], color="red", lw=2)
ax.set_xticks(range(width), list(letters))
ax.set_yticks(range(height), [str(height - y) for y in range(height)])
ax.set_title(f"{r['rules']}: {r['result']}, dead stones by {r['dead_source']} ({len(dead)})")
fig.savefig(out, dpi=80, bbox_inches="tight")
print(f"{out}: {width}x{height}, {len(dead)} dead stones, {r['result']}")
