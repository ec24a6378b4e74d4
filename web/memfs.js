// agree's page: the file system the WebAssembly build of agree sees in
// its Web Worker. Go's os package on js/wasm calls a Node.js-like `fs`
// object (syscall/fs_js.go); this one keeps a tree in memory whose input
// files are the browser's File objects, read in slices when Go reads them
// (FileReaderSync: streamed, never copied whole), and whose written files
// (the report) are byte arrays. Standard output and error are handed to
// the callbacks the worker sets. Nothing here touches the network.
"use strict";
(function () {
  var S_IFDIR = 0o040000, S_IFREG = 0o100000, S_IFIFO = 0o010000;
  var C = { O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024, O_DIRECTORY: 65536 };
  var WINDOW = 1 << 20; // bytes of an input file read from the browser at once
  var nextIno = 1;
  var root, fds, nextFd, cwd;
  var hooks = { stdout: null, stderr: null, read: null };
  var reader = typeof FileReaderSync !== "undefined" ? new FileReaderSync() : null;

  function err(code, what) {
    var e = new Error(code + ": " + what);
    e.code = code;
    return e;
  }
  function dirNode() { return { dir: true, kids: new Map(), ino: nextIno++, mtime: Date.now() }; }
  function blobNode(blob) {
    return { dir: false, blob: blob, size: blob.size, ino: nextIno++, mtime: blob.lastModified || Date.now(), win: null, winAt: 0 };
  }
  function dataNode() { return { dir: false, data: new Uint8Array(0), size: 0, ino: nextIno++, mtime: Date.now() }; }

  function reset() {
    root = dirNode();
    fds = new Map();
    nextFd = 3;
    cwd = "/";
    ["in", "out", "tmp"].forEach(function (d) { root.kids.set(d, dirNode()); });
  }
  reset();

  function split(p) {
    if (p.charAt(0) !== "/") p = (cwd === "/" ? "" : cwd) + "/" + p;
    var out = [];
    p.split("/").forEach(function (s) {
      if (s === "" || s === ".") return;
      if (s === "..") out.pop(); else out.push(s);
    });
    return out;
  }
  function lookup(p) {
    var n = root;
    var parts = split(p);
    for (var i = 0; i < parts.length; i++) {
      if (!n.dir) throw err("ENOTDIR", p);
      n = n.kids.get(parts[i]);
      if (!n) throw err("ENOENT", p);
    }
    return n;
  }
  function parent(p) {
    var parts = split(p);
    if (parts.length === 0) throw err("EINVAL", p);
    var name = parts.pop();
    var d = lookup("/" + parts.join("/"));
    if (!d.dir) throw err("ENOTDIR", p);
    return { dir: d, name: name };
  }
  function stat(n) {
    var size = n.dir ? 4096 : n.size;
    return {
      dev: 1, ino: n.ino, mode: n.dir ? S_IFDIR | 0o755 : n.mode || S_IFREG | 0o644, nlink: 1, uid: 0, gid: 0, rdev: 0,
      size: size, blksize: 4096, blocks: Math.ceil(size / 512), atimeMs: n.mtime, mtimeMs: n.mtime, ctimeMs: n.mtime,
      isDirectory: function () { return !!n.dir; },
    };
  }
  var stdio = { dir: false, size: 0, ino: nextIno++, mtime: Date.now(), mode: S_IFIFO | 0o600 };
  function fdOf(fd) {
    var f = fds.get(fd);
    if (!f) throw err("EBADF", "fd " + fd);
    return f;
  }
  // wrap runs op and hands its result or error to Go's callback.
  function wrap(op) {
    return function () {
      var args = Array.prototype.slice.call(arguments);
      var cb = args.pop();
      var res;
      try {
        res = op.apply(null, args);
      } catch (e) {
        if (!e.code) e.code = "EIO";
        cb(e);
        return;
      }
      cb(null, res);
    };
  }
  function grow(n, size) {
    if (size > n.data.length) {
      var next = new Uint8Array(Math.max(size, n.data.length * 2, 4096));
      next.set(n.data.subarray(0, n.size));
      n.data = next;
    }
  }
  function readBlob(n, buf, off, len, pos) {
    if (pos >= n.size) return 0;
    len = Math.min(len, n.size - pos);
    if (!n.win || pos < n.winAt || pos + len > n.winAt + n.win.length) {
      var end = Math.min(n.size, pos + Math.max(len, WINDOW));
      n.win = new Uint8Array(reader.readAsArrayBuffer(n.blob.slice(pos, end)));
      n.winAt = pos;
      if (hooks.read) hooks.read(end - pos);
    }
    buf.set(n.win.subarray(pos - n.winAt, pos - n.winAt + len), off);
    return len;
  }

  var fs = {
    constants: C,
    writeSync: function (fd, buf) {
      if (fd === 1 && hooks.stdout) hooks.stdout(buf);
      else if (fd === 2 && hooks.stderr) hooks.stderr(buf);
      return buf.length;
    },
    write: wrap(function (fd, buf, off, len, pos) {
      if (fd === 1 || fd === 2) return fs.writeSync(fd, buf.subarray(off, off + len));
      var f = fdOf(fd);
      if (f.node.dir) throw err("EISDIR", f.path);
      var n = f.node;
      var at = pos === null || pos === undefined ? (f.append ? n.size : f.pos) : pos;
      grow(n, at + len);
      n.data.set(buf.subarray(off, off + len), at);
      n.size = Math.max(n.size, at + len);
      n.mtime = Date.now();
      if (pos === null || pos === undefined) f.pos = at + len;
      return len;
    }),
    read: wrap(function (fd, buf, off, len, pos) {
      if (fd === 0) return 0;
      var f = fdOf(fd);
      var n = f.node;
      if (n.dir) throw err("EISDIR", f.path);
      var at = pos === null || pos === undefined ? f.pos : pos;
      var got;
      if (n.blob) {
        got = readBlob(n, buf, off, len, at);
      } else {
        got = Math.max(0, Math.min(len, n.size - at));
        buf.set(n.data.subarray(at, at + got), off);
      }
      if (pos === null || pos === undefined) f.pos = at + got;
      return got;
    }),
    open: wrap(function (p, flags, mode) {
      var n;
      try {
        n = lookup(p);
        if (flags & C.O_CREAT && flags & C.O_EXCL) throw err("EEXIST", p);
      } catch (e) {
        if (e.code !== "ENOENT" || !(flags & C.O_CREAT)) throw e;
        var where = parent(p);
        n = dataNode();
        where.dir.kids.set(where.name, n);
      }
      if (n.dir && flags & (C.O_WRONLY | C.O_RDWR)) throw err("EISDIR", p);
      if (!n.dir && flags & C.O_DIRECTORY) throw err("ENOTDIR", p);
      if (flags & C.O_TRUNC && !n.dir) {
        if (n.blob) throw err("EACCES", p); // the browser's files are read-only
        n.size = 0;
      }
      if (n.blob && flags & (C.O_WRONLY | C.O_RDWR)) throw err("EACCES", p);
      var fd = nextFd++;
      fds.set(fd, { node: n, pos: 0, path: p, append: !!(flags & C.O_APPEND) });
      return fd;
    }),
    close: wrap(function (fd) {
      var f = fds.get(fd);
      if (f && f.node.blob) f.node.win = null;
      fds.delete(fd);
    }),
    fstat: wrap(function (fd) { return fd <= 2 ? stat(stdio) : stat(fdOf(fd).node); }),
    stat: wrap(function (p) { return stat(lookup(p)); }),
    lstat: wrap(function (p) { return stat(lookup(p)); }),
    readdir: wrap(function (p) {
      var n = lookup(p);
      if (!n.dir) throw err("ENOTDIR", p);
      return Array.from(n.kids.keys()).sort();
    }),
    mkdir: wrap(function (p) {
      var where = parent(p);
      if (where.dir.kids.has(where.name)) throw err("EEXIST", p);
      where.dir.kids.set(where.name, dirNode());
    }),
    rmdir: wrap(function (p) {
      var where = parent(p);
      var n = where.dir.kids.get(where.name);
      if (!n) throw err("ENOENT", p);
      if (!n.dir) throw err("ENOTDIR", p);
      if (n.kids.size) throw err("ENOTEMPTY", p);
      where.dir.kids.delete(where.name);
    }),
    unlink: wrap(function (p) {
      var where = parent(p);
      var n = where.dir.kids.get(where.name);
      if (!n) throw err("ENOENT", p);
      if (n.dir) throw err("EISDIR", p);
      where.dir.kids.delete(where.name);
    }),
    rename: wrap(function (from, to) {
      var a = parent(from), b = parent(to);
      var n = a.dir.kids.get(a.name);
      if (!n) throw err("ENOENT", from);
      a.dir.kids.delete(a.name);
      b.dir.kids.set(b.name, n);
    }),
    ftruncate: wrap(function (fd, len) {
      var n = fdOf(fd).node;
      if (!n.data) throw err("EACCES", "fd " + fd);
      grow(n, len);
      if (len < n.size) n.data.fill(0, len, n.size);
      n.size = len;
    }),
    truncate: wrap(function () { throw err("ENOSYS", "truncate"); }),
    fsync: wrap(function () {}),
    chmod: wrap(function () {}),
    fchmod: wrap(function () {}),
    chown: wrap(function () {}),
    fchown: wrap(function () {}),
    lchown: wrap(function () {}),
    utimes: wrap(function () {}),
    link: wrap(function () { throw err("ENOSYS", "link"); }),
    symlink: wrap(function () { throw err("ENOSYS", "symlink"); }),
    readlink: wrap(function (p) { throw err("EINVAL", p); }),
  };

  // The worker's side: a fresh tree for each run, the browser's files
  // under /in, what the run wrote read back.
  fs.agree = {
    reset: reset,
    hooks: hooks,
    addFile: function (p, blob) {
      var parts = split(p);
      var d = root;
      for (var i = 0; i < parts.length - 1; i++) {
        var k = d.kids.get(parts[i]);
        if (!k) { k = dirNode(); d.kids.set(parts[i], k); }
        if (!k.dir) throw err("ENOTDIR", p);
        d = k;
      }
      d.kids.set(parts[parts.length - 1], blobNode(blob));
    },
    readFile: function (p) {
      var n;
      try { n = lookup(p); } catch (e) { return null; }
      if (n.dir) return null;
      return n.blob ? null : n.data.slice(0, n.size);
    },
    chdir: function (p) { lookup(p); cwd = "/" + split(p).join("/"); },
  };
  globalThis.fs = fs;
  globalThis.process = {
    getuid: function () { return -1; }, getgid: function () { return -1; },
    geteuid: function () { return -1; }, getegid: function () { return -1; },
    getgroups: function () { throw err("ENOSYS", "getgroups"); },
    pid: -1, ppid: -1,
    umask: function () { return 0o22; },
    cwd: function () { return cwd; },
    chdir: function (p) { fs.agree.chdir(p); },
  };
  globalThis.path = { resolve: function () { return "/" + split(Array.prototype.join.call(arguments, "/")).join("/"); } };
})();
