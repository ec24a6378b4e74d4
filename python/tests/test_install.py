"""The wheel: its name, tags and RECORD; pip installs it offline; the command
line runs as python -m agree and as the agree script; the build script's
platform tags and versions."""

import base64
import hashlib
import json
import os
import struct
import subprocess
import sys
import zipfile

import pytest

from conftest import PYDIR, example, venv_bin, venv_python

sys.path.insert(0, PYDIR)
import build_wheels  # noqa: E402


def test_wheel_contents(wheel):
    name = os.path.basename(wheel)
    dist, version, py, abi, plat = name[: -len(".whl")].split("-")
    assert (dist, py, abi) == ("agree_iaa", "py3", "none")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        info = "{}-{}.dist-info/".format(dist, version)
        assert names[-1] == info + "RECORD"
        record = z.read(info + "RECORD").decode()
        listed = {}
        for line in record.splitlines():
            path, digest, size = line.rsplit(",", 2)
            listed[path] = (digest, size)
        assert set(listed) == set(names)
        for n in names:
            if n.endswith("RECORD"):
                assert listed[n] == ("", "")
                continue
            data = z.read(n)
            want = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert listed[n] == (want, str(len(data))), n
        wheel_tags = [l.split(": ", 1)[1] for l in z.read(info + "WHEEL").decode().splitlines() if l.startswith("Tag: ")]
        assert wheel_tags == ["py3-none-" + t for t in plat.split(".")]
        exe = [n for n in names if n.startswith("agree/_bin/")]
        assert len(exe) == 1
        assert (z.getinfo(exe[0]).external_attr >> 16) & 0o111, "the binary is executable"
        help_ = json.loads(z.read("agree/_help.json"))
        assert help_["_version"] == version
        meta = z.read(info + "METADATA").decode()
        assert "Name: agree-iaa\n" in meta and "Version: {}\n".format(version) in meta


def test_command_line(venv, cli, agree, tmp_path):
    # (run away from python/, where the source package would shadow the installed one)
    code, out, _ = cli("version")
    assert code == 0
    path = example("krippendorff.csv")
    want = cli("coding", "--format=json", path)[1]
    for argv in ([venv_python(venv), "-m", "agree"], [venv_bin(venv, "agree")]):
        p = subprocess.run(argv + ["version"], capture_output=True, text=True, cwd=tmp_path)
        assert p.returncode == 0 and p.stdout == out
        p = subprocess.run(argv + ["coding", "--format=json", path], capture_output=True, text=True, cwd=tmp_path)
        assert p.stdout == want
        p = subprocess.run(argv + ["coding", "--metric=nosuch", path], capture_output=True, text=True, cwd=tmp_path)
        assert p.returncode == 2 and p.stderr.startswith("agree: ")
    assert agree.__version__ == build_wheels.pep440(out.splitlines()[0].split()[-1])
    assert agree.run("version") == out


def test_binary_is_static(agree):
    tag = build_wheels.platform_tag(agree.binary())
    assert "manylinux_2_17" in tag and "musllinux_1_1" in tag


def test_pep440():
    cases = [("0.1.0-dev", "0.1.0.dev0"), ("1.2.0", "1.2.0"), ("v1.2.0-rc.2", "1.2.0rc2"), ("2.0.0-dev.3", "2.0.0.dev3"),
             ("1.0.0-beta1", "1.0.0b1")]
    for v, want in cases:
        assert build_wheels.pep440(v) == want, v


def _macho(cputype, cmds):
    body = b"".join(cmds)
    return struct.pack("<IiiIIIII", 0xFEEDFACF, cputype, 0, 2, len(cmds), len(body), 0, 0) + body


def test_platform_tags(tmp_path):
    build = struct.pack("<IIIIII", 0x32, 24, 1, (12 << 16), (14 << 16), 0)
    cases = [
        (_macho(0x0100000C, [build]), "macosx_12_0_arm64", "LC_BUILD_VERSION 12.0 (Go ≥ 1.25)"),
        (_macho(0x01000007, [struct.pack("<IIIIII", 0x32, 24, 1, (11 << 16) | (3 << 8), 0, 0)]),
         "macosx_11_0_x86_64", "from macOS 11 on the minor version is 0 in tags"),
        (_macho(0x01000007, [struct.pack("<IIII", 0x24, 16, (10 << 16) | (15 << 8), 0)]),
         "macosx_10_15_x86_64", "LC_VERSION_MIN_MACOSX of older toolchains"),
    ]
    pe = bytearray(256)
    pe[:2] = b"MZ"
    struct.pack_into("<I", pe, 0x3C, 0x80)
    pe[0x80:0x84] = b"PE\0\0"
    struct.pack_into("<H", pe, 0x84, 0x8664)
    cases.append((bytes(pe), "win_amd64", "PE x86-64"))
    for i, (data, want, why) in enumerate(cases):
        p = tmp_path / str(i)
        p.write_bytes(data)
        assert build_wheels.platform_tag(str(p)) == want, why
    p = tmp_path / "text"
    p.write_bytes(b"#!/bin/sh\n")
    with pytest.raises(ValueError):
        build_wheels.platform_tag(str(p))
