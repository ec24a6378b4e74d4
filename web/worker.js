// agree's page: the Web Worker that runs agree compiled to WebAssembly.
// The page builds it from memfs.js, wasm_exec.js (Go's, unchanged) and
// this file, once, and hands it the compiled module: a new worker (after
// Cancel) needs nothing from the network. Each run is a fresh instance of
// the command line program (its main, its flags, its exit code) over the
// files the page was given, under /in.
"use strict";
(function () {
  var module = null;
  var dec = new TextDecoder();

  function chunks() {
    var parts = [], size = 0;
    return {
      add: function (b) { parts.push(b.slice()); size += b.length; },
      bytes: function () {
        var out = new Uint8Array(size), at = 0;
        parts.forEach(function (p) { out.set(p, at); at += p.length; });
        return out;
      },
    };
  }

  // stderrLines hands complete lines of standard error to line, and the
  // progress lines (written with \r, ended with \x1b[K: agree's status
  // line, relayed by AGREE_PROGRESS=1) to progress.
  function stderrLines(line, progress) {
    var rest = "";
    return function (buf) {
      rest += dec.decode(buf, { stream: true });
      for (;;) {
        var i = rest.search(/[\r\n]/);
        if (i < 0) break;
        var text = rest.slice(0, i), sep = rest.charAt(i);
        rest = rest.slice(i + 1);
        text = text.replace(/\x1b\[K/g, "");
        if (text === "") continue;
        if (sep === "\n" && !/\x1b/.test(text)) line(text); else progress(text);
      }
      if (/\x1b\[K$/.test(rest)) { var t = rest.replace(/\x1b\[K/g, ""); rest = ""; if (t) progress(t); }
    };
  }

  async function run(msg) {
    var fs = globalThis.fs.agree;
    fs.reset();
    var total = 0;
    msg.files.forEach(function (f) { fs.addFile("/in/" + f.path, f.file); total += f.file.size; });
    fs.chdir("/in");
    var out = chunks(), errText = [];
    var read = 0, last = 0;
    function report(line) {
      var now = Date.now();
      if (line === undefined && now - last < 100) return;
      last = now;
      postMessage({ type: "progress", id: msg.id, read: Math.min(read, total), total: total, line: line || "" });
    }
    fs.hooks.stdout = out.add;
    fs.hooks.stderr = stderrLines(function (l) { errText.push(l); }, report);
    fs.hooks.read = function (n) { read += n; report(); };
    var go = new Go();
    go.argv = ["agree"].concat(msg.args);
    go.env = { AGREE_PROGRESS: "1", HOME: "/tmp", TMPDIR: "/tmp", TZ: "UTC" };
    var code = 0;
    go.exit = function (c) { code = c; };
    var started = performance.now();
    var inst = await WebAssembly.instantiate(module, go.importObject);
    await go.run(inst);
    // timers the program left (its status line's) would wake an exited
    // instance
    go._scheduledTimeouts.forEach(function (t) { clearTimeout(t); });
    go._scheduledTimeouts.clear();
    var outputs = {};
    (msg.outputs || []).forEach(function (p) {
      var b = fs.readFile(p);
      if (b) outputs[p] = b;
    });
    fs.reset(); // the files are let go of
    postMessage({ type: "done", id: msg.id, code: code, stdout: out.bytes(), stderr: errText.join("\n"), outputs: outputs, ms: performance.now() - started });
  }

  onmessage = function (ev) {
    var msg = ev.data;
    if (msg.type === "init") {
      module = msg.module;
      postMessage({ type: "ready" });
      return;
    }
    if (msg.type === "run") {
      run(msg).catch(function (e) {
        postMessage({ type: "done", id: msg.id, code: -1, stdout: new Uint8Array(0), stderr: "the WebAssembly run failed: " + e, outputs: {} });
      });
    }
  };
})();
