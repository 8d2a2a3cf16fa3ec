#!/usr/bin/env python3
"""final_score over GTP: gocount gtp against GNU Go on the same positions.

    build/bench_gtp                     # writes the positions (KGS 19x19 records with a counted result)
    python3 bench/gtp_final_score.py [N] [POSITIONS_DIR]

Both engines are started once and sent, for each of the first N positions
(default 30; GNU Go takes seconds a position), `loadsgf FILE` and then
`final_score`; the time from writing final_score to reading the end of its
response is measured (the pipe included). Prints median and worst per engine,
and how often the two results agree. GNU Go runs as a referee would run it:
`gnugo --mode gtp` with its defaults (level 10).
"""
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Engine:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def ask(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError(f"engine closed its output after {command!r}")
            line = line.rstrip("\r\n")
            if line == "" and lines:
                break
            if line != "" or lines:
                lines.append(line)
        text = "\n".join(lines)
        return text[0] == "=", text[1:].strip()

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.proc.wait(timeout=10)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    folder = sys.argv[2] if len(sys.argv) > 2 else os.environ.get("GOCOUNT_GTP_POSITIONS", "/tmp/gocount-gtp-positions")
    if not os.path.isdir(folder):
        sys.exit(f"no positions in {folder}: run build/bench_gtp first")
    positions = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".sgf"))[:n]
    engines = {
        "gocount": [os.path.join(ROOT, "build", "gocount"), "gtp"],
        "GNU Go": ["/usr/games/gnugo", "--mode", "gtp"],
    }
    times = {name: [] for name in engines}
    results = {name: [] for name in engines}
    for name, argv in engines.items():
        engine = Engine(argv)
        for p in positions:
            ok, text = engine.ask(f"loadsgf {p}")
            if not ok:
                results[name].append(None)
                continue
            start = time.perf_counter()
            ok, text = engine.ask("final_score")
            times[name].append((time.perf_counter() - start) * 1000)
            results[name].append(text if ok else None)
        engine.close()
    for name in engines:
        t = times[name]
        print(f"{name:8} final_score on {len(t)} finished 19x19 positions: median {statistics.median(t):.1f} ms, "
              f"worst {max(t):.1f} ms")
    same = sum(1 for a, b in zip(*results.values()) if a is not None and a == b)
    print(f"same result: {same} of {len(positions)}")


if __name__ == "__main__":
    main()
