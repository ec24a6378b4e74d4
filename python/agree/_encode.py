"""Tables in memory written as CSV bytes for the agree binary's standard input.

One rule turns a cell into text (``cell_text``): missing values (None, NaN,
pandas' NA and NaT) are the empty cell; booleans are ``True``/``False``; a
float that is a whole number below 2**53 in magnitude is written as the
integer (``3.0`` → ``3``, so that a column of ratings that pandas read as
floats because of missing cells gives the same categories as the file);
other floats are written with ``repr`` (the shortest text that reads back
as the same number); anything else with ``str``. A cell that holds a comma,
a double quote or a line break is quoted as RFC 4180 says.

Two writers follow the rule: ``encode_rows`` in pure Python (dicts of lists
without numpy), and ``encode_frame_columns``, which writes numpy and pandas
columns block by block with vectorised operations: each column becomes a
matrix of bytes with a length per row, the columns and separators are laid
side by side, and a boolean mask keeps each row's bytes in order. It costs
a few passes over the data whatever the values, so that a DataFrame of a
million rows is written in a fraction of the time ``DataFrame.to_csv``
takes. The tests hold both writers to ``cell_text``.
"""

import math

MAX_EXACT = 2.0**53
_SPECIAL = (",", '"', "\n", "\r")
ROWS_PER_BLOCK = 1 << 16


def cell_text(v, sep="|"):
    """The text of one cell (the module's rule); a list, tuple or set of
    values (a set-valued label, a segmentation's masses) is their texts
    joined by sep (a set's in sorted order)."""
    if v is None:
        return ""
    if isinstance(v, (list, tuple)):
        return sep.join(cell_text(x, sep) for x in v)
    if isinstance(v, (set, frozenset)):
        return sep.join(sorted(cell_text(x, sep) for x in v))
    if hasattr(v, "dtype") and hasattr(v, "item"):  # a numpy scalar
        if v.dtype.kind in "mM":  # as pandas shows it: 2020-01-01 00:00:00
            return _datetime_text(v)
        v = v.item()
    if isinstance(v, bool):
        return "True" if v else "False"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v != v:
            return ""
        if math.isfinite(v) and v == math.floor(v) and abs(v) < MAX_EXACT:
            return str(int(v))
        return repr(v)
    if isinstance(v, str):
        return v
    if _is_na(v):
        return ""
    return str(v)


def _datetime_text(v):
    if v != v:  # NaT
        return ""
    try:
        import pandas as pd
    except ImportError:
        return str(v)
    return str(pd.Timestamp(v) if v.dtype.kind == "M" else pd.Timedelta(v))


def _is_na(v):
    # pandas.NA, pandas.NaT and numpy.datetime64("NaT") without importing pandas.
    name = type(v).__name__
    if name in ("NAType", "NaTType"):
        return True
    try:
        return v != v  # NaN-like objects
    except Exception:
        return False


def quote(text):
    """The CSV field of a cell's text."""
    if any(c in text for c in _SPECIAL):
        return '"' + text.replace('"', '""') + '"'
    return text


def encode_rows(names, columns, sep="|", rows_per_block=ROWS_PER_BLOCK):
    """Yield the CSV (header, then rows) of columns given as Python sequences
    of equal length, in blocks of bytes."""
    yield (",".join(quote(str(n)) for n in names) + "\n").encode("utf-8")
    n = len(columns[0]) if columns else 0
    for start in range(0, n, rows_per_block):
        end = min(n, start + rows_per_block)
        texts = [[quote(cell_text(v, sep)) for v in col[start:end]] for col in columns]
        lines = [",".join(r) for r in zip(*texts)]
        yield ("\n".join(lines) + "\n").encode("utf-8")


# --- numpy and pandas -----------------------------------------------------


def encode_frame_columns(names, columns, sep="|", rows_per_block=ROWS_PER_BLOCK):
    """Yield the CSV of columns (numpy arrays or pandas Series of one length)
    in blocks of bytes, with the same text as encode_rows."""
    import numpy as np

    yield (",".join(quote(str(n)) for n in names) + "\n").encode("utf-8")
    if not columns:
        return
    writers = [_column_writer(np, c, sep) for c in columns]
    n = len(columns[0])
    comma = np.full((1, 1), ord(","), dtype=np.uint8)
    newline = np.full((1, 1), ord("\n"), dtype=np.uint8)
    for start in range(0, n, rows_per_block):
        end = min(n, start + rows_per_block)
        rows = end - start
        parts, masks = [], []
        for j, w in enumerate(writers):
            m, lens = w(start, end)
            parts.append(m)
            masks.append(np.arange(m.shape[1]) < lens[:, None])
            sep = newline if j == len(writers) - 1 else comma
            parts.append(np.broadcast_to(sep, (rows, 1)))
            masks.append(np.ones((rows, 1), dtype=bool))
        block = np.hstack(parts)
        keep = np.hstack(masks)
        yield block[keep].tobytes()


def _column_writer(np, col, sep):
    """A function (start, end) → (bytes matrix, lengths) for a column."""
    if getattr(getattr(col, "dtype", None), "name", "") == "category":
        return _categorical_writer(np, col)
    values = col.to_numpy() if hasattr(col, "to_numpy") else np.asarray(col)
    if values.dtype.kind == "b":
        table = _table(np, ["False", "True"])
        return lambda s, e: _gather(np, table, values[s:e].astype(np.intp))
    if values.dtype.kind in "iu":
        return lambda s, e: _whole(np, values[s:e], None)
    if values.dtype.kind == "f":
        return _float_writer(np, values)
    if values.dtype.kind in "mM":  # dates and durations, cell by cell
        return lambda s, e: _strings(np, [cell_text(x) for x in values[s:e]])
    return _object_writer(np, values, sep)


def _table(np, texts):
    """A table of cell texts: (matrix of their quoted UTF-8 bytes with one
    empty row appended for missing cells, lengths)."""
    enc = [quote(t).encode("utf-8") for t in texts] + [b""]
    width = max(1, max(len(b) for b in enc))
    m = np.zeros((len(enc), width), dtype=np.uint8)
    lens = np.zeros(len(enc), dtype=np.intp)
    for i, b in enumerate(enc):
        m[i, : len(b)] = np.frombuffer(b, dtype=np.uint8)
        lens[i] = len(b)
    return m, lens


def _gather(np, table, codes):
    """Rows of a table for codes (−1: the missing cell)."""
    m, lens = table
    codes = np.where(codes < 0, len(lens) - 1, codes)
    return m[codes], lens[codes]


def _categorical_writer(np, col):
    cats = col.cat.categories
    table = _table(np, [cell_text(c) for c in cats])
    codes = col.cat.codes.to_numpy()
    return lambda s, e: _gather(np, table, codes[s:e].astype(np.intp))


SMALL_RANGE = 4096


def _whole(np, v, missing):
    """Integers: through a table of their texts when they span a small
    range (ratings, category codes), else digit by digit."""
    if len(v) == 0:
        return np.zeros((0, 1), np.uint8), np.zeros(0, np.intp)
    lo, hi = int(v.min()), int(v.max())
    if hi - lo >= SMALL_RANGE:
        return _integers(np, v, missing)
    table = _table(np, [str(k) for k in range(lo, hi + 1)])
    codes = (v - lo).astype(np.intp)
    if missing is not None:
        codes[missing] = -1
    return _gather(np, table, codes)


def _integers(np, v, missing):
    """Decimal digits of integers, left-aligned; missing rows get length 0."""
    v = v.astype(np.int64, copy=False)
    neg = v < 0
    a = np.abs(v).astype(np.uint64)
    if missing is not None:
        a = np.where(missing, 0, a)
    ndig = np.ones(len(a), dtype=np.intp)
    p = np.uint64(10)
    for _ in range(19):
        more = a >= p
        if not more.any():
            break
        ndig += more
        if p > np.uint64(10**18):
            break
        p = p * np.uint64(10)
    width = int(ndig.max()) if len(a) else 1
    digits = np.zeros((len(a), width), dtype=np.uint8)
    pow10 = np.array([10**k for k in range(width)], dtype=np.uint64)
    for i in range(width):
        k = ndig - 1 - i  # the power of ten of position i
        d = (a // pow10[np.maximum(k, 0)]) % np.uint64(10)
        digits[:, i] = np.where(k >= 0, d + 48, 0).astype(np.uint8)
    lens = ndig
    if neg.any():
        signed = np.zeros((len(a), width + 1), dtype=np.uint8)
        signed[~neg, :width] = digits[~neg]
        signed[neg, 1:] = digits[neg]
        signed[neg, 0] = ord("-")
        digits, lens = signed, ndig + neg
    if missing is not None:
        lens = np.where(missing, 0, lens)
    return digits, lens


def _float_writer(np, values):
    def write(s, e):
        v = values[s:e]
        nan = np.isnan(v)
        r = np.where(nan, 0.0, v)
        if len(r) and np.isfinite(r).all() and np.abs(r).max() < MAX_EXACT:
            lo, hi = r.min(), r.max()
            if hi - lo < SMALL_RANGE and np.floor(lo) == lo:
                # Whole numbers of a small range (ratings, codes with gaps
                # read as floats): their offsets from the least index a table.
                codes = (r - lo).astype(np.intp)
                if np.array_equal(codes + lo, r):
                    codes[nan] = -1
                    table = _table(np, [str(k) for k in range(int(lo), int(lo) + int(codes.max()) + 1)])
                    return _gather(np, table, codes)
            if np.array_equal(np.floor(r), r):
                return _integers(np, r.astype(np.int64), nan)
        return _by_uniques(np, v)

    return write


def _by_uniques(np, v):
    """Cells through their distinct values (pandas.factorize when present)."""
    codes, uniques = _factorize(np, v)
    table = _table(np, [cell_text(u) for u in uniques])
    return _gather(np, table, codes)


def _factorize(np, v):
    try:
        import pandas as pd
    except ImportError:
        pd = None
    if pd is not None:
        codes, uniques = pd.factorize(v)  # missing values: code −1
        return codes.astype(np.intp), list(uniques)
    texts = [cell_text(x) for x in v]
    index, codes = {}, np.empty(len(texts), dtype=np.intp)
    for i, t in enumerate(texts):
        codes[i] = index.setdefault(t, len(index))
    return codes, list(index)  # texts already; cell_text of a str is itself


def _object_writer(np, values, sep):
    """Object columns: strings (and missing values) as bytes; anything else
    (mixed types, sets of labels) cell by cell through cell_text — pandas'
    factorize would take True for 1, and 2.0 for 2."""
    try:
        import pandas as pd
    except ImportError:
        pd = None

    def write(s, e):
        v = values[s:e]
        if pd is not None:
            kind = pd.api.types.infer_dtype(v, skipna=False)
            if kind == "string":
                return _strings(np, v.tolist())
            if pd.api.types.infer_dtype(v, skipna=True) in ("string", "empty"):
                missing = pd.isna(v)
                return _strings(np, ["" if m else x for m, x in zip(missing.tolist(), v.tolist())])
        return _strings(np, [cell_text(x, sep) for x in v.tolist()])

    return write


def _strings(np, texts):
    """Cells that are strings: their UTF-8 bytes laid row by row, quoted
    through the table of distinct values when a cell needs it. The texts
    are joined by NUL bytes and encoded at once; the NULs give the lengths
    (a text holding a NUL, which the binary refuses anyway, takes the slow
    path)."""
    if not texts:
        return np.zeros((0, 1), np.uint8), np.zeros(0, np.intp)
    raw = "\0".join(texts).encode("utf-8")
    flat = np.frombuffer(raw, dtype=np.uint8)
    nul = np.flatnonzero(flat == 0)
    if len(nul) != max(len(texts) - 1, 0):
        return _by_uniques(np, np.array(texts, dtype=object))
    if np.isin(flat, _SPECIAL_BYTES).any():
        return _by_uniques(np, np.array(texts, dtype=object))
    ends = np.append(nul, len(flat))
    lens = ends - np.concatenate(([0], nul + 1))
    width = int(lens.max()) if len(lens) else 1
    m = np.zeros((len(texts), max(width, 1)), dtype=np.uint8)
    m[np.arange(m.shape[1]) < lens[:, None]] = flat[flat != 0]
    return m, lens


_SEQUENCES = (list, tuple, set, frozenset)
_SPECIAL_BYTES = [ord(c) for c in _SPECIAL]
