"""gocount.dask on a LocalCluster of two worker processes on loopback,
against `gocount score --format csv` on the same paths."""
import io
import subprocess
import sys

import pandas
import pytest

import gocount.dask
from conftest import ROOT, cli, shared_sample

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


@pytest.fixture
def paths(tmp_path):
    broken = tmp_path / "broken.sgf"
    broken.write_text("(;SZ[9]KM[7]AB[cc]AW[gg]) (;SZ[9];B[zz]) (;SZ[5]KM[0.5]AB[bb][bc]AW[dd])")
    return [ROOT / "examples" / "example.sgf", ROOT / "examples" / "example.txt", broken,
            ROOT / "examples" / "gnugo19.sgf", *shared_sample(8)]


def cli_csv(paths, *args):
    """The command's CSV, bytes as written (lines end in CRLF, RFC 4180)."""
    return subprocess.run([cli(), "score", "--format", "csv", "--quiet", *map(str, args), *map(str, paths)],
                          capture_output=True).stdout


@pytest.mark.parametrize("args,options", [([], {}), (["--rules", "japanese", "--no-estimate"],
                                                     {"rules": "japanese", "estimate": False})])
def test_dataframe_is_the_commands_csv(client, paths, args, options):
    expected = pandas.read_csv(io.BytesIO(cli_csv(paths, *args)))
    got = gocount.dask.score(paths, client=client, **options)
    pandas.testing.assert_frame_equal(got, expected)
    assert got["error"].notna().sum() == 1  # the broken game, in its row


def test_a_file_that_cannot_be_read_is_a_row(client, paths):
    got = gocount.dask.score([paths[0], "no/such.sgf", paths[1]], client=client)
    assert list(got["file"]) == [str(paths[0]), "no/such.sgf", str(paths[1])]
    row = got.iloc[1]
    assert pandas.isna(row["game"]) and row["error"] == "cannot read: No such file or directory"


def test_the_command_writes_the_commands_bytes(client, paths, tmp_path):
    out = tmp_path / "out.csv"
    p = subprocess.run([sys.executable, "-m", "gocount.dask", "--scheduler", client.scheduler.address, "--quiet",
                        *map(str, paths), "-o", str(out)], capture_output=True, text=True)
    assert p.returncode == 1, p.stderr  # the broken game
    assert out.read_bytes() == cli_csv(paths)
    assert "broken.sgf: game 1: " in p.stderr


def test_the_command_takes_territory(client, tmp_path):
    ogs = tmp_path / "ogs.sgf"  # an OGS record with a teire: W+1 as OGS counts, W+2 as the rules say
    ogs.write_text("(;FF[4]GM[1]SZ[7]RU[Japanese]KM[0]PC[OGS: https://online-go.com/game/20000000]DT[2020-01-01]"
                   "RE[W+1]AB[aa][ca][bb][cb][ac][bc][dc][ec][fc][gc][bd][cd][dd][ae][be][af][bg]AW[da][fa][db][eb]"
                   "[fb][gb][ed][fd][gd][ce][de][ee][ge][bf][cf][ef][ff][gf][cg][dg][fg];B[];W[])")
    out = tmp_path / "out.csv"
    p = subprocess.run([sys.executable, "-m", "gocount.dask", "--scheduler", client.scheduler.address, "--quiet",
                        "--territory", "rules", str(ogs), "-o", str(out)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert out.read_bytes() == cli_csv([ogs], "--territory", "rules")
    assert pandas.read_csv(out)["result"][0] == "W+2"
