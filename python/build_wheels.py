#!/usr/bin/env python3
"""Build the wheels of the agree-iaa Python package, one per platform.

    python3 python/build_wheels.py                 # the five platforms, into python/dist/
    python3 python/build_wheels.py --targets host  # this machine's platform only
    python3 python/build_wheels.py --targets linux/arm64,windows/amd64 --out /tmp/wheels

Each wheel holds the package (python/agree), the static agree binary
cross-compiled for its platform (CGO_ENABLED=0 go build, GOOS/GOARCH), and
agree/_help.json: the synopsis and flags of every command as the binary's
own `agree CMD -h` prints them, from which the functions' docstrings and
signatures are made (so they list exactly the flags of the binary beside
them). The wheel is written with the standard library (zipfile, hashlib),
RECORD included, so building needs Go and Python and nothing from PyPI.

Platform tags are read from the binaries themselves: a static ELF binary
(no program interpreter, checked) runs on any Linux of its architecture
whatever its C library, so it is tagged manylinux_2_17 (the oldest glibc
line whose kernels Go supports; also manylinux2014 for older pips) and
musllinux_1_1; a Mach-O binary's tag takes the minimum macOS version its
LC_BUILD_VERSION command states (Go 1.25 and later: 12.0); PE binaries are
win_amd64 or win_arm64.
"""

import argparse
import base64
import hashlib
import io
import json
import os
import re
import stat
import struct
import subprocess
import sys
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def _load_docs():
    # The package's help parser, loaded from its file (the package itself is
    # not imported: it is what is being built).
    import importlib.util
    spec = importlib.util.spec_from_file_location("_agree_docs", os.path.join(HERE, "agree", "_docs.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


_docs = _load_docs()

DIST = "agree-iaa"
TARGETS = ["linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64", "windows/amd64"]
SUMMARY = "Inter-annotator agreement (α, κ, AC1, γ, span and coreference F1, …) from Python: the agree command line"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--targets", default="all",
                    help="all (the five platforms), host, or GOOS/GOARCH pairs separated by commas")
    ap.add_argument("--out", default=os.path.join(HERE, "dist"), help="directory of the wheels (default python/dist)")
    ap.add_argument("--go", default=os.environ.get("GO", "go"), help="the go command")
    ap.add_argument("--binary", help="a static agree binary already built for this machine (CGO_ENABLED=0), "
                                     "packed instead of building one; with --targets host")
    a = ap.parse_args(argv)
    targets = _targets(a.targets, a.go)
    os.makedirs(a.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        host = _host(a.go)
        binaries = {}
        if a.binary:
            if targets != [host]:
                sys.exit("build_wheels: --binary packs this machine's binary: use it with --targets host")
            binaries[host] = a.binary
        for t in sorted(set(targets) | {host}):
            if t not in binaries:
                binaries[t] = _build(a.go, t, tmp)
        helpdata = help_json(binaries[host])
        version = helpdata["_version"]
        for t in targets:
            path = write_wheel(binaries[t], t, version, helpdata, a.out)
            print(path)


def _targets(spec, go):
    if spec == "all":
        return list(TARGETS)
    if spec == "host":
        return [_host(go)]
    out = [s.strip() for s in spec.split(",") if s.strip()]
    for t in out:
        if not re.fullmatch(r"[a-z0-9]+/[a-z0-9]+", t):
            sys.exit("build_wheels: target {!r}: want GOOS/GOARCH".format(t))
    return out


def _host(go):
    out = subprocess.run([go, "env", "GOOS", "GOARCH"], capture_output=True, text=True, check=True).stdout.split()
    return "{}/{}".format(out[0], out[1])


def _build(go, target, tmp):
    goos, goarch = target.split("/")
    exe = os.path.join(tmp, goos + "_" + goarch, "agree" + (".exe" if goos == "windows" else ""))
    env = dict(os.environ, CGO_ENABLED="0", GOOS=goos, GOARCH=goarch)
    print("go build {} …".format(target), file=sys.stderr)
    subprocess.run([go, "build", "-trimpath", "-ldflags=-s -w", "-o", exe, "./cmd/agree"],
                   cwd=ROOT, env=env, check=True)
    return exe


def help_json(exe):
    """The help of every command of a binary that runs here, and its version."""
    out = {}
    for cmd in _docs.COMMANDS:
        p = subprocess.run([exe, cmd, "-h"], capture_output=True, text=True, encoding="utf-8")
        if p.returncode != 0:
            sys.exit("build_wheels: {} {} -h exited with {}: {}".format(exe, cmd, p.returncode, p.stderr))
        out[cmd] = _docs.parse_help(p.stderr + p.stdout)
    v = subprocess.run([exe, "version"], capture_output=True, text=True, check=True).stdout
    out["_version"] = pep440(v.splitlines()[0].split()[-1])  # "agree 0.2.0-dev", then the build's details
    return out


def pep440(v):
    """The Python version of the command's version: 0.1.0-dev → 0.1.0.dev0,
    1.2.0-rc.1 → 1.2.0rc1, 1.2.0 → 1.2.0."""
    m = re.fullmatch(r"v?(\d+(?:\.\d+)*)(?:-(dev|rc|alpha|beta|a|b)\.?(\d+)?)?", v)
    if not m:
        sys.exit("build_wheels: version {!r} has no Python equivalent".format(v))
    base, pre, n = m.group(1), m.group(2), m.group(3) or "0"
    if not pre:
        return base
    if pre == "dev":
        return "{}.dev{}".format(base, n)
    return "{}{}{}".format(base, {"alpha": "a", "beta": "b"}.get(pre, pre), n)


# --- platform tags, read from the binaries ------------------------------------


def platform_tag(exe):
    """The wheel platform tag (a compressed tag set) of a binary."""
    with open(exe, "rb") as f:
        head = f.read(1 << 16)
    if head[:4] == b"\x7fELF":
        return _elf_tag(exe, head)
    if head[:4] in (b"\xcf\xfa\xed\xfe", b"\xfe\xed\xfa\xcf"):
        return _macho_tag(head)
    if head[:2] == b"MZ":
        return _pe_tag(head)
    raise ValueError("{}: not an ELF, Mach-O or PE binary".format(exe))


def _elf_tag(exe, head):
    if head[4] != 2 or head[5] != 1:
        raise ValueError("{}: want a 64-bit little-endian ELF binary".format(exe))
    machine = struct.unpack_from("<H", head, 18)[0]
    arch = {62: "x86_64", 183: "aarch64"}.get(machine)
    if arch is None:
        raise ValueError("{}: ELF machine {} has no wheel tag here".format(exe, machine))
    phoff = struct.unpack_from("<Q", head, 32)[0]
    phentsize, phnum = struct.unpack_from("<HH", head, 54)
    with open(exe, "rb") as f:
        f.seek(phoff)
        ph = f.read(phentsize * phnum)
    for i in range(phnum):
        if struct.unpack_from("<I", ph, i * phentsize)[0] == 3:  # PT_INTERP
            raise ValueError("{}: dynamically linked (build with CGO_ENABLED=0): no manylinux tag".format(exe))
    return "manylinux_2_17_{0}.manylinux2014_{0}.musllinux_1_1_{0}".format(arch)


def _macho_tag(head):
    magic = struct.unpack_from("<I", head, 0)[0]
    if magic != 0xFEEDFACF:
        raise ValueError("want a little-endian 64-bit Mach-O binary")
    cputype, _, _, ncmds = struct.unpack_from("<iiII", head, 4)
    arch = {0x01000007: "x86_64", 0x0100000C: "arm64"}.get(cputype)
    if arch is None:
        raise ValueError("Mach-O CPU type {:#x} has no wheel tag here".format(cputype))
    off = 32
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", head, off)
        if cmd == 0x32:  # LC_BUILD_VERSION: platform, minos (xxxx.yy.zz), sdk, ntools
            minos = struct.unpack_from("<I", head, off + 12)[0]
            major, minor = minos >> 16, (minos >> 8) & 0xFF
            if major >= 11:
                minor = 0  # from macOS 11 on, tags name major versions
            return "macosx_{}_{}_{}".format(major, minor, arch)
        if cmd == 0x24:  # LC_VERSION_MIN_MACOSX: version, sdk
            v = struct.unpack_from("<I", head, off + 8)[0]
            return "macosx_{}_{}_{}".format(v >> 16, (v >> 8) & 0xFF, arch)
        off += size
    raise ValueError("Mach-O binary without a minimum macOS version")


def _pe_tag(head):
    pe = struct.unpack_from("<I", head, 0x3C)[0]
    if head[pe:pe + 4] != b"PE\0\0":
        raise ValueError("not a PE binary")
    machine = struct.unpack_from("<H", head, pe + 4)[0]
    tag = {0x8664: "win_amd64", 0xAA64: "win_arm64"}.get(machine)
    if tag is None:
        raise ValueError("PE machine {:#x} has no wheel tag here".format(machine))
    return tag


# --- the wheel ----------------------------------------------------------------


def write_wheel(exe, target, version, helpdata, outdir):
    """Write the wheel of one platform; returns its path."""
    tag = platform_tag(exe)
    dist = DIST.replace("-", "_")
    info = "{}-{}.dist-info".format(dist, version)
    files = []  # (archive name, bytes, executable)
    pkg = os.path.join(HERE, "agree")
    for name in sorted(os.listdir(pkg)):
        if name.endswith(".py"):
            with open(os.path.join(pkg, name), "rb") as f:
                files.append(("agree/" + name, f.read(), False))
    files.append(("agree/_help.json", json.dumps(helpdata, ensure_ascii=False, indent=1, sort_keys=True)
                  .encode("utf-8"), False))
    with open(exe, "rb") as f:
        files.append(("agree/_bin/agree" + (".exe" if target.startswith("windows/") else ""), f.read(), True))
    files.append((info + "/METADATA", metadata(version).encode("utf-8"), False))
    wheel = "Wheel-Version: 1.0\nGenerator: agree python/build_wheels.py\nRoot-Is-Purelib: false\n"
    for t in tag.split("."):
        wheel += "Tag: py3-none-{}\n".format(t)
    files.append((info + "/WHEEL", wheel.encode("ascii"), False))
    files.append((info + "/entry_points.txt", b"[console_scripts]\nagree = agree.__main__:main\n", False))
    files.append((info + "/top_level.txt", b"agree\n", False))
    record = io.StringIO()
    for name, data, _ in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
        record.write("{},sha256={},{}\n".format(name, digest, len(data)))
    record.write(info + "/RECORD,,\n")
    files.append((info + "/RECORD", record.getvalue().encode("utf-8"), False))
    path = os.path.join(outdir, "{}-{}-py3-none-{}.whl".format(dist, version, tag))
    tmp = path + ".part"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data, executable in files:
            zi = zipfile.ZipInfo(name, ZIP_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = ((0o755 if executable else 0o644) | stat.S_IFREG) << 16
            z.writestr(zi, data)
    os.replace(tmp, path)
    return path


def metadata(version):
    readme = _python_readme()
    return ("Metadata-Version: 2.1\n"
            "Name: {}\n"
            "Version: {}\n"
            "Summary: {}\n"
            "Keywords: inter-annotator agreement,krippendorff alpha,kappa,gamma,annotation,nlp\n"
            "Classifier: Programming Language :: Python :: 3\n"
            "Classifier: Programming Language :: Go\n"
            "Classifier: Topic :: Scientific/Engineering :: Information Analysis\n"
            "Classifier: Topic :: Text Processing :: Linguistic\n"
            "Requires-Python: >=3.8\n"
            "Provides-Extra: pandas\n"
            "Requires-Dist: pandas; extra == \"pandas\"\n"
            "Description-Content-Type: text/markdown\n"
            "\n{}").format(DIST, version, SUMMARY, readme)


def _python_readme():
    """The Python page of the docs (docs/python.md): the package's long
    description, its links to the other pages (relative, which a package
    index cannot follow) kept as their text."""
    try:
        with open(os.path.join(ROOT, "docs", "python.md"), encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return "See the agree README.\n"
    return re.sub(r"\[([^\]]+)\]\((?![a-z]+://)[^)]*\)", r"\1", text)


if __name__ == "__main__":
    main()
