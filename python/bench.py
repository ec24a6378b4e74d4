#!/usr/bin/env python3
"""Benchmark of the Python package against the command line (issue 20's two
figures):

1. a 1e6 × 5 DataFrame analysed by agree.coding, against agree coding on the
   same data as a CSV file (target: at most 1.5 times the command's time);
2. the cost of a call on top of the binary's own run: agree.coding on a small
   file (and on a small DataFrame) against the binary run directly by
   subprocess with the same command line (target: at most 30 ms).

    /usr/bin/python3 python/bench.py               # from the repository root (needs pandas)
    /usr/bin/python3 python/bench.py --repeat 11 --rows 1e6

It builds the binary (CGO_ENABLED=0 go build) and the data (bench/gen.go, as
bench/run.sh does) in a temporary directory, imports the package from this
checkout, and alternates the runs being compared so that a change of load
on the machine hits both alike. It prints the median and the minimum of each.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def main():
    ap = argparse.ArgumentParser(description="agree's Python package against its command line")
    ap.add_argument("--rows", default="1e6", help="items of the large table (default 1e6)")
    ap.add_argument("--coders", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=7, help="runs of each measurement (default 7)")
    ap.add_argument("--dir", help="keep the binary and data here (default: a temporary directory)")
    a = ap.parse_args()
    tmp = a.dir or tempfile.mkdtemp(prefix="agree-pybench-")
    os.makedirs(tmp, exist_ok=True)
    exe = os.path.join(tmp, "agree")
    subprocess.run(["go", "build", "-o", exe, "./cmd/agree"], cwd=ROOT, check=True,
                   env=dict(os.environ, CGO_ENABLED="0"))
    os.environ["AGREE_BINARY"] = exe
    sys.path.insert(0, HERE)
    import pandas as pd

    import agree

    big = os.path.join(tmp, "wide_{}x{}.csv".format(a.rows, a.coders))
    if not os.path.exists(big):
        with open(big, "wb") as f:
            subprocess.run(["go", "run", "bench/gen.go", "wide", a.rows, str(a.coders)], cwd=ROOT, stdout=f,
                           check=True)
    small = os.path.join(ROOT, "cmd", "agree", "examples", "krippendorff.csv")
    df = pd.read_csv(big)
    small_df = pd.read_csv(small)
    print("machine: {} cores, load average {}".format(
        os.cpu_count(), " ".join("{:.1f}".format(x) for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"))
    print("data: {} ({:.1f} MB), DataFrame {} × {}".format(big, os.path.getsize(big) / 1e6, *df.shape))

    def cli(path):
        subprocess.run([exe, "coding", "--format=json", path], check=True, stdout=subprocess.DEVNULL)

    # The two must agree before their times mean anything.
    r = agree.coding(df)
    want = agree.coding(big).data
    r.data.pop("file"), want.pop("file")
    assert r.data == want, "the DataFrame's result differs from the file's"

    t_cli, t_df, c_cli, c_df = [], [], [], []
    for _ in range(a.repeat):
        t, c = _time(lambda: cli(big))
        t_cli.append(t), c_cli.append(c)
        t, c = _time(lambda: agree.coding(df))
        t_df.append(t), c_df.append(c)
    _report("agree coding FILE (CLI)", t_cli, c_cli)
    _report("agree.coding(DataFrame)", t_df, c_df)
    print("  ratio of medians {:.2f}, of minima {:.2f}; of CPU time {:.2f} (target ≤ 1.5)".format(
        statistics.median(t_df) / statistics.median(t_cli), min(t_df) / min(t_cli),
        statistics.median(c_df) / statistics.median(c_cli)))

    t_bin, t_py, t_pydf = [], [], []
    for _ in range(a.repeat * 3):
        t_bin.append(_time(lambda: cli(small))[0])
        t_py.append(_time(lambda: agree.coding(small))[0])
        t_pydf.append(_time(lambda: agree.coding(small_df))[0])
    _report("binary by subprocess, small file", t_bin)
    _report("agree.coding(small file)", t_py)
    _report("agree.coding(small DataFrame)", t_pydf)
    print("  cost of a call (median difference): file {:.1f} ms, DataFrame {:.1f} ms (target ≤ 30 ms)".format(
        1000 * (statistics.median(t_py) - statistics.median(t_bin)),
        1000 * (statistics.median(t_pydf) - statistics.median(t_bin))))


def _time(f):
    """Wall time, and CPU time of this process and its children."""
    c0, t = _cpu(), time.perf_counter()
    f()
    return time.perf_counter() - t, _cpu() - c0


def _cpu():
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _report(what, ts, cpu=None):
    extra = "   CPU median {:.3f} s".format(statistics.median(cpu)) if cpu else ""
    print("{:<36} median {:7.3f} s   min {:7.3f} s{}   ({} runs)".format(
        what, statistics.median(ts), min(ts), extra, len(ts)))


if __name__ == "__main__":
    main()
