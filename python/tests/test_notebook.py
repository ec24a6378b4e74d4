"""In a real Jupyter kernel (ipykernel, run by nbclient as a notebook is run):
a result shows as its HTML report, and what the binary prints on standard
error (warnings, the progress line) reaches the notebook's output."""

import json
import os

import pytest

from conftest import example, venv_python

try:
    import ipykernel  # noqa: F401
    import nbclient
    import nbformat
except ImportError as e:
    if os.environ.get("CI"):  # .ci/run installs them
        raise
    pytest.skip("Debian's python3-nbclient and python3-ipykernel run a notebook: {}".format(e), allow_module_level=True)


def run_notebook(venv, tmp_path, cells):
    # A kernel of the virtual environment where the wheel is installed.
    spec = tmp_path / "jupyter" / "kernels" / "agree-venv"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [venv_python(venv), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "agree venv", "language": "python"}))
    old = os.environ.get("JUPYTER_PATH")
    os.environ["JUPYTER_PATH"] = str(tmp_path / "jupyter")
    try:
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
        client = nbclient.NotebookClient(nb, kernel_name="agree-venv", timeout=300,
                                         resources={"metadata": {"path": str(tmp_path)}})
        client.execute()
    finally:
        if old is None:
            os.environ.pop("JUPYTER_PATH")
        else:
            os.environ["JUPYTER_PATH"] = old
    return nb.cells


def test_notebook(venv, tmp_path):
    units = tmp_path / "units.csv"
    with open(example("continuum.csv"), encoding="utf-8") as f:
        units.write_text(f.read() + "ann1,claim,50,50\n")
    cells = run_notebook(venv, tmp_path, [
        "import agree\nr = agree.coding({!r})\nr".format(example("krippendorff.csv")),
        "g = agree.gamma({!r}, drop_zero_length=True, samples=5, precision=0)\ng.data['gamma']".format(str(units)),
        "try:\n    agree.coding({!r}, metric='nosuch')\nexcept agree.AgreeError as e:\n    print(e.exit_code, e.message)"
        .format(example("krippendorff.csv")),
    ])
    shown = [o for o in cells[0].outputs if o.get("output_type") == "execute_result"]
    assert shown and "<iframe" in shown[0]["data"]["text/html"]
    assert "Krippendorff" in shown[0]["data"]["text/html"]
    stderr = "".join(o.get("text", "") for o in cells[1].outputs if o.get("name") == "stderr")
    assert "agree gamma: warning: stdin" not in stderr and "zero-length unit at 50 skipped" in stderr
    printed = "".join(o.get("text", "") for o in cells[2].outputs if o.get("name") == "stdout")
    assert printed.startswith("2 --metric")


@pytest.mark.skipif(not os.environ.get("AGREE_LONG"), reason="long test: set AGREE_LONG=1")
def test_notebook_progress(venv, tmp_path):
    # A run past two seconds: the binary's progress line reaches the notebook.
    cells = run_notebook(venv, tmp_path, [
        "import agree\nr = agree.coding({!r}, bootstrap=1000000, seed=1)\nr.data['bootstrap']['resamples']"
        .format(example("krippendorff.csv"))])
    stderr = "".join(o.get("text", "") for o in cells[0].outputs if o.get("name") == "stderr")
    assert "agree coding: bootstrap resamples" in stderr
