"""The package with the standard library alone: in an environment without
pandas or numpy, paths, dicts of lists, lists of records and text buffers
give the CLI's results, errors are AgreeError, and tables come as rows."""

import json
import subprocess

from conftest import example, tdata, venv_python

SCRIPT = r'''
import io, json, sys
import agree
out = {}
out["modules"] = sorted(m for m in ("pandas", "numpy") if m in sys.modules)
try:
    import numpy
    out["numpy"] = True
except ImportError:
    out["numpy"] = False
path, spans_path = sys.argv[1], sys.argv[2]
out["path"] = agree.coding(path).data
out["dict"] = agree.coding({"unit": [1, 2, 3, 4], "A": [1, 2, 3, 3], "B": [1, 2, None, 4]}).data
out["records"] = agree.spans([
    {"document": "d", "annotator": "a", "start": 0, "end": 5, "label": "X"},
    {"document": "d", "annotator": "b", "start": 0, "end": 5, "label": "X"},
    {"document": "d", "annotator": "b", "start": 7, "end": 9, "label": "Y"}]).data
out["buffer"] = agree.spans(io.StringIO(open(spans_path, encoding="utf-8").read()), input="csv").data
r = agree.coding(path)
out["rows"] = r.rows("coefficients")
try:
    r.coefficients
except ImportError as e:
    out["frame"] = str(e)
try:
    agree.coding(path, metric="nosuch")
except agree.AgreeError as e:
    out["error"] = [e.exit_code, e.message]
print(json.dumps(out))
'''


def test_standard_library_only(venv_plain, cli, tmp_path):
    path, spans_path = example("krippendorff.csv"), example("entities.csv")
    p = subprocess.run([venv_python(venv_plain), "-c", SCRIPT, path, spans_path], capture_output=True, text=True,
                       cwd=tmp_path)  # away from python/, whose source package would shadow the installed one
    assert p.returncode == 0, p.stderr
    got = json.loads(p.stdout)
    assert got["modules"] == [] and got["numpy"] is False
    assert got["path"] == json.loads(cli("coding", "--format=json", path)[1])
    f = tmp_path / "d.csv"
    f.write_text("unit,A,B\n1,1,1\n2,2,2\n3,3,\n4,3,4\n")
    want = json.loads(cli("coding", "--format=json", f)[1])
    want.pop("file"), got["dict"].pop("file")
    assert got["dict"] == want
    f = tmp_path / "s.csv"
    f.write_text("document,annotator,start,end,label\nd,a,0,5,X\nd,b,0,5,X\nd,b,7,9,Y\n")
    assert got["records"] == json.loads(cli("spans", "--format=json", f)[1])
    assert got["buffer"] == json.loads(cli("spans", "--format=json", spans_path)[1])
    assert {r["coefficient"] for r in got["rows"]} == set(got["path"]["coefficients"])
    assert "pandas" in got["frame"]
    code, _, err = cli("coding", "--metric=nosuch", path)
    assert got["error"][0] == code == 2 and err.rstrip("\n").endswith(got["error"][1])
