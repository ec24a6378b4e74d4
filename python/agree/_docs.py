"""The functions' docstrings and signatures, made from the binary's own help.

python/build_wheels.py runs ``agree CMD -h`` for every command when it builds
a wheel and stores what parse_help reads from it in agree/_help.json, so the
keyword arguments listed by ``help(agree.coding)`` are exactly the flags of
the binary shipped beside them.
"""

import inspect
import json
import keyword
import os
import re
import textwrap

COMMANDS = ("coding", "ratings", "compare", "spans", "relations", "coref", "gamma", "unitizing", "segmentation",
            "plan", "alttest", "budget", "shuffle", "convert", "report")

# The commands of the binary that have no function of their own, with the
# way to them (a test holds every command of the binary to COMMANDS, this,
# or version()).
RUN_ONLY = {
    "demo": 'agree.run("demo") or python -m agree demo: the demonstration, text only',
    "serve": "python -m agree serve: the local web page, a server that runs until it is stopped",
}

# Commands whose data is optional (plan: a priori without a pilot) or that
# take none (shuffle: the data are simulated).
OPTIONAL_DATA = {"plan"}
NO_DATA = {"shuffle"}

_FLAG = re.compile(r"^  -(\S+)(?: (\S+))?$")
_DEFAULT = re.compile(r" \(default (.*)\)$")
_TYPES = {"string": "str", "int": "int", "uint": "int", "float": "float", "duration": "str or datetime.timedelta",
          "N": "int", "x": "float", "value": "str"}


def py_name(flag):
    """The keyword argument of a flag: leave-one-out → leave_one_out, as → as_."""
    py = flag.replace("-", "_")
    return py + "_" if keyword.iskeyword(py) else py


def parse_help(text):
    """The synopsis and flags of ``agree CMD -h``: {"synopsis": str, "flags":
    [{"name", "type", "default", "help"}]} (default None when the help names
    none; types as Python names)."""
    lines = text.split("\n")
    synopsis, flags, i = [], [], 0
    while i < len(lines) and lines[i].strip() != "flags:":
        synopsis.append(lines[i])
        i += 1
    cur = None
    for line in lines[i + 1:]:
        m = _FLAG.match(line)
        if m:
            cur = {"name": m.group(1), "type": _TYPES.get(m.group(2), "str") if m.group(2) else "bool",
                   "default": None, "help": "", "repeatable": False}
            flags.append(cur)
        elif cur is not None and line.startswith("    \t"):
            cur["help"] += (" " if cur["help"] else "") + line[len("    \t"):].strip()
    for f in flags:
        f["repeatable"] = bool(re.search(r"\brepeatable\b", f["help"]))
        m = _DEFAULT.search(f["help"])
        if m:
            f["help"] = f["help"][: m.start()]
            f["default"] = _unquote(m.group(1))
    syn = "\n".join(synopsis).strip()
    if syn.startswith("usage: "):
        syn = syn[len("usage: "):]
    return {"synopsis": syn, "flags": flags}


def _unquote(s):
    if len(s) >= 2 and s[0] == '"' and s[-1] == '"':
        try:
            return json.loads(s)
        except ValueError:
            return s[1:-1]
    return s


def load():
    """The help stored in the installed package ({} in a source checkout)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_help.json")
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError:
        return {}


_DATA = {
    "coding": "a CSV table: wide (the item in the first column or the DataFrame's index, then one column per "
              "coder) or long (columns item, coder, value, others allowed; also unit/subject, annotator/rater, "
              "label/category); or annotation files (document labels, or spans compared token by token)",
    "ratings": "a table of numeric ratings as coding reads it: wide (the item first, then one column per "
               "rater) or long (item, rater, value)",
    "compare": "the first of the two tables compared (A, read as coding reads a table; the second, B, is "
               "the next argument, a path), or a list of both paths",
    "plan": "optional: a pilot table as coding reads it (plan from the pilot); without it the plan is a "
            "priori (rates=, value=, min=, prevalence=, …)",
    "alttest": "a table as coding reads it, with the model's column(s) named by model=",
    "budget": "a table as coding reads it; or, with measure=\"spans\", the span CSV or annotation files",
    "shuffle": "none: the units are simulated from model= (the flags set the corpus, errors and measures)",
    "spans": "the span CSV: columns document, annotator, start, end, label (optionally layer, chain, "
             "part_of, text); or annotation files (--input)",
    "relations": "the relation CSV: document, annotator, source_start, source_end, source_label, "
                 "target_start, target_end, target_label, relation (optionally layer); or annotation files",
    "coref": "the coreference CSV: annotator, mention, chain (optionally document); or CoNLL-2012 or brat "
             "files, one per annotator",
    "gamma": "units: annotator, category, start, end (one continuum), or the span CSV document, annotator, "
             "start, end, label (one continuum per document); RTTM or annotation files",
    "unitizing": "units: annotator, category, start, end, or the span CSV (one continuum per document); "
                 "RTTM or annotation files",
    "segmentation": "segmentations: columns item, coder, masses (masses as \"2 3 6\"), or SegEval's JSON "
                    "as a dict ({\"items\": {ITEM: {CODER: [2, 3, 6]}}})",
    "convert": "annotation files (Label Studio, doccano, Prodigy, ELAN, Praat, BIO, brat, WebAnno, UIMA, "
               "the JSONL, the span CSV)",
    "report": "the input of the analysis the report draws (as_= names it: coding, spans, relations, gamma, "
              "unitizing, segmentation, coref)",
}

_RETURNS = {
    "convert": "Result: .text (the span CSV or the JSONL written), .data (its records as dicts) and "
               ".spans (a DataFrame of the span CSV, with pandas).",
    "report": "Report: the HTML page (a str), shown inline in Jupyter; .save(path) writes it. With o=FILE the "
              "command writes the page there and the path is returned.",
}

_INTRO = """\
agree.{name}({params})

{synopsis}

Arguments:
{data}
  *more: more paths.

Keyword arguments are the flags of `agree {name}` (`agree {name} -h`):
metric="interval" is --metric=interval, leave_one_out=False is
--leave-one-out=false, as_="spans" is --as=spans; a list or tuple is
comma-separated (one flag per element for a repeatable flag such as
require=["krippendorff_alpha>=0.8", "gwet_ac>=0.8"]), a dict is KEY=VALUE
pairs, a timedelta is seconds; None leaves the command's default. Any flag
of the binary is passed on, listed here or not; the command checks them all
before reading any input (a refused one raises AgreeError with the command's
message and exit status 2).
"""

_DATA_FORMS = ("Give a path (str or os.PathLike) or a list of paths, or data in memory — a pandas "
               "DataFrame, a dict of columns (a DataFrame's shape), a list of records (dicts), a text "
               "buffer or bytes — which is streamed to the binary through standard input, as CSV for tables.")


def doc(name, helpdata):
    """The docstring of the function of a command."""
    h = helpdata.get(name)
    synopsis = h["synopsis"] if h else "agree " + name
    data = textwrap.fill("data: {}. {}".format(_DATA[name], _DATA_FORMS), width=80, initial_indent="  ",
                         subsequent_indent="    ")
    params = "data, *more, **flags"
    if name in OPTIONAL_DATA:
        params = "data=None, *more, **flags"
    elif name in NO_DATA:
        params = "**flags"
        data = "  (no data: {})".format(_DATA[name])
    out = _INTRO.format(name=name, synopsis=synopsis, data=data, params=params)
    if name in NO_DATA:
        out = out.replace("  *more: more paths.\n", "")
    out += "\n"
    if h:
        for f in h["flags"]:
            if f["name"] == "format":
                continue
            py = py_name(f["name"])
            d = "" if f["default"] in (None, "") else ", default {!r}".format(f["default"])
            head = "  {} ({}{}): ".format(py, f["type"], d)
            out += textwrap.fill(head + f["help"], width=100, subsequent_indent="      ") + "\n"
    else:
        out += "  (the flags are listed in an installed wheel; here run `agree {} -h`)\n".format(name)
    if name not in ("convert", "report"):
        out += "\n  format: not a keyword here: the result is read from the command's JSON.\n"
    out += "\nReturns:\n  " + _RETURNS.get(name, (
        "Result: .data (the command's JSON as dicts and lists), .notes, tidy DataFrames "
        "(.coefficients, .pairwise, .per_label, .per_document, .table(KEY)) with pandas, "
        ".report() for the HTML page; shown as that page in Jupyter.")) + "\n"
    out += ("\nRaises:\n  AgreeError: the command refused its arguments (exit_code 2) or its data "
            "(exit_code 1), or a requirement (require=) was not met (exit_code 3, the result in .result); "
            ".message is its file:line:col message.\n")
    return out


def repeatable(name, helpdata):
    """The flags of a command that may be given several times."""
    h = helpdata.get(name) or {}
    return {f["name"] for f in h.get("flags", []) if f.get("repeatable")}


def signature(name, helpdata):
    """A signature with a keyword-only parameter per flag (default None: the
    command's own default), so that editors complete them."""
    P = inspect.Parameter
    params = [P("data", P.POSITIONAL_OR_KEYWORD), P("more", P.VAR_POSITIONAL)]
    if name in OPTIONAL_DATA:
        params[0] = P("data", P.POSITIONAL_OR_KEYWORD, default=None)
    elif name in NO_DATA:
        params = []
    h = helpdata.get(name)
    seen = set()
    if h:
        for f in h["flags"]:
            py = py_name(f["name"])
            if f["name"] == "format" or not py.isidentifier():
                continue
            if py in seen:
                continue
            seen.add(py)
            params.append(P(py, P.KEYWORD_ONLY, default=None))
    params.append(P("flags", P.VAR_KEYWORD))
    return inspect.Signature(params)
