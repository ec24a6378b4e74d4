"""What a notebook holds, turned into the binary's input: paths stay paths;
DataFrames, dicts of columns, lists of records, text and bytes go through
standard input ("-"), written as the CSV (or JSON, or text) the command reads
from a file."""

import json
import os

from . import _encode

# The commands that read a table as agree coding does (wide: the items first).
TABLES = {"coding", "ratings", "compare", "plan", "alttest", "budget"}

# The commands that take --input: in-memory tables are sent as CSV, so they
# get --input csv unless the call names another (standard input has no
# file name to tell the format by). coding reads "-" as a table anyway.
_INPUT_FLAG = {"spans", "relations", "coref", "gamma", "unitizing", "convert"}

# The long layout's column names and the item column's (formats/table).
_LONG_ROLES = {
    "item": {"item", "unit", "subject", "item_id", "id"},
    "coder": {"coder", "annotator", "rater", "judge", "coder_id", "annotator_id"},
    "value": {"value", "label", "category", "code", "rating", "annotation"},
}
_ID_COLUMNS = {"item", "items", "unit", "units", "subject", "subjects", "id", "item_id", "patient",
               "patients", "case", "cases", "document", "documents", "doc", "text", "texts",
               "sentence", "sentences"}


class Input:
    """A call's input: args (paths or "-"), and for "-" a function making
    the blocks of bytes to send (called once per run), the flags the
    encoding implies, and how many header lines precede the first row."""

    def __init__(self, args, make_blocks=None, implied=None, header_lines=None, paths=(), names=()):
        self.args = args
        self.names = list(names)
        self.make_blocks = make_blocks
        self.implied = implied or {}
        self.header_lines = header_lines
        self.paths = list(paths)

    @property
    def streamed(self):
        return self.make_blocks is not None


def prepare(command, data, more, flags):
    """The Input of a call: data (and more paths) as the command gets them."""
    if command == "budget" and flags.get("measure") == "spans":
        command = "spans"  # the span CSV, not a table of labels
    if data is None and not more:
        return Input([])  # plan a priori, shuffle: no input
    extra = []
    for m in more:
        if not _is_path(m):
            raise TypeError("agree.{}: only the first argument may be data in memory; the others are paths, got {}"
                            .format(command, type(m).__name__))
        extra.append(os.fspath(m))
    if _is_path(data):
        paths = [os.fspath(data)] + extra
        return Input(paths, paths=paths)
    if isinstance(data, (list, tuple)) and data and all(_is_path(x) for x in data):
        paths = [os.fspath(x) for x in data] + extra
        return Input(paths, paths=paths)
    if extra and command != "compare":
        raise TypeError("agree.{}: data in memory cannot be combined with paths; concatenate it instead".format(command))
    inp = _memory(command, data, flags)
    # compare: the table in memory is A (standard input), the paths after
    # it B
    inp.args += extra
    inp.paths += extra
    return inp


def _memory(command, data, flags):
    """The Input of data in memory, sent on standard input."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        raw = bytes(data)
        return Input(["-"], lambda: iter([raw]))
    if hasattr(data, "read"):  # a text or binary buffer
        raw = data.read()
        if isinstance(raw, str):
            raw = raw.encode("utf-8")
        return Input(["-"], lambda: iter([raw]))
    if _is_dataframe(data):
        names, columns = _frame_columns(command, data)
        sep = _sequence_sep(command, flags)
        return _table_input(command, flags, names, lambda: _encode.encode_frame_columns(names, columns, sep))
    if isinstance(data, dict):
        if data and all(_is_column(v) for v in data.values()):
            names, columns = _dict_columns(command, data)
            sep = _sequence_sep(command, flags)
            return _table_input(command, flags, names, lambda: _table_blocks(names, columns, sep))
        raw = json.dumps(data, ensure_ascii=False).encode("utf-8")  # SegEval's JSON, …
        return Input(["-"], lambda: iter([raw]))
    if isinstance(data, (list, tuple)) and data and all(isinstance(r, dict) for r in data):
        keys = []
        for r in data:
            for k in r:
                if k not in keys:
                    keys.append(k)
        columns = {k: [r.get(k) for r in data] for k in keys}
        names, cols = _dict_columns(command, columns)
        sep = _sequence_sep(command, flags)
        return _table_input(command, flags, names, lambda: _table_blocks(names, cols, sep))
    raise TypeError(
        "agree.{}: want a path, a list of paths, a pandas DataFrame, a dict of columns, a list of records, "
        "a text buffer or bytes; got {}".format(command, type(data).__name__))


def _table_input(command, flags, names, make_blocks):
    implied = {}
    if command in _INPUT_FLAG and flags.get("input") is None:
        implied["input"] = "csv"
    return Input(["-"], make_blocks, implied, header_lines=1, names=names)


def guess_kind(names):
    """The analysis of a table by its columns, as agree report guesses it
    from a file's header."""
    has = {str(n).strip().lower() for n in names}
    if {"source_start", "target_start"} <= has:
        return "relations"
    if {"document", "annotator", "start", "end", "label"} <= has:
        return "spans"
    if {"annotator", "start", "end"} <= has:
        return "gamma"
    if {"annotator", "mention", "chain"} <= has:
        return "coref"
    if "masses" in has:
        return "segmentation"
    return "coding"


def _is_path(x):
    return isinstance(x, (str, os.PathLike))


def _is_column(v):
    return isinstance(v, (list, tuple)) or (hasattr(v, "__len__") and hasattr(v, "dtype"))


def _is_dataframe(x):
    t = type(x)
    return t.__name__ == "DataFrame" and t.__module__.split(".")[0] == "pandas"


def _is_long(names):
    """The long layout, as the binary tells it from a header: an item, a
    coder and a value column, among others or not."""
    roles = set()
    for n in names:
        h = str(n).strip().lower()
        for role, aliases in _LONG_ROLES.items():
            if h in aliases:
                roles.add(role)
    return len(roles) == 3


def _frame_columns(command, df):
    """Header names and columns of a DataFrame: a named index is a column
    (as after reset_index); for coding's wide layout the items come first:
    the index, unless it is the default one and the first column names the
    items (as pandas.read_csv of a wide file gives)."""
    names = [str(c) for c in df.columns]
    columns = [df.iloc[:, i] for i in range(df.shape[1])]
    index_named = any(n is not None for n in df.index.names)
    if index_named:
        idx = df.index.to_frame(index=False)
        names = [str(c) for c in idx.columns] + names
        columns = [idx.iloc[:, i] for i in range(idx.shape[1])] + columns
        return names, columns
    if command in TABLES and not _is_long(names) and not _first_names_items(names, _default_index(df)):
        idx = df.index.to_frame(index=False)
        return ["item"] + names, [idx.iloc[:, 0]] + columns
    return names, columns


def _default_index(df):
    idx = df.index
    return type(idx).__name__ == "RangeIndex" and idx.start == 0 and idx.step == 1


def _first_names_items(names, default_index):
    return default_index and bool(names) and names[0].strip().lower() in _ID_COLUMNS


def _dict_columns(command, d):
    names = [str(k) for k in d]
    columns = list(d.values())
    n = len(columns[0])
    if any(len(c) != n for c in columns):
        raise ValueError("agree.{}: the columns have different lengths ({})".format(
            command, ", ".join("{} {}".format(k, len(c)) for k, c in zip(names, columns))))
    if command in TABLES and not _is_long(names) and not _first_names_items(names, True):
        return ["item"] + names, [range(n)] + columns
    return names, columns


def _sequence_sep(command, flags):
    """How a list in a cell is written: a segmentation's masses separated by
    spaces, a set of labels by --set-sep (default |)."""
    if command == "segmentation":
        return " "
    return str(flags.get("set_sep") or "|")


def _table_blocks(names, columns, sep):
    """Blocks of a dict's columns: numpy arrays and Series through the
    vectorised writer, lists through the pure-Python one (same text)."""
    if all(hasattr(c, "dtype") or isinstance(c, range) for c in columns):
        import numpy as np
        cols = [np.arange(c.start, c.stop) if isinstance(c, range) else c for c in columns]
        return _encode.encode_frame_columns(names, cols, sep)
    return _encode.encode_rows(names, [list(c) for c in columns], sep)
