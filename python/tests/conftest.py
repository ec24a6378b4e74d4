"""Fixtures: the wheel built from the checkout, installed with pip into a
fresh virtual environment (with the system's site packages, for pandas), and
the package imported from there; a second environment without pandas or
numpy for the standard-library-only checks.

AGREE_WHEEL names a wheel already built (python/python_test.go builds one);
otherwise the session builds this machine's with build_wheels.py.
"""

import glob
import json
import os
import subprocess
import sys

import pytest

TESTS = os.path.dirname(os.path.abspath(__file__))
PYDIR = os.path.dirname(TESTS)
ROOT = os.path.dirname(PYDIR)
EXAMPLES = os.path.join(ROOT, "cmd", "agree", "examples")
TESTDATA = os.path.join(ROOT, "cmd", "agree", "testdata")


def example(*parts):
    return os.path.join(EXAMPLES, *parts)


def tdata(*parts):
    return os.path.join(TESTDATA, *parts)


def _bin(venv, name):
    return os.path.join(venv, "Scripts" if os.name == "nt" else "bin", name + (".exe" if os.name == "nt" else ""))


@pytest.fixture(scope="session")
def wheel(tmp_path_factory):
    w = os.environ.get("AGREE_WHEEL")
    if w:
        return w
    out = tmp_path_factory.mktemp("wheels")
    subprocess.run([sys.executable, os.path.join(PYDIR, "build_wheels.py"), "--targets", "host", "--out", str(out)],
                   check=True)
    (w,) = glob.glob(os.path.join(str(out), "*.whl"))
    return w


@pytest.fixture(scope="session")
def venv(wheel, tmp_path_factory):
    """A fresh virtual environment (python3 -m venv, system site packages for
    pandas) where pip installed the wheel offline."""
    d = str(tmp_path_factory.mktemp("venv"))
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", d], check=True)
    py = _bin(d, "python")
    subprocess.run([py, "-m", "pip", "install", "-q", "--no-index", "--disable-pip-version-check", wheel],
                   check=True)
    return d


@pytest.fixture(scope="session")
def venv_plain(venv, wheel, tmp_path_factory):
    """A fresh virtual environment without pandas or numpy, the wheel
    installed by pip (the first environment's, pointed at this one)."""
    d = str(tmp_path_factory.mktemp("venv_plain"))
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", d], check=True)
    subprocess.run([_bin(venv, "python"), "-m", "pip", "--python", _bin(d, "python"), "install", "-q",
                    "--no-index", "--disable-pip-version-check", wheel], check=True)
    return d


@pytest.fixture(scope="session")
def agree(venv):
    """The agree package as installed in the environment."""
    py = _bin(venv, "python")
    site = subprocess.run([py, "-c", "import sysconfig, json; print(json.dumps([sysconfig.get_path('platlib'), "
                                     "sysconfig.get_path('purelib')]))"],
                          capture_output=True, text=True, check=True).stdout
    for p in reversed(json.loads(site)):
        sys.path.insert(0, p)
    for m in [m for m in sys.modules if m == "agree" or m.startswith("agree.")]:
        del sys.modules[m]
    import agree as mod
    assert os.path.abspath(mod.__file__).startswith(os.path.abspath(venv)), mod.__file__
    return mod


@pytest.fixture(scope="session")
def cli(agree):
    """Run the installed binary itself: (exit status, stdout, stderr)."""
    exe = agree.binary()

    def run(*args, stdin=None):
        p = subprocess.run([exe] + [str(a) for a in args], input=stdin, capture_output=True)
        return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")

    return run


def venv_python(venv):
    return _bin(venv, "python")


def venv_bin(venv, name):
    return _bin(venv, name)
