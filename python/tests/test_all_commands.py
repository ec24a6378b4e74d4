"""Every command of the binary is reachable from Python: a function per
command (the analyses' results equal the command line's JSON on the same
input), version(), and run() / python -m agree for the two without one
(demo, serve)."""

import json
import os
import subprocess

import pandas as pd
import pytest

from conftest import ROOT, example, tdata

ALTTEST = os.path.join(ROOT, "alttest", "testdata", "labels.csv")

# The commands added after the first ten: (paths, keyword arguments).
CASES = {
    "compare": ([tdata("rounds-early.csv"), tdata("rounds-late.csv")], {"bootstrap": 50, "seed": 2}),
    "plan": ([], {"rates": "0.5,0.5", "value": 0.7, "min": 0.85}),
    "plan-pilot": ([example("krippendorff.csv")], {"width": 0.2, "max_items": 100, "bootstrap": 50}),
    "alttest": ([ALTTEST], {"model": "model,h4"}),
    "budget": ([example("krippendorff.csv")], {}),
    "budget-spans": ([example("entities.csv")], {"measure": "spans"}),
    "shuffle": ([], {"annotators": 2, "continua": 1, "measures": "u_alpha", "errors": "position"}),
}


def help_commands(agree):
    """The commands agree help lists."""
    p = subprocess.run([agree.binary(), "help"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.split("\n")
    start = lines.index("commands:") + 1
    out = []
    for l in lines[start:]:
        if not l.startswith("  "):
            break
        out.append(l.split()[0])
    return out


def test_every_command_reachable(agree):
    commands = help_commands(agree)
    assert {"coding", "compare", "ratings", "serve", "version"} <= set(commands), commands
    for c in commands:
        if c == "version":
            continue  # version(), below
        if c in agree._docs.RUN_ONLY:
            assert c not in agree._docs.COMMANDS
            assert agree.run(c, "-h").startswith("usage: agree " + c), c
            continue
        assert c in agree._docs.COMMANDS, "agree {} has no Python function".format(c)
        assert c in agree.__all__ and callable(getattr(agree, c)), c
    # Nothing listed that the binary lacks.
    assert set(agree._docs.COMMANDS) | set(agree._docs.RUN_ONLY) <= set(commands)
    v = agree.version()
    code = subprocess.run([agree.binary(), "version", "--format=json"], capture_output=True, text=True)
    assert v == json.loads(code.stdout) and v["agree_version"]
    assert "Demonstration" in agree.run("demo")


@pytest.mark.parametrize("case", sorted(CASES))
def test_result_equals_cli(agree, cli, case):
    command = case.split("-")[0]
    paths, flags = CASES[case]
    args = ["--{}={}".format(k.replace("_", "-"), v) for k, v in flags.items()]
    code, out, err = cli(command, "--format=json", *args, *paths)
    assert code == 0, err
    r = getattr(agree, command)(*paths, **flags)
    assert r.data == json.loads(out)
    assert r.command == command and r.args[0] == command


def test_signatures(agree):
    import inspect
    assert list(inspect.signature(agree.shuffle).parameters)[0] != "data"
    assert inspect.signature(agree.plan).parameters["data"].default is None
    assert inspect.signature(agree.compare).parameters["data"].default is inspect.Parameter.empty


def test_compare_dataframe(agree):
    # The table in memory is A (standard input), B a path: the result of
    # the two files, the names aside.
    a, b = tdata("rounds-early.csv"), tdata("rounds-late.csv")
    files = agree.compare(a, b, bootstrap=50, seed=2).data
    df = agree.compare(pd.read_csv(a), b, bootstrap=50, seed=2).data
    assert df["a"].pop("file") == "-" and files["a"].pop("file") == a
    assert df == files and df["a"]["items"] > 0
    with pytest.raises(TypeError):
        agree.coding(pd.read_csv(a), b)  # only compare takes a table in memory and a path


def test_new_commands_refuse_bad_flags(agree, cli):
    for command, paths, flags in [("compare", [example("krippendorff.csv")] * 2, {"measure": "beta"}),
                                  ("budget", [example("krippendorff.csv")], {"measure": "nosuch"}),
                                  ("plan", [], {"width": -1}),
                                  ("shuffle", [], {"annotators": 1})]:
        args = ["--{}={}".format(k, v) for k, v in flags.items()]
        code, _, err = cli(command, *args, *paths)
        assert code == 2, (command, err)
        with pytest.raises(agree.AgreeError) as e:
            getattr(agree, command)(*paths, **flags)
        assert e.value.exit_code == 2
        assert err.rstrip("\n").endswith("agree: " + e.value.message)
