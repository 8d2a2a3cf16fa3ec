"""Archives counted on a Dask cluster: the table of `gocount score --format csv`.

    >>> from distributed import Client
    >>> import gocount.dask
    >>> df = gocount.dask.score(["a.sgf", "b.sgf"], client=Client("tcp://scheduler:8786"), rules="japanese")

Each file is one task: a worker reads it (the records are never shipped from
the client, so the paths must be readable on the workers: a shared folder)
and counts its games with the C++ library, the GIL released. The rows come
back in the order of the paths, the same rows and columns as the command's
CSV; a game or a file that fails is a row with its `error`, never raised.

As a command:  python3 -m gocount.dask --scheduler tcp://HOST:8786 FILES... -o out.csv
"""

import argparse
import csv
import io
import os
import sys

import gocount


def file_rows(path, options):
    """The CSV rows of one file's games (on a worker)."""
    read = {k: options[k] for k in ("rules", "move") if options.get(k) is not None}
    rest = {k: v for k, v in options.items() if k not in ("move", "game")}
    try:
        games = gocount.read(path, **read)
    except gocount.Error as e:
        # The command writes no row for a file it cannot read (only its
        # message): here it gets one, game left empty, so that it is seen.
        return [_file_error(path, str(e))]
    rows, found = [], 0
    want = options.get("game")
    for game in games:
        found += 1
        if want is not None and game.index != want:
            continue
        rows.append(gocount.csv_row(game, **rest))
        if want is not None:
            break
    if want is not None and want >= found:
        rows.append(_file_error(path, f"--game {want}: the file has {found} game{'' if found == 1 else 's'}"))
    return rows


def _file_error(path, message):
    """A file that cannot be read, as a row: its error, the game column empty."""
    prefix = f"{gocount._shown_name(path)}: "
    message = message[len(prefix):] if message.startswith(prefix) else message
    row = next(csv.reader([gocount._gocount.csv_error(os.fsencode(path), 0, "", message)]))
    row[1] = ""
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerow(row)
    return out.getvalue()


def _progress(done, total):
    sys.stderr.write(f"\rgocount: {done}/{total} files counted")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def csv_text(paths, client=None, progress=None, **options):
    """The text `gocount score --format csv PATHS...` prints, byte for byte
    (and a row for each file that cannot be read), counted on the cluster."""
    from distributed import Client, as_completed, get_client

    paths = [str(p) for p in paths]
    gocount._options(**{k: v for k, v in options.items() if k not in ("game", "move")})  # fail here, not per file
    gocount._game_and_move(options.get("game"), options.get("move"))
    own = None
    if client is None:
        try:
            client = get_client()
        except ValueError:
            client = own = Client(processes=True)
    if progress is None:
        progress = sys.stderr.isatty()
    try:
        futures = client.map(file_rows, paths, options=options, pure=False)
        if progress:
            for done, _ in enumerate(as_completed(futures), 1):
                _progress(done, len(futures))
        rows = client.gather(futures)
    finally:
        if own is not None:
            own.close()
    return gocount.csv_header() + "".join(row for file in rows for row in file)


def score(paths, client=None, progress=None, **options):
    """A pandas DataFrame equal, row for row and column for column, to
    pandas.read_csv of `gocount score --format csv PATHS...` with the same
    options (those of gocount.score, and game=, move=).

    client: a distributed.Client (None: the current one, else a local
    cluster for this call). progress: a line on standard error as files
    finish (None: when standard error is a terminal)."""
    import pandas

    return pandas.read_csv(io.StringIO(csv_text(paths, client, progress, **options)))


def main(argv=None):
    p = argparse.ArgumentParser(prog="python3 -m gocount.dask",
                                description="gocount score --format csv over a Dask cluster")
    p.add_argument("files", nargs="+", help="SGF files (collections allowed) or text diagrams, readable by the workers")
    p.add_argument("--scheduler", help="the scheduler's address (tcp://HOST:8786); none: a local cluster")
    p.add_argument("-o", "--output", help="CSV file to write (default: standard output)")
    p.add_argument("--rules")
    p.add_argument("--komi", type=float)
    p.add_argument("--handicap-compensation", choices=["n", "n-1", "none", "n-from-1"])
    p.add_argument("--tie", choices=["draw", "white", "black"])
    p.add_argument("--seki-fill", choices=["mays", "best-practice", "half"])
    p.add_argument("--seki-dead-prisoners", action="store_true")
    p.add_argument("--territory", choices=["rules", "enclosed"])
    e = p.add_mutually_exclusive_group()
    e.add_argument("--estimate", action="store_true", default=None)
    e.add_argument("--no-estimate", dest="estimate", action="store_false")
    p.add_argument("--judge", choices=["playouts", "model", "cascade"])
    p.add_argument("--game", type=int)
    p.add_argument("--move", type=int)
    p.add_argument("--quiet", action="store_true", help="no progress line")
    a = p.parse_args(argv)
    from distributed import Client

    options = {"rules": a.rules, "komi": a.komi, "handicap_compensation": a.handicap_compensation, "tie": a.tie,
               "seki_fill": a.seki_fill, "seki_dead_prisoners": a.seki_dead_prisoners or None, "territory": a.territory,
               "estimate": a.estimate, "judge": a.judge, "game": a.game, "move": a.move}
    options = {k: v for k, v in options.items() if v is not None}
    try:
        with (Client(a.scheduler) if a.scheduler else Client(processes=True)) as client:
            text = csv_text(a.files, client=client, progress=not a.quiet and sys.stderr.isatty(), **options)
    except gocount.Error as err:
        print(f"gocount: {err}", file=sys.stderr)
        return 2
    if a.output:
        with open(a.output, "w", newline="") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    failed = [r for r in csv.DictReader(io.StringIO(text)) if r["error"]]
    for r in failed:
        print(f"gocount: {r['file']}: " + (f"game {r['game']}: " if r["game"] else "") + r["error"], file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    # The tasks' functions from gocount.dask, not __main__, so that workers import them.
    from gocount.dask import main as _main

    sys.exit(_main())
