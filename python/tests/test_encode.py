"""The CSV written for tables in memory: the vectorised writer (DataFrames)
and the pure-Python one (dicts of lists) give the same bytes, cell by cell as
cell_text says, and the binary reads back the values written."""

import csv
import io
import math

import numpy as np
import pandas as pd
import pytest


def frame():
    n = 23
    rng = np.random.default_rng(7)
    return pd.DataFrame({
        "small_int": rng.integers(-3, 4, n),
        "big_int": rng.integers(-10**15, 10**15, n),
        "extreme": np.array([np.iinfo(np.int64).min, np.iinfo(np.int64).max] + [0] * (n - 2)),
        "uint": rng.integers(0, 2**63, n, dtype=np.uint64),
        "whole_float": np.where(rng.random(n) < 0.3, np.nan, rng.integers(0, 5, n).astype(float)),
        "float": np.where(rng.random(n) < 0.2, np.nan, rng.normal(size=n)),
        "odd_float": [1e20, -0.0, math.inf, -math.inf, 2.5, 1e-7, 2**53, 2**53 + 2.0, 0.1] + [3.0] * (n - 9),
        "text": (["plain", "a,b", 'say "hi"', "two\nlines", "cr\rhere", "naïve", "多", "😀", "", " pad "]
                 + [None, "x"] * 6 + ["y"])[:n],
        "category": pd.Categorical((["a", "b", None, "c,d"] * 6)[:n]),
        "bool": rng.random(n) < 0.5,
        "mixed": ([1, "a", 2.0, 2.5, None, True, float("nan")] * 4)[:n],
        "sets": ([["a", "b"], ("c",), {"z", "y"}, None, []] * 5)[:n],
        "when": pd.to_datetime(["2020-01-01", None, "2021-06-30 12:00"] * 7 + ["2020-01-01"] * 2),
    })


def test_writers_agree(agree):
    df = frame()
    E = agree._encode
    names = list(df.columns)
    python = b"".join(E.encode_rows(names, [df[c].tolist() for c in names], sep="|"))
    for block in (1, 4, 7, 1 << 16):
        vectorised = b"".join(E.encode_frame_columns(names, [df[c] for c in names], sep="|", rows_per_block=block))
        assert vectorised == python, block


def test_cell_text(agree):
    t = agree._encode.cell_text
    cases = [  # value, text, why
        (None, "", "missing"), (float("nan"), "", "missing"), (pd.NA, "", "pandas' NA"), (pd.NaT, "", "NaT"),
        (3, "3", "int"), (np.int8(-4), "-4", "numpy int"), (3.0, "3", "a whole float is written as the integer"),
        (np.float64(2.0), "2", "numpy float"), (2.5, "2.5", "repr"), (0.1, "0.1", "shortest repr"),
        (1e20, "1e+20", "beyond 2**53: repr"), (-0.0, "0", "negative zero is 0"),
        (True, "True", "bool before int"), (np.bool_(False), "False", "numpy bool"),
        (["a", 1], "a|1", "a list joined"), ({"b", "a"}, "a|b", "a set sorted"), ("x", "x", "str"),
    ]
    for v, want, why in cases:
        assert t(v) == want, why
    assert agree._encode.quote('a"b') == '"a""b"'
    assert agree._encode.quote("a\nb") == '"a\nb"'


def test_csv_reads_back(agree):
    # What the writers produce is RFC 4180 CSV that reads back as the texts.
    df = frame()
    names = list(df.columns)
    raw = b"".join(agree._encode.encode_frame_columns(names, [df[c] for c in names], sep="|")).decode("utf-8")
    rows = list(csv.reader(io.StringIO(raw, newline="")))
    assert rows[0] == names
    for i, r in enumerate(rows[1:]):
        assert r == [agree._encode.cell_text(df[c].iloc[i], "|") for c in names]


def test_binary_reads_values(agree):
    # The binary sees the values as written: categories with commas, quotes,
    # line breaks and text outside the BMP come back as categories.
    vals = ["a,b", 'say "hi"', "two\nlines", "naïve", "😀"]
    df = pd.DataFrame({"A": vals * 3, "B": vals * 3, "C": vals[1:] + vals[:1] + vals * 2})
    r = agree.coding(df)
    assert {c["category"] for c in r.data["per_category"]} == set(vals)
    # Whole floats are the integers' categories.
    f = agree.coding(pd.DataFrame({"A": [1.0, 2.0, np.nan, 3.0], "B": [1, 2, 2, 3]}))
    assert {c["category"] for c in f.data["per_category"]} == {"1", "2", "3"}


def test_large_frame_in_blocks(agree):
    n = 70_001  # past one block of 65 536 rows
    rng = np.random.default_rng(1)
    df = pd.DataFrame({"item": ["i%d" % i for i in range(n)],
                       **{"c%d" % k: np.where(rng.random(n) < 0.1, np.nan, rng.integers(0, 10, n)) for k in range(3)}})
    names = list(df.columns)
    raw = b"".join(agree._encode.encode_frame_columns(names, [df[c] for c in names]))
    assert raw == df.to_csv(index=False, float_format="%.0f", lineterminator="\n").encode()
    r = agree.coding(df)
    assert r.data["items"] == n
