"""Results: the command's JSON, its tables as rows or tidy DataFrames, its
notes, and its HTML report."""

import csv
import html
import io
import json
import os


class Report(str):
    """An HTML report page (a str) that shows itself in Jupyter, in a frame
    of its own so that its style stays its own."""

    def _repr_html_(self):
        return ('<iframe srcdoc="{}" style="width: 100%; height: 720px; border: 1px solid #ddd" '
                'sandbox=""></iframe>').format(html.escape(self, quote=True))

    def save(self, path, force=False):
        """Write the page to path; an existing file only with force=True."""
        mode = "w" if force else "x"
        try:
            with open(path, mode, encoding="utf-8") as f:
                f.write(self)
        except FileExistsError:
            raise FileExistsError("{}: file exists (use force=True to overwrite it)".format(path)) from None
        return path


class Result:
    """What an agree command gave.

    Attributes:
        command: the command (``"coding"``, …).
        args: the command line run (without the binary).
        data: the command's JSON output as dicts and lists (the command's
            page, docs/CMD.md, documents its keys, a stable contract); for ``convert``, the
            records written.
        text: the command's standard output as text.
        notes: the result's notes (the JSON's ``notes``) and the notes the
            readers printed on standard error.
        warnings: the warnings printed on standard error.

    The tables (``coefficients``, ``pairwise``, ``per_label``,
    ``per_document``, and any list or mapping of objects in ``data`` through
    ``table(KEY)``) are tidy pandas DataFrames, one row per coefficient,
    pair, label or document; ``rows(NAME)`` gives the same rows as dicts
    without pandas. ``report()`` gives the HTML report (the command is run
    again with ``--report -`` on the same input); in Jupyter a result shows
    that report.
    """

    def __init__(self, command, args, text, data, stderr_lines, rerun=None):
        self.command = command
        self.args = args
        self.text = text
        self.data = data
        self._rerun = rerun
        self._report = None
        prefix = "agree {}: ".format(command)
        self.warnings = [l[len(prefix) + len("warning: "):] for l in stderr_lines
                         if l.startswith(prefix + "warning: ")]
        notes = [l[len(prefix) + len("note: "):] for l in stderr_lines if l.startswith(prefix + "note: ")]
        own = data.get("notes") if isinstance(data, dict) else None
        self.notes = list(own or []) + notes

    def __getitem__(self, key):
        return self.data[key]

    def __repr__(self):
        return "<agree.Result of agree {}: {}>".format(self.command, _headline(self.command, self.data))

    # --- tables ---

    @property
    def tables(self):
        """The names of the tables this result has."""
        names = [n for n in _NAMED.get(self.command, {}) if self.rows(n)]
        for k, v in (self.data.items() if isinstance(self.data, dict) else []):
            if _tabular(v) and k not in names:
                names.append(k)
        return names

    def rows(self, name):
        """A table's rows as flat dicts (nested objects' keys joined with "_";
        a pair of coders or annotators as two columns)."""
        f = _NAMED.get(self.command, {}).get(name)
        if f is not None:
            return f(self.data)
        v = self.data.get(name) if isinstance(self.data, dict) else None
        if not _tabular(v):
            raise KeyError("agree {} has no table {!r}; it has {}".format(self.command, name, ", ".join(self.tables)))
        return _rows(v, _KEY_COLUMN.get(name, "key"))

    def table(self, name):
        """A table as a pandas DataFrame (see rows)."""
        return _frame(self.rows(name))

    @property
    def coefficients(self):
        """One row per coefficient (coding, gamma, unitizing, segmentation), per
        averaging of P/R/F1 (spans, relations), per pair and measure (coref)."""
        return self.table("coefficients")

    @property
    def pairwise(self):
        """One row per pair of coders or annotators."""
        return self.table("pairwise")

    @property
    def per_label(self):
        """One row per label, category or relation type."""
        return self.table("per_label")

    @property
    def per_document(self):
        """One row per document (with by="document"), or per continuum."""
        return self.table("per_document")

    @property
    def spans(self):
        """convert: the spans written, one row per span (part)."""
        return self.table("spans")

    # --- report ---

    def report(self, path=None, force=False):
        """The HTML report of this analysis (a Report, i.e. a str): the same
        command run again with --report - on the same input, once; with path,
        also written there (an existing file only with force=True)."""
        if self._report is None:
            if self._rerun is None:
                raise ValueError("agree {} draws no report".format(self.command))
            self._report = Report(self._rerun())
        if path is not None:
            self._report.save(path, force)
        return self._report

    def _repr_html_(self):
        if self._rerun is None:
            return None
        return self.report()._repr_html_()


def _frame(rows):
    try:
        import pandas as pd
    except ImportError:
        raise ImportError("tables as DataFrames need pandas; without it, use .rows(NAME) or .data") from None
    return pd.DataFrame(rows)


def _tabular(v):
    if isinstance(v, list):
        return bool(v) and all(isinstance(x, dict) for x in v)
    if isinstance(v, dict):
        return bool(v) and all(isinstance(x, dict) for x in v.values())
    return False


def flatten(obj, prefix="", out=None):
    """A nested object as one flat dict; a two-element list of coders or
    annotators becomes two columns (coder_a, coder_b)."""
    if out is None:
        out = {}
    for k, v in obj.items():
        key = prefix + str(k)
        if isinstance(v, dict):
            flatten(v, key + "_", out)
        elif k in _PAIRS and isinstance(v, list) and len(v) == 2 and not prefix:
            out[_PAIRS[k] + "_a"], out[_PAIRS[k] + "_b"] = v
        else:
            out[key] = v
    return out


_PAIRS = {"coders": "coder", "annotators": "annotator", "raters": "rater"}


def _rows(v, key, skip=()):
    if isinstance(v, dict):
        return [dict({key: k}, **flatten({a: b for a, b in x.items() if a not in skip})) for k, x in v.items()]
    return [flatten({a: b for a, b in x.items() if a not in skip}) for x in v or []]


_KEY_COLUMN = {"coefficients": "coefficient", "per_label": "label", "per_type": "type", "gamma_k": "category",
               "k_u_alpha": "category", "summary": "measure"}


def _get(d, key):
    return d.get(key) if isinstance(d, dict) else None


# --- the named tables of each command ---

def _coding_tables():
    return {
        "coefficients": lambda d: _rows(_get(d, "coefficients"), "coefficient"),
        "pairwise": lambda d: _rows(_get(d, "pairwise"), ""),
        "per_label": lambda d: _rows(_get(d, "per_label") or _get(d, "per_category"), ""),
        "per_document": lambda d: _rows(_get(d, "per_document"), ""),
    }


def _ratings_tables():
    def coefficients(d):
        out = [flatten(dict({"coefficient": f.get("key")}, **{k: v for k, v in f.items() if k != "key"}))
               for f in _get(_get(d, "icc"), "forms") or []]
        for k in ("kendall_w", "light_kappa"):
            if isinstance(_get(d, k), dict):
                out.append(flatten(dict({"coefficient": k}, **d[k])))
        return out

    return {
        "coefficients": coefficients,
        "pairwise": lambda d: _rows(_get(d, "pairs"), ""),
        "per_label": lambda d: _rows(_get(_get(d, "fleiss_per_category"), "categories"), ""),
        "vs_others": lambda d: _rows(_get(d, "vs_others"), ""),
    }


def _pr_tables(per):
    def coefficients(d):
        out = []
        if _get(d, "average_f1") is not None or "average_f1" in (d or {}):
            row = {"averaging": "average_f1", "f1": d.get("average_f1")}
            boot = _get(_get(d, "bootstrap"), "average_f1")
            if isinstance(boot, dict):
                row.update(flatten(boot, "bootstrap_"))
            out.append(row)
        for k in ("micro", "macro"):
            if isinstance(_get(d, k), dict):
                row = {"averaging": k}
                row.update(flatten({a: b for a, b in d[k].items() if a != "averaging"}))
                out.append(row)
        return out

    def pairwise_per_label(d):
        out = []
        for p in _get(d, "pairs") or []:
            pair = flatten({"annotators": p.get("annotators")})
            for label, x in (p.get(per) or {}).items():
                out.append(dict(pair, **dict({_KEY_COLUMN[per]: label}, **flatten(x))))
        return out

    return {
        "coefficients": coefficients,
        "pairwise": lambda d: _rows(_get(d, "pairs"), "", skip=(per,)),
        "per_label": lambda d: _rows(_get(d, per), _KEY_COLUMN[per]),
        "pairwise_per_label": pairwise_per_label,
        "per_document": lambda d: _rows(_get(d, "per_document"), ""),
    }


def _coref_tables():
    measures = ("muc", "b3", "ceafm", "ceafe", "blanc", "lea", "mentions")

    def coefficients(d):
        out = []
        for p in _get(d, "pairs") or []:
            pair = flatten({"annotators": p.get("annotators")})
            for m in measures:
                if isinstance(p.get(m), dict):
                    out.append(dict(pair, measure=m, **p[m]))
            if "conll_f1" in p:
                out.append(dict(pair, measure="conll", f1=p["conll_f1"]))
        return out

    return {
        "coefficients": coefficients,
        "pairwise": lambda d: _rows(_get(d, "pairs"), ""),
        "per_document": lambda d: _rows(_get(d, "per_document"), ""),
    }


def _gamma_tables():
    def coefficients(d):
        if not isinstance(d, dict) or "gamma" not in d:
            return []
        g = {"coefficient": "gamma", "category": None, "value": d.get("gamma"),
             "low": d.get("gamma_low"), "high": d.get("gamma_high"), "exact": d.get("exact")}
        for k in ("se", "undefined_reason"):
            if k in d:
                g[k] = d[k]
        if isinstance(d.get("ci"), dict):
            g.update(flatten(d["ci"], "ci_"))
        out = [g, {"coefficient": "gamma_cat", "category": None, "value": d.get("gamma_cat"),
                   "undefined_reason": d.get("gamma_cat_undefined_reason")}]
        for c, v in (d.get("gamma_k") or {}).items():
            out.append({"coefficient": "gamma_k", "category": c, "value": v})
        return out

    def alignment(d):
        out = []
        for i, a in enumerate(_get(d, "alignment") or []):
            for u in a.get("units") or []:
                out.append(dict({"continuum": a.get("continuum"), "unitary_alignment": i,
                                 "disorder": a.get("disorder")}, **u))
        return out

    return {
        "coefficients": coefficients,
        "per_label": lambda d: [{"category": c, "gamma_k": v} for c, v in (_get(d, "gamma_k") or {}).items()],
        "per_document": lambda d: _rows(_get(d, "per_document"), ""),
        "alignment": alignment,
    }


_UNITIZING_COUNTS = {"units", "atom", "atoms"}


def _continua(d):
    if not isinstance(d, dict):
        return []
    if isinstance(d.get("continua"), list):
        return d["continua"]
    if isinstance(d.get("per_document"), list):
        return d["per_document"]
    return [d] if "name" in d else []


def _unitizing_tables():
    def coefficients(d):
        out = []
        for c in _continua(d):
            why = c.get("undefined_reason") or {}
            for k, v in c.items():
                if k in _UNITIZING_COUNTS or isinstance(v, (bool, str, list, dict)):
                    continue
                out.append({"continuum": c.get("name"), "coefficient": k, "value": v,
                            "undefined_reason": why.get(k)})
        return out

    def per_label(d):
        out = []
        for c in _continua(d):
            k_u = c.get("k_u_alpha") or {}
            seen = set()
            for row in c.get("alpha_u_categories") or []:
                cat = row.get("category")
                seen.add(cat)
                out.append(dict({"continuum": c.get("name")}, **dict(row, k_u_alpha=k_u.get(cat))))
            for cat, v in k_u.items():
                if cat not in seen:
                    out.append({"continuum": c.get("name"), "category": cat, "k_u_alpha": v})
        return out

    def pairwise(d):
        return [dict({"continuum": c.get("name")}, **p) for c in _continua(d) for p in c.get("ser_pairs") or []]

    def per_document(d):
        out = []
        for c in _continua(d):
            out.append(flatten({k: v for k, v in c.items()
                                if not isinstance(v, list) and k not in ("k_u_alpha",)}))
        return out

    return {"coefficients": coefficients, "per_label": per_label, "pairwise": pairwise,
            "per_document": per_document}


def _segmentation_tables():
    def coefficients(d):
        a = _get(d, "agreement")
        if not isinstance(a, dict):
            return []
        why = a.get("undefined_reason") or {}
        out = []
        for k in ("actual", "pi", "kappa", "bias"):
            if k in a:
                out.append({"coefficient": k, "value": a[k], "expected": a.get("expected_" + k),
                            "similarity": a.get("similarity"),
                            "undefined_reason": why.get(k) if isinstance(why, dict) else why})
        return out

    return {
        "coefficients": coefficients,
        "pairwise": lambda d: _rows(_get(d, "pairs"), ""),
        "summary": lambda d: _rows(_get(d, "summary"), "measure"),
    }


def _convert_tables():
    def spans(d):
        if isinstance(d, list):
            return [r for r in d if r.get("type", "span") == "span"]
        return []

    return {"spans": spans}


_NAMED = {
    "coding": _coding_tables(),
    "ratings": _ratings_tables(),
    "spans": _pr_tables("per_label"),
    "relations": _pr_tables("per_type"),
    "coref": _coref_tables(),
    "gamma": _gamma_tables(),
    "unitizing": _unitizing_tables(),
    "segmentation": _segmentation_tables(),
    "convert": _convert_tables(),
}


def parse_convert(text, to):
    """The records agree convert wrote: JSONL objects, or the span CSV's rows
    as dicts of strings (comment lines skipped)."""
    if to == "jsonl":
        return [json.loads(l) for l in text.splitlines() if l.strip()]
    lines = [l for l in text.splitlines(True) if not l.startswith("#")]
    return list(csv.DictReader(io.StringIO("".join(lines))))


def _headline(command, d):
    if not isinstance(d, dict):
        return "{} records".format(len(d)) if isinstance(d, list) else ""
    c = d.get("coefficients")
    if isinstance(c, dict) and "krippendorff_alpha" in c:
        return "{} items, {} coders, Krippendorff's alpha {}".format(
            d.get("items"), d.get("coders"), _num(c["krippendorff_alpha"].get("value")))
    if "average_f1" in d:
        return "{} annotators, average F1 {}".format(len(d.get("annotators") or []), _num(d.get("average_f1")))
    if "gamma" in d:
        return "gamma {}".format(_num(d.get("gamma")))
    if "alpha_u" in d:
        return "alpha_U {}".format(_num(d.get("alpha_u")))
    keys = list(d)[:6]
    return "keys " + ", ".join(keys) + (", …" if len(d) > 6 else "")


def _num(x):
    return "undefined" if x is None else "{:.4g}".format(x) if isinstance(x, float) else str(x)


def file_state(paths):
    """What tells that input files changed: size and time of each file."""
    out = []
    for p in paths:
        try:
            st = os.stat(p)
        except OSError:
            out.append(None)
            continue
        out.append((st.st_size, st.st_mtime_ns) if not os.path.isdir(p) else "dir")
    return out
