"""Shared by the Python module's tests: the command to compare with, and a
sample of the shared real records (skipped when ../shared is absent)."""
import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / ".." / "shared" / "data"


def cli():
    path = os.environ.get("GOCOUNT_BINARY")
    if not path or not os.path.exists(path):
        pytest.skip("GOCOUNT_BINARY (the gocount command) not given")
    return path


def run(*args, check=True):
    """The command's stdout, stderr and status."""
    p = subprocess.run([cli(), *map(str, args)], capture_output=True, text=True)
    if check and p.returncode != 0:
        raise AssertionError(f"gocount {' '.join(map(str, args))}: {p.stderr}")
    return p


def cli_json(*args):
    """The command's JSON objects, one a line (a game it cannot count is an
    object with its error, and the status 1)."""
    p = run(*args, check=False)
    if p.returncode not in (0, 1):
        raise AssertionError(f"gocount {' '.join(map(str, args))}: {p.stderr}")
    return [json.loads(line) for line in p.stdout.splitlines()]


def shared_sample(count=12, max_bytes=150_000):
    """Every n-th SGF file of the shared data, small enough to count quickly."""
    if not DATA.is_dir():
        return []
    files = sorted(p for p in DATA.rglob("*.sgf") if p.stat().st_size <= max_bytes)
    step = max(1, len(files) // count)
    return files[::step][:count]


@pytest.fixture
def shared_records():
    files = shared_sample()
    if not files:
        pytest.skip(f"no shared records at {DATA}")
    return files
