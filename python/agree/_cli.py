"""Running the agree binary: where it is, its command lines, its errors, and
a run with standard input streamed, standard output collected and standard
error relayed (the progress line and the readers' notes) as it comes."""

import codecs
import datetime
import hashlib
import os
import queue
import re
import subprocess
import sys
import threading

_HERE = os.path.dirname(os.path.abspath(__file__))


class AgreeError(Exception):
    """The agree command line refused its arguments or its data.

    Attributes:
        exit_code: the command's exit status: 1 the data cannot be read or
            measured, 2 the command was called wrongly (a flag, its value or
            an output file), 3 a requirement (require=) was not met — then
            ``result`` holds the result; see docs/cli.md (exit status).
        message: the command's message (``file:line:col: what was expected``
            for data errors), without the ``agree:`` prefix.
        file, line, column: the place the message names, when it names one
            (``line`` and ``column`` are ints, or None).
        row: for a DataFrame or a dict of columns sent through standard
            input, the position (``iloc``) of the row that ``line`` is, or None.
        stderr: everything the command wrote on standard error.
        args: the command line that was run (without the binary's path).
    """

    def __init__(self, message, exit_code, stderr="", args=None, header_lines=None, stdout=b""):
        super().__init__(message)
        self.stdout = stdout
        self.result = None  # exit status 3: the Result whose requirement was not met
        self.message = message
        self.exit_code = exit_code
        self.stderr = stderr
        self.args_run = list(args or [])
        self.file, self.line, self.column = parse_location(message)
        self.row = None
        if header_lines is not None and self.file in ("stdin", "-", "<stdin>") and self.line is not None:
            self.row = self.line - header_lines - 1 if self.line > header_lines else None

    def __str__(self):
        return "agree {}: {} (exit status {})".format(
            self.args_run[0] if self.args_run else "", self.message, self.exit_code)


_LOCATION = re.compile(r"^(.+?):(\d+)(?::(\d+))?: ")


def parse_location(message):
    """(file, line, column) named at the start of a message, else Nones."""
    m = _LOCATION.match(message)
    if not m:
        return None, None, None
    return m.group(1), int(m.group(2)), int(m.group(3)) if m.group(3) else None


def error_message(stderr):
    """The error of a failed run: from its last line that starts with
    "agree: " to the end (hints follow it on their own lines)."""
    lines = stderr.rstrip("\n").split("\n")
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].startswith("agree: "):
            return "\n".join([lines[i][len("agree: "):]] + lines[i + 1:])
    return stderr.strip() or "no message"


def binary():
    """The path of the agree binary: $AGREE_BINARY, else the one shipped in
    this package (agree/_bin)."""
    env = os.environ.get("AGREE_BINARY")
    if env:
        return env
    name = "agree.exe" if os.name == "nt" else "agree"
    path = os.path.join(_HERE, "_bin", name)
    if not os.path.exists(path):
        raise FileNotFoundError(
            "no agree binary at {}: install a wheel of agree-iaa built by python/build_wheels.py, "
            "or set AGREE_BINARY to the path of an agree binary".format(path))
    return path


# --- keyword arguments → flags ------------------------------------------------


def flag_name(key):
    """A keyword argument's flag: metric → --metric, leave_one_out →
    --leave-one-out, as_ → --as (a trailing underscore avoids Python's
    keywords)."""
    return "--" + key.rstrip("_").replace("_", "-")


def flag_value(v):
    """The text of a flag's value: lists and tuples comma-separated, dicts as
    key=value pairs, durations in seconds, paths as paths."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, datetime.timedelta):
        return repr(v.total_seconds()) + "s"
    if isinstance(v, (list, tuple)):
        return ",".join(flag_value(x) for x in v)
    if isinstance(v, dict):
        return ",".join("{}={}".format(k, flag_value(x)) for k, x in v.items())
    if isinstance(v, os.PathLike):
        return os.fspath(v)
    return str(v)


def flag_args(flags, repeatable=()):
    """Command-line arguments of keyword arguments (None: flag not given).
    Every flag is passed as --name=value, so that a value that starts with
    a dash is never taken for a flag; a list or tuple given to a repeatable
    flag (named in repeatable, e.g. "require") is one flag per element."""
    out = []
    for k, v in flags.items():
        if v is None:
            continue
        name = flag_name(k)
        if isinstance(v, (list, tuple)) and name[2:] in repeatable:
            out += ["{}={}".format(name, flag_value(x)) for x in v]
        else:
            out.append("{}={}".format(name, flag_value(v)))
    return out


# --- running ------------------------------------------------------------------


def check(args, header_lines=None):
    """Run a command line under AGREE_CHECK=1: its flags and output files are
    checked, nothing is read or computed. Raises AgreeError when refused."""
    env = dict(os.environ, AGREE_CHECK="1")
    p = subprocess.run([binary()] + args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=env)
    if p.returncode != 0:
        err = p.stderr.decode("utf-8", "replace")
        raise AgreeError(error_message(err), p.returncode, err, args, header_lines)


class Run:
    """The outcome of one run: standard output (bytes), standard error
    (text), the digest of what was sent on standard input, and the notes and
    warnings the command printed."""

    def __init__(self, stdout, stderr, digest, lines):
        self.stdout = stdout
        self.stderr = stderr
        self.digest = digest
        self.lines = lines


def run(args, blocks=None, relay=True, header_lines=None):
    """Run agree with args. blocks, if given, is an iterable of bytes written
    to standard input while the command runs (otherwise standard input is
    empty). Standard error is relayed to sys.stderr as it comes when relay
    is true: the progress line (AGREE_PROGRESS=1) rewritten in place, and the
    notes and warnings as lines. A failed run raises AgreeError."""
    env = dict(os.environ)
    if relay:
        env["AGREE_PROGRESS"] = "1"
    env.pop("AGREE_CHECK", None)
    proc = subprocess.Popen([binary()] + args, env=env,
                            stdin=subprocess.PIPE if blocks is not None else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = []
    relayer = _Relay(args[0] if args else "", relay)
    readers = [threading.Thread(target=_read_all, args=(proc.stdout, out.append), daemon=True),
               threading.Thread(target=_read_all, args=(proc.stderr, relayer.feed), daemon=True)]
    for t in readers:
        t.start()
    digest = None
    try:
        if blocks is not None:
            digest = _write_all(proc, blocks)
        proc.wait()
        for t in readers:
            t.join()
    except BaseException:  # KeyboardInterrupt in a notebook: stop the binary too
        proc.kill()
        proc.wait()
        raise
    relayer.close()
    stderr = relayer.text()
    if proc.returncode != 0:
        raise AgreeError(error_message(stderr), proc.returncode, stderr, args, header_lines, b"".join(out))
    relayer.flush_held()
    return Run(b"".join(out), stderr, digest, relayer.lines)


def _read_all(f, sink):
    fd = f.fileno()
    while True:
        b = os.read(fd, 1 << 16)
        if not b:
            break
        sink(b)
    f.close()


def _write_all(proc, blocks):
    """Write blocks to the process's standard input from a thread, while the
    caller's thread makes the next ones; returns their digest. A process that
    stops reading (it refused its input) ends the writing quietly: its exit
    status says why."""
    _grow_pipe(proc.stdin)
    h = hashlib.blake2b(digest_size=16)
    q = queue.Queue(maxsize=4)
    failed = []

    def writer():
        stdin = proc.stdin
        while True:
            b = q.get()
            if b is None:
                break
            if failed:
                continue
            try:
                stdin.write(b)
            except (BrokenPipeError, OSError) as e:
                failed.append(e)
        try:
            stdin.close()
        except (BrokenPipeError, OSError):
            pass

    t = threading.Thread(target=writer, daemon=True)
    t.start()
    try:
        for b in blocks:
            if failed:
                break
            h.update(b)
            q.put(b)
    except BaseException:
        # Interrupted (or the data could not be encoded): stop the binary
        # first, so that a write blocked on the pipe returns and the writer
        # ends.
        proc.kill()
        raise
    finally:
        q.put(None)
        t.join()
    return h.hexdigest()


def _grow_pipe(f):
    # A larger pipe (Linux: up to 1 MiB without privileges) means fewer
    # switches between the writer and the binary.
    if sys.platform.startswith("linux"):
        try:
            import fcntl
            fcntl.fcntl(f.fileno(), 1031, 1 << 20)  # F_SETPIPE_SZ
        except (OSError, ImportError):
            pass


class _Relay:
    """Standard error of a run, decoded as it comes: "\\r"-led segments are
    the progress line (shown in place on sys.stderr; "\\r\\x1b[K" erases it),
    lines are messages. The notes and warnings of the command ("agree
    CMD: ...") are shown at once; other lines (an error and its hints) are
    held until the run's status is known."""

    def __init__(self, command, relay):
        self.prefix = "agree {}: ".format(command)
        self.relay = relay
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.buf = ""
        self.progress = None  # the progress text shown, if any
        self.parts = []
        self.lines = []
        self.held = []
        self.lock = threading.Lock()

    def feed(self, b):
        s = self.decoder.decode(b)
        with self.lock:
            self.parts.append(s)
            self.buf += s
            self._parse(final=False)

    def close(self):
        with self.lock:
            self.buf += self.decoder.decode(b"", final=True)
            self._parse(final=True)
            if self.progress is not None:
                self._erase()

    def text(self):
        # The text without the progress segments: what a terminal would keep.
        return "".join(l + "\n" for l in self.lines + self.held)

    def flush_held(self):
        for l in self.held:
            self._show(l)
        self.lines += self.held
        self.held = []

    def _parse(self, final):
        while self.buf:
            if self.buf[0] == "\r":
                i = _next_break(self.buf, 1)
                if i < 0:  # the segment may go on in the next read
                    seg = self.buf[1:]
                    erase = seg.startswith(_ERASE)
                    if final:
                        self.buf = ""
                        if erase:
                            self._erase()
                            if seg[len(_ERASE):].strip():
                                self._line(seg[len(_ERASE):])
                        else:
                            self._progress_text(seg)
                    elif not erase:
                        self._progress_text(seg)
                    return
                seg, brk, self.buf = self.buf[1:i], self.buf[i], self.buf[i + 1:] if self.buf[i] == "\n" else self.buf[i:]
                if seg.startswith(_ERASE):
                    self._erase()
                    seg = seg[len(_ERASE):]
                if brk == "\n":
                    if seg.strip():
                        self._line(seg)
                else:
                    self._progress_text(seg)
                continue
            i = _next_break(self.buf, 0)
            if i < 0:
                if final:
                    self._line(self.buf)
                    self.buf = ""
                return
            seg, self.buf = self.buf[:i], self.buf[i:]
            if self.buf[0] == "\n":
                self.buf = self.buf[1:]
            self._line(seg)

    def _progress_text(self, seg):
        seg = seg.rstrip()
        if not seg or seg == self.progress:
            return
        if self.relay:
            pad = " " * max(0, len(self.progress or "") - len(seg))
            _write(sys.stderr, "\r" + seg + pad)
        self.progress = seg

    def _erase(self):
        if self.progress is not None and self.relay:
            _write(sys.stderr, "\r" + " " * len(self.progress) + "\r")
        self.progress = None

    def _line(self, line):
        if self.progress is not None:
            self._erase()
        if line.startswith(self.prefix):
            self.lines.append(line)
            self._show(line)
        else:
            self.held.append(line)

    def _show(self, line):
        if self.relay:
            _write(sys.stderr, line + "\n")


_ERASE = "\x1b[K"


def _next_break(s, start):
    i, j = s.find("\r", start), s.find("\n", start)
    if i < 0:
        return j
    if j < 0:
        return i
    return min(i, j)


def _write(stream, text):
    try:
        stream.write(text)
        stream.flush()
    except Exception:
        pass
