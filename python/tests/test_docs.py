"""The functions' docstrings and signatures list every flag of the binary
they ship with, as its own -h prints them."""

import inspect
import subprocess

import pytest

COMMANDS = ["coding", "ratings", "compare", "spans", "relations", "coref", "gamma", "unitizing", "segmentation",
            "plan", "alttest", "budget", "shuffle", "convert", "report"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_flag_documented(agree, command):
    p = subprocess.run([agree.binary(), command, "-h"], capture_output=True, text=True)
    assert p.returncode == 0
    flags = agree._docs.parse_help(p.stdout + p.stderr)["flags"]  # (help on standard output since issue 25)
    assert len(flags) > 1
    fn = getattr(agree, command)
    params = inspect.signature(fn).parameters
    for f in flags:
        if f["name"] == "format":
            continue
        py = agree._docs.py_name(f["name"])
        assert "  {} (".format(py) in fn.__doc__, (command, py)
        assert f["help"][:40] in " ".join(fn.__doc__.split()), (command, py)
        assert params[py].kind is inspect.Parameter.KEYWORD_ONLY, (command, py)
    assert "DataFrame" in fn.__doc__ and "AgreeError" in fn.__doc__


def test_parse_help(agree):
    text = ("usage: agree x [flags] FILE\n\nWhat it does.\n\nflags:\n  -bootstrap N\n    \tresamples (0 ≤ N ≤ 9) "
            "(default 0)\n  -closed\n    \ta switch\n  -metric string\n    \tdistance (default \"nominal\")\n"
            "  -time-limit duration\n    \ttime (default 10m0s)\n")
    h = agree._docs.parse_help(text)
    assert h["synopsis"] == "agree x [flags] FILE\n\nWhat it does."
    assert h["flags"] == [
        {"name": "bootstrap", "type": "int", "default": "0", "help": "resamples (0 ≤ N ≤ 9)", "repeatable": False},
        {"name": "closed", "type": "bool", "default": None, "help": "a switch", "repeatable": False},
        {"name": "metric", "type": "str", "default": "nominal", "help": "distance", "repeatable": False},
        {"name": "time-limit", "type": "str or datetime.timedelta", "default": "10m0s", "help": "time", "repeatable": False},
    ]
