"""Each command from Python against the command line on the same input: the
result equals the CLI's JSON, bad arguments raise AgreeError with the CLI's
exit status and message, and a DataFrame gives what the same data as a file
gives."""

import io
import json
import os
import re

import pandas as pd
import pytest

from conftest import example, tdata

# command → (file, flags, how pandas reads the file, flags the CLI needs for that data on stdin)
CASES = {
    "coding": (example("krippendorff.csv"), {"bootstrap": 50, "seed": 3}, lambda p: pd.read_csv(p)),
    "ratings": (example("krippendorff.csv"), {"level": 0.9}, lambda p: pd.read_csv(p)),
    "spans": (example("entities.csv"), {"match": "overlap", "bootstrap": 20}, lambda p: pd.read_csv(p)),
    "relations": (example("relations.csv"), {}, lambda p: pd.read_csv(p)),
    "coref": (tdata("coref", "passonneau.csv"), {"missing": "singletons"}, lambda p: pd.read_csv(p, comment="#")),
    "gamma": (example("continuum.csv"), {"samples": 10, "precision": 0, "seed": 2}, lambda p: pd.read_csv(p)),
    "unitizing": (example("continuum.csv"), {}, lambda p: pd.read_csv(p)),
    "segmentation": (tdata("segmentation", "g5_ch1.csv"), {},
                     lambda p: pd.read_csv(p, header=None, names=["item", "coder", "masses"])),
}

# A flag value each command refuses (exit 2), as keyword arguments.
BAD_FLAGS = {
    "coding": {"metric": "nosuch"},
    "ratings": {"level": 2},
    "spans": {"match": "nosuch"},
    "relations": {"labels": "nosuch"},
    "coref": {"bootstrap": -1},
    "gamma": {"samples": 10, "max_samples": 5},
    "unitizing": {"atom": -1},
    "segmentation": {"nt": 1},
    "convert": {"to": "xml"},
    "report": {"as_": "nosuch"},
}


def cli_flags(flags):
    out = []
    for k, v in flags.items():
        out.append("--{}={}".format(k.rstrip("_").replace("_", "-"), v))
    return out


def cli_json(cli, command, path, flags):
    code, out, err = cli(command, "--format=json", *cli_flags(flags), path)
    assert code == 0, err
    return json.loads(out)


def notes(ns):
    # A file's missing cells may be spelt NA and counted in a note; a
    # DataFrame's are empty cells (NaN, None), which need no note.
    return [n for n in ns if not (isinstance(n, str) and n.startswith("cells read as missing:"))]


def names_out(d, path):
    """The JSON with the input's names (the path, its base name, standard
    input's names) replaced by one token, also inside notes, for comparing a
    file's result with the same data's read from standard input."""
    stdin = re.compile(r'<stdin>|\bstdin\b|standard input|"-"')

    def text(s):
        s = s.replace(path, "INPUT").replace(os.path.basename(path), "INPUT")
        return "INPUT" if s == "-" else stdin.sub("INPUT", s).replace('"INPUT"', "INPUT")

    def walk(v):
        if isinstance(v, dict):
            return {k: walk(x) for k, x in v.items() if k != "notes"} | ({"notes": walk(notes(v["notes"]))}
                                                                         if "notes" in v else {})
        if isinstance(v, list):
            return [walk(x) for x in v]
        return text(v) if isinstance(v, str) else v

    return walk(d)


@pytest.mark.parametrize("command", sorted(CASES))
def test_path_equals_cli(agree, cli, command):
    path, flags, _ = CASES[command]
    r = getattr(agree, command)(path, **flags)
    assert r.data == cli_json(cli, command, path, flags)
    assert r.command == command
    assert r.tables, "{} has tables".format(command)
    for name in r.tables:
        assert len(r.table(name)) == len(r.rows(name))


@pytest.mark.parametrize("command", sorted(CASES))
def test_dataframe_equals_file(agree, cli, command):
    path, flags, read = CASES[command]
    df = read(path)
    from_df = getattr(agree, command)(df, **flags)
    from_file = getattr(agree, command)(path, **flags)
    assert names_out(from_df.data, path) == names_out(from_file.data, path)
    # The same for a dict of columns and a list of records (a DataFrame's shapes).
    as_dict = {c: df[c].tolist() for c in df.columns}
    assert getattr(agree, command)(as_dict, **flags).data == from_df.data
    assert getattr(agree, command)(df.to_dict("records"), **flags).data == from_df.data


@pytest.mark.parametrize("command", sorted(CASES))
def test_text_buffer_equals_file(agree, command):
    path, flags, _ = CASES[command]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if command in ("spans", "relations", "coref"):
        flags = dict(flags, input="csv")  # standard input has no name to tell the format by
    from_buffer = getattr(agree, command)(io.StringIO(text), **flags)
    from_bytes = getattr(agree, command)(text.encode("utf-8"), **flags)
    from_file = getattr(agree, command)(path, **flags)
    assert names_out(from_buffer.data, path) == names_out(from_file.data, path)
    assert from_bytes.data == from_buffer.data


@pytest.mark.parametrize("command", sorted(BAD_FLAGS))
def test_bad_flags_raise_cli_status(agree, cli, command, monkeypatch):
    path, _, read = CASES.get(command, (example("entities.jsonl"), {}, None))
    flags = BAD_FLAGS[command]
    code, out, err = cli(command, *cli_flags(flags), path)
    assert code == 2, (command, code, err)
    with pytest.raises(agree.AgreeError) as e:
        getattr(agree, command)(path, **flags)
    assert e.value.exit_code == code
    assert err.rstrip("\n").endswith("agree: " + e.value.message)
    # Data in memory: the flags are refused by the check, before the data is
    # encoded (encoding it here would fail the test).
    df = read(path) if read else pd.read_csv(example("entities.csv"))

    def no_encoding(*a, **k):
        raise AssertionError("the data was encoded before the flags were checked")

    monkeypatch.setattr(agree._encode, "encode_frame_columns", no_encoding)
    with pytest.raises(agree.AgreeError) as e2:
        getattr(agree, command)(df, **flags)
    assert e2.value.exit_code == 2
    assert e2.value.message == e.value.message


def test_generic_flags_reach_the_cli(agree):
    # A flag the wrapper knows nothing about is passed on, and the command's
    # own parser answers.
    with pytest.raises(agree.AgreeError) as e:
        agree.coding(example("krippendorff.csv"), no_such_flag_at_all=3)
    assert e.value.exit_code == 2
    assert "no-such-flag-at-all" in e.value.message
    # Booleans, lists and kebab-case names.
    r = agree.coding(example("krippendorff.csv"), leave_one_out=False, top=0, no_se=True,
                     categories=["1", "2", "3", "4", "5"])
    assert "leave_one_coder_out" not in r.data
    assert "--leave-one-out=false" in r.args and "--categories=1,2,3,4,5" in r.args


def test_requirement_not_met(agree, cli):
    # Exit status 3: the output is there, in the error's result; a list
    # given to a repeatable flag is one flag per element.
    path = example("krippendorff.csv")
    req = ["krippendorff_alpha>=0.9", "percent_agreement>=0.5"]
    code, out, err = cli("coding", "--format=json", "--require=" + req[0], "--require=" + req[1], path)
    assert code == 3
    with pytest.raises(agree.AgreeError) as e:
        agree.coding(path, require=req)
    assert e.value.exit_code == 3
    assert e.value.result.data == json.loads(out)
    assert err.rstrip("\n").endswith(e.value.message)
    assert [a for a in e.value.args_run if a.startswith("--require")] == ["--require=" + r for r in req]
    assert agree.coding(path, require=["percent_agreement>=0.5"]).data == agree.coding(path).data


def test_data_error_names_row(agree):
    df = pd.DataFrame({"document": ["d", "d", "d", "d"], "annotator": ["a", "b", "a", "b"],
                       "start": [0, 0, 7, 9], "end": [5, 5, 9, 3], "label": ["X", "X", "Y", "Y"]})
    with pytest.raises(agree.AgreeError) as e:
        agree.spans(df)
    assert e.value.exit_code == 1
    assert e.value.line == 5 and e.value.row == 3, (e.value.message, e.value.line, e.value.row)
    assert "start 9 is after end 3" in e.value.message


def test_data_error_from_file(agree, cli, tmp_path):
    p = tmp_path / "bad.csv"
    p.write_text("item,A,B\n1,a,b\n2,a\n")
    code, _, err = cli("coding", p)
    with pytest.raises(agree.AgreeError) as e:
        agree.coding(p)
    assert (e.value.exit_code, code) == (1, 1)
    assert e.value.file == str(p) and e.value.line == 3
    assert err.rstrip("\n").endswith(e.value.message)


def test_long_dataframe(agree, tmp_path):
    wide = pd.read_csv(example("krippendorff.csv"))
    long = wide.melt(id_vars="unit", var_name="coder", value_name="value").dropna()
    long = long.rename(columns={"unit": "item"})
    p = tmp_path / "long.csv"
    long.astype({"value": int}).to_csv(p, index=False)
    from_file = agree.coding(str(p))
    from_df = agree.coding(long)  # values are floats (the wide frame had NaN): 3.0 is written 3
    assert names_out(from_df.data, str(p)) == names_out(from_file.data, str(p))
    # The long layout gives the wide one's coefficients.
    w = agree.coding(wide).data["coefficients"]["krippendorff_alpha"]["value"]
    assert from_df.data["coefficients"]["krippendorff_alpha"]["value"] == pytest.approx(w, abs=1e-12)


def test_wide_dataframe_index(agree):
    wide = pd.read_csv(example("krippendorff.csv"))
    # The items as the index (named or not) or as the first column agree.
    a = agree.coding(wide).data
    b = agree.coding(wide.set_index("unit")).data
    c = agree.coding(wide.set_index("unit").rename_axis(None)).data
    assert a == b == c
    # Coders only: the items are the rows.
    d = agree.coding({"A": [1, 2, 3, 3], "B": [1, 2, 3, 4]}).data
    assert d["items"] == 4 and d["coder_names"] == ["A", "B"]


def test_convert(agree, cli):
    path = example("entities.jsonl")
    for to in ("csv", "jsonl"):
        code, out, err = cli("convert", "--to=" + to, path)
        assert code == 0, err
        r = agree.convert(path, to=to)
        assert r.text == out
        assert len(r.spans) == len(r.rows("spans")) > 0
        with open(path, encoding="utf-8") as f:
            assert agree.convert(io.StringIO(f.read()), to=to).text == out
    # A DataFrame of the span CSV, as the file.
    df = pd.read_csv(example("entities.csv"))
    assert agree.convert(df).text == agree.convert(example("entities.csv")).text


def test_report(agree, cli):
    path = example("krippendorff.csv")
    code, out, err = cli("report", "--as=coding", path, "--metric=interval")
    assert code == 0, err
    page = agree.report(path, as_="coding", metric="interval")
    assert page == out
    assert page.startswith("<!DOCTYPE html>")
    assert "<iframe" in page._repr_html_()
    # The kind is guessed from a table's columns.
    df = pd.read_csv(example("entities.csv"))
    assert "<svg" in agree.report(df)
    # A result's report: the same analysis with --report -.
    r = agree.coding(path, metric="interval")
    code, out, err = cli("coding", "--metric=interval", "--report=-", path)
    assert r.report() == out
    assert r._repr_html_().startswith("<iframe")


def test_report_refuses_changed_data(agree):
    df = pd.read_csv(example("krippendorff.csv"))
    r = agree.coding(df)
    df.iloc[0, 1] = 5
    with pytest.raises(agree.AgreeError) as e:
        r.report()
    assert "changed" in e.value.message


def test_report_save(agree, tmp_path):
    r = agree.gamma(example("continuum.csv"), samples=5, precision=0)
    p = tmp_path / "g.html"
    r.report(str(p))
    assert p.read_text(encoding="utf-8") == r.report()
    with pytest.raises(FileExistsError):
        r.report(str(p))
    r.report(str(p), force=True)


def test_tables(agree):
    r = agree.coding(example("krippendorff.csv"), bootstrap=20)
    co = r.coefficients
    assert "krippendorff_alpha" in set(co["coefficient"])
    row = co[co["coefficient"] == "krippendorff_alpha"].iloc[0]
    assert row["value"] == r.data["coefficients"]["krippendorff_alpha"]["value"]
    assert row["ci_low"] == r.data["coefficients"]["krippendorff_alpha"]["ci"]["low"]
    assert list(r.pairwise.columns[:2]) == ["coder_a", "coder_b"]
    assert len(r.pairwise) == len(r.data["pairwise"])
    assert len(r.per_label) == len(r.data["per_category"])
    s = agree.spans(example("entities.csv"), by="document")
    assert set(s.coefficients["averaging"]) == {"average_f1", "micro", "macro"}
    assert set(s.per_label["label"]) == set(s.data["per_label"])
    assert len(s.per_document) == len(s.data["per_document"])
    assert len(s.table("pairwise_per_label")) > 0
    c = agree.coref(tdata("coref", "passonneau.csv"), missing="singletons")
    assert "conll" in set(c.coefficients["measure"])
    g = agree.gamma(example("continuum.csv"), samples=5, precision=0)
    assert g.coefficients.iloc[0]["value"] == g.data["gamma"]
    assert len(g.table("alignment")) == g.data["units"]
    u = agree.unitizing(example("continuum.csv"))
    assert u.coefficients.set_index("coefficient").loc["alpha_u", "value"] == u.data["alpha_u"]
    seg = agree.segmentation(tdata("segmentation", "g5_ch1.csv"))
    assert seg.coefficients.set_index("coefficient").loc["pi", "value"] == seg.data["agreement"]["pi"]
    with pytest.raises(KeyError):
        r.table("nosuch")


def test_notes(agree):
    r = agree.coding(example("krippendorff.csv"))
    assert r.notes == r.data["notes"] and r.notes


def test_no_temporary_files(agree, tmp_path, monkeypatch):
    # Data in memory goes through a pipe: the temporary directory stays empty.
    d = tmp_path / "tmp"
    d.mkdir()
    for k in ("TMPDIR", "TEMP", "TMP"):
        monkeypatch.setenv(k, str(d))
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", None)
    r = agree.coding(pd.read_csv(example("krippendorff.csv")))
    assert r.args[-1] == "-"
    assert list(d.iterdir()) == []
