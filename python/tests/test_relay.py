"""Standard error relayed as it comes: the progress line rewritten in place
(AGREE_PROGRESS=1 asks the binary for it), notes and warnings as lines, an
error held for the exception; keyword arguments turned into flags."""

import datetime
import os
import stat
import sys
import textwrap
import time

import pytest

from conftest import example
from test_commands import CASES


def relay(agree, chunks, command="coding"):
    r = agree._cli._Relay(command, True)
    for c in chunks:
        r.feed(c.encode("utf-8") if isinstance(c, str) else c)
    r.close()
    return r


def test_relay_segments(agree, capsys):
    chunks = ["agree coding: note: 2 rows skipped\n", "\ragree coding: reading 1.0 MB of 4.0 MB (25%), 3s",
              "\ragree coding: boot", "strap 10/100 (10%), 4s", "\r\x1b[K", "agree coding: warning: odd\n",
              "usage: …\n", "agree: stdin:3:1: bad\nhint: try --sep ';'\n"]
    r = relay(agree, chunks)
    assert r.lines == ["agree coding: note: 2 rows skipped", "agree coding: warning: odd"]
    assert r.held == ["usage: …", "agree: stdin:3:1: bad", "hint: try --sep ';'"]
    err = capsys.readouterr().err
    assert "\ragree coding: reading 1.0 MB of 4.0 MB (25%), 3s" in err
    assert "\ragree coding: bootstrap 10/100 (10%), 4s" in err, "a segment split across reads is shown whole"
    assert err.index("bootstrap") < err.index("warning: odd")
    assert agree._cli.error_message(r.text()) == "stdin:3:1: bad\nhint: try --sep ';'"
    # Multi-byte characters split across reads.
    r = relay(agree, [b"agree coding: note: na\xc3", b"\xafve\n"])
    assert r.lines == ["agree coding: note: naïve"]


def test_relay_through_a_process(agree, tmp_path, monkeypatch, capsys):
    # A stand-in binary that draws a progress line as agree does and checks
    # that it was asked to (AGREE_PROGRESS=1), then prints a note and JSON.
    fake = tmp_path / "fake-agree"
    fake.write_text(textwrap.dedent('''\
        #!{}
        import os, sys, time
        assert os.environ.get("AGREE_PROGRESS") == "1"
        data = sys.stdin.read()
        for i in range(3):
            sys.stderr.write("\\ragree coding: working… %ds" % i); sys.stderr.flush(); time.sleep(0.05)
        sys.stderr.write("\\r\\x1b[K"); sys.stderr.write("agree coding: note: read %d bytes\\n" % len(data))
        print('{{"notes": ["n1"], "args": %d}}' % len(sys.argv))
        ''').format(sys.executable))
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("AGREE_BINARY", str(fake))
    monkeypatch.setattr(agree._cli, "check", lambda args, header_lines=None: None)
    r = agree.coding({"A": [1, 2], "B": [1, 2]})
    assert r.notes == ["n1", "read 21 bytes"]
    err = capsys.readouterr().err
    assert "\ragree coding: working… 2s" in err and "note: read 21 bytes" in err


def test_flag_args(agree):
    f = agree._cli.flag_args
    assert f({"metric": "interval", "bootstrap": 1000, "seed": 1}) == ["--metric=interval", "--bootstrap=1000",
                                                                      "--seed=1"]
    assert f({"leave_one_out": False, "closed": True}) == ["--leave-one-out=false", "--closed=true"]
    assert f({"categories": ["a", "b"], "columns": (2, 3)}) == ["--categories=a,b", "--columns=2,3"]
    assert f({"tiers": {"A": "Gesture_A", "B": "Gesture_B"}}) == ["--tiers=A=Gesture_A,B=Gesture_B"]
    assert f({"time_limit": datetime.timedelta(minutes=1, seconds=30)}) == ["--time-limit=90.0s"]
    assert f({"level": 0.9, "as_": "spans", "sep": "-", "layer": None}) == ["--level=0.9", "--as=spans", "--sep=-"]
    assert f({"taxonomy": __import__("pathlib").Path("t.csv")}) == ["--taxonomy=t.csv"]
    assert f({"require": ["a>=1", "b<2"], "categories": ["x", "y"]}, {"require"}) == [
        "--require=a>=1", "--require=b<2", "--categories=x,y"]


def test_time_limit_accepted(agree):
    path, flags, _ = CASES["gamma"]
    r = agree.gamma(path, time_limit=datetime.timedelta(seconds=30), **flags)
    assert r.data["time_limit_seconds"] == 30


@pytest.mark.skipif(not os.environ.get("AGREE_LONG"), reason="long test: set AGREE_LONG=1")
def test_real_progress(agree, capsys):
    # A run past two seconds shows the binary's own progress line.
    r = agree.coding(example("krippendorff.csv"), bootstrap=1000000, seed=1)
    assert r.data["bootstrap"]["resamples"] == 1000000
    err = capsys.readouterr().err
    assert "\ragree coding: " in err


def test_interrupt_stops_binary(agree, tmp_path, monkeypatch):
    # Interrupting a call (Ctrl-C, a notebook's interrupt) while data is
    # being sent stops the binary, even one that reads nothing.
    fake = tmp_path / "fake-agree"
    pidfile = tmp_path / "pid"
    fake.write_text("#!{}\nimport os, time\nopen({!r}, 'w').write(str(os.getpid()))\ntime.sleep(60)\n".format(
        sys.executable, str(pidfile)))
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("AGREE_BINARY", str(fake))

    def blocks():
        for _ in range(3):
            yield b"x" * (1 << 20)
        while not (pidfile.exists() and pidfile.read_text()):
            time.sleep(0.01)
        raise KeyboardInterrupt

    t = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        agree._cli.run(["coding", "-"], blocks())
    assert time.monotonic() - t < 30
    with pytest.raises(ProcessLookupError):
        os.kill(int(pidfile.read_text()), 0)
