"""agree: inter-annotator agreement from Python.

The package ships the static ``agree`` binary of its platform and calls it:
one function per command — coding, ratings, compare, spans, relations, coref,
gamma, unitizing, segmentation, plan, alttest, budget, shuffle, convert,
report; version() too — taking a path, a list of paths,
a pandas DataFrame, a dict of columns, a list of records, a text buffer or
bytes, and the command's flags as keyword arguments::

    import agree
    r = agree.coding("ratings.csv", metric="interval", bootstrap=1000, seed=1)
    r.data["coefficients"]["krippendorff_alpha"]["value"]
    r.coefficients            # a tidy DataFrame (with pandas)
    r.report("report.html")   # the HTML report; in Jupyter, r shows it

Data in memory is streamed to the binary through a pipe (never a temporary
file). Errors raise AgreeError with the command's exit status and its
``file:line:col`` message. ``python -m agree …`` runs the command line
itself. The standard library is all it needs; pandas is used when present.
"""

import os

from . import _cli, _docs, _inputs, _result
from ._cli import AgreeError, binary
from ._result import Report, Result

__all__ = ["coding", "ratings", "compare", "spans", "relations", "coref", "gamma", "unitizing", "segmentation",
           "plan", "alttest", "budget", "shuffle", "convert", "report", "version",
           "AgreeError", "Result", "Report", "binary", "run", "__version__"]

_HELP = _docs.load()
__version__ = _HELP.get("_version", "0+source")

# Keywords the wrapper sets itself.
_RESERVED = {"format": "the result is read from the command's JSON (.data); tables are in .table(…)"}


def _prepare(command, data, more, flags):
    for k in flags:
        if k in _RESERVED and command not in ("convert", "report"):
            raise TypeError("agree.{}: {}= is not an argument here: {}".format(command, k, _RESERVED[k]))
    inp = _inputs.prepare(command, data, more, flags)
    merged = dict(inp.implied)
    merged.update(flags)
    return inp, merged


def _prepare_report(data, more, flags):
    # The analysis drawn decides how a table in memory is written (coding's
    # items column, --input csv); without as_, it is guessed from the
    # table's columns as agree report guesses it from a file's header.
    kind = flags.get("as_", flags.get("as"))
    inp = _inputs.prepare(kind or "report", data, more, flags)
    if inp.streamed and inp.header_lines and not kind:
        kind = _inputs.guess_kind(inp.names)
        inp = _inputs.prepare(kind, data, more, flags)
        flags = dict(flags, as_=kind)
    merged = dict(inp.implied)
    merged.update(flags)
    return inp, merged


def _command_line(command, flags, inp, extra=()):
    rep = _docs.repeatable(command, _HELP)
    if command == "report":
        rep |= _docs.repeatable(flags.get("as_") or flags.get("as") or "", _HELP)
    args = [command] + _cli.flag_args(flags, rep) + list(extra)
    for a in inp.args:
        args.append("./" + a if a.startswith("-") and a != "-" else a)
    return args


def _execute(args, inp):
    if inp.streamed:
        _cli.check(args, inp.header_lines)
        return _cli.run(args, inp.make_blocks(), header_lines=inp.header_lines)
    return _cli.run(args)


def _analysis(command, data, more, flags):
    inp, flags = _prepare(command, data, more, flags)
    args = _command_line(command, flags, inp, ["--format=json"])
    state = _result.file_state(inp.paths)
    try:
        r = _execute(args, inp)
    except AgreeError as e:
        if e.exit_code == 3 and e.stdout:  # a requirement not met: the result is there
            text = e.stdout.decode("utf-8")
            e.result = Result(command, args, text, _parse_json(command, text), [])
        raise
    text = r.stdout.decode("utf-8")
    data_out = _parse_json(command, text)

    def rerun():
        # The report of the same analysis: the same flags and input, with
        # --report - (its own output files, if any, are not written again).
        f = {k: v for k, v in flags.items() if k != "report"}
        if any(k in f for k in ("consensus", "disagreements")):
            f["force"] = True  # the files the first run wrote, written again alike
        rargs = _command_line(command, f, inp, ["--report=-"])
        rr = _cli.run(rargs, inp.make_blocks() if inp.streamed else None, header_lines=inp.header_lines)
        if (inp.streamed and rr.digest != r.digest) or _result.file_state(inp.paths) != state:
            raise AgreeError("the input changed since the analysis; run it again for its report", 1, "", rargs)
        return rr.stdout.decode("utf-8")

    return Result(command, args, text, data_out, r.lines, rerun if command in _REPORTS else None)


_REPORTS = {"coding", "ratings", "compare", "spans", "relations", "gamma", "unitizing", "segmentation", "coref",
            "plan", "alttest", "budget", "shuffle"}


def _parse_json(command, text):
    import json
    try:
        return json.loads(text)
    except ValueError:
        # --emit-stats - and the like print something else: keep the text.
        return {"text": text}


def _make(command):
    if command in _docs.NO_DATA:
        def f(**flags):
            return _analysis(command, None, (), flags)
    elif command in _docs.OPTIONAL_DATA:
        def f(data=None, *more, **flags):
            return _analysis(command, data, more, flags)
    else:
        def f(data, *more, **flags):
            return _analysis(command, data, more, flags)

    f.__name__ = f.__qualname__ = command
    f.__doc__ = _docs.doc(command, _HELP)
    f.__signature__ = _docs.signature(command, _HELP)
    return f


coding = _make("coding")
ratings = _make("ratings")
spans = _make("spans")
relations = _make("relations")
coref = _make("coref")
gamma = _make("gamma")
unitizing = _make("unitizing")
segmentation = _make("segmentation")
compare = _make("compare")
plan = _make("plan")
alttest = _make("alttest")
budget = _make("budget")
shuffle = _make("shuffle")


def version():
    """The binary's version: a dict of ``agree version --format json``
    (its semantic version, commit and Go version)."""
    import json
    return json.loads(_cli.run(["version", "--format=json"], relay=False).stdout.decode("utf-8"))


def convert(data, *more, **flags):
    inp, flags = _prepare("convert", data, more, flags)
    args = _command_line("convert", flags, inp)
    r = _execute(args, inp)
    text = r.stdout.decode("utf-8")
    to = flags.get("to") or "csv"
    out = flags.get("o") or flags.get("output")
    records = _result.parse_convert(text, to) if not out else []
    return Result("convert", args, text, records, r.lines)


def report(data, *more, **flags):
    inp, flags = _prepare_report(data, more, flags)
    args = _command_line("report", flags, inp)
    r = _execute(args, inp)
    out = flags.get("o", flags.get("output"))
    if out not in (None, "-"):
        return os.fspath(out)  # written there by the command
    return Report(r.stdout.decode("utf-8"))


for _f in (convert, report):
    _f.__doc__ = _docs.doc(_f.__name__, _HELP)
    _f.__signature__ = _docs.signature(_f.__name__, _HELP)
del _f


def run(*args, input=None, check=True):
    """Run the agree command line with args (strings) and return its standard
    output as text; input (str or bytes) is sent on standard input. A failed
    run raises AgreeError when check is true."""
    blocks = None
    if input is not None:
        blocks = iter([input.encode("utf-8") if isinstance(input, str) else bytes(input)])
    try:
        r = _cli.run([os.fspath(a) for a in args], blocks)
    except AgreeError:
        if check:
            raise
        return None
    return r.stdout.decode("utf-8")
