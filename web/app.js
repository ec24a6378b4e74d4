// agree's page: choose or drop files, a folder or a ZIP; run agree (the
// command line program compiled to WebAssembly) on them in a Web Worker;
// show its report and offer its JSON, CSV and HTML for download. At load
// it fetches its own files (the worker's scripts, agree.wasm) once; after
// that it makes no network request: Cancel ends the worker and starts a
// new one from what was loaded.
"use strict";
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var form = $("form"), runBtn = $("run"), cancelBtn = $("cancel"), status = $("status"), bar = $("progress");
  var result = $("result"), list = $("filelist"), clearBtn = $("clear"), drop = $("drop");
  var chosen = []; // {path, file}: path relative to the inputs' folder
  var workerURL = null, module = null, worker = null, pending = null, nextId = 1, ready = null;
  var urls = []; // object URLs of the downloads, revoked on the next run

  // ---- files ----
  function topName(p) { return p.split("/")[0]; }
  function addFiles(entries) {
    var have = new Map(chosen.map(function (c) { return [c.path, c]; }));
    var replaced = [];
    entries.forEach(function (e) {
      var old = have.get(e.path);
      if (old && (old.file.size !== e.file.size || old.file.lastModified !== e.file.lastModified)) replaced.push(e.path);
      have.set(e.path, e);
    });
    // a browser gives chosen files without their folders: two files of
    // one name cannot both be inputs (choose their folders, or a ZIP)
    if (replaced.length) status.textContent = "replaced by the file of the same name chosen last: " + replaced.join(", ") + " (to give both, choose their folders or a ZIP)";
    chosen = Array.from(have.values()).sort(function (a, b) { return a.path < b.path ? -1 : a.path > b.path ? 1 : 0; });
    showFiles();
  }
  function showFiles() {
    list.replaceChildren();
    var tops = new Map();
    chosen.forEach(function (c) {
      var t = topName(c.path);
      var e = tops.get(t) || { n: 0, size: 0, dir: c.path.indexOf("/") >= 0 };
      e.n++; e.size += c.file.size;
      tops.set(t, e);
    });
    tops.forEach(function (e, t) {
      var li = document.createElement("li");
      li.textContent = e.dir ? t + "/ (" + e.n + " files, " + size(e.size) + ")" : t + " (" + size(e.size) + ")";
      list.appendChild(li);
    });
    clearBtn.hidden = chosen.length === 0;
    updateRun();
  }
  function size(n) {
    if (n < 1024) return n + " B";
    if (n < 1 << 20) return (n / 1024).toFixed(1) + " KB";
    return (n / 1048576).toFixed(1) + " MB";
  }
  $("files").addEventListener("change", function (ev) {
    addFiles(Array.from(ev.target.files).map(function (f) { return { path: f.name, file: f }; }));
    ev.target.value = "";
  });
  $("folder").addEventListener("change", function (ev) {
    addFiles(Array.from(ev.target.files).map(function (f) { return { path: f.webkitRelativePath || f.name, file: f }; }));
    ev.target.value = "";
  });
  clearBtn.addEventListener("click", function () { chosen = []; showFiles(); $("files").focus(); });
  ["dragenter", "dragover"].forEach(function (t) {
    drop.addEventListener(t, function (ev) { ev.preventDefault(); drop.classList.add("over"); });
  });
  drop.addEventListener("dragleave", function () { drop.classList.remove("over"); });
  drop.addEventListener("drop", function (ev) {
    ev.preventDefault();
    drop.classList.remove("over");
    var items = Array.from(ev.dataTransfer.items || []);
    var entries = items.map(function (it) { return it.webkitGetAsEntry ? it.webkitGetAsEntry() : null; });
    if (entries.some(function (e) { return !e; })) {
      addFiles(Array.from(ev.dataTransfer.files).map(function (f) { return { path: f.name, file: f }; }));
      return;
    }
    Promise.all(entries.map(function (e) { return walk(e, ""); })).then(function (lists) {
      addFiles([].concat.apply([], lists));
    });
  });
  // walk lists the files of a dropped entry (a folder: recursively).
  function walk(entry, prefix) {
    var p = prefix + entry.name;
    if (entry.isFile) {
      return new Promise(function (ok, fail) { entry.file(function (f) { ok([{ path: p, file: f }]); }, fail); });
    }
    var reader = entry.createReader(), all = [];
    return new Promise(function (ok, fail) {
      (function more() {
        reader.readEntries(function (batch) {
          if (batch.length === 0) {
            Promise.all(all.map(function (e) { return walk(e, p + "/"); })).then(function (ls) { ok([].concat.apply([], ls)); }, fail);
            return;
          }
          all = all.concat(batch);
          more();
        }, fail);
      })();
    });
  }

  // ---- options ----
  // words splits the options as a shell would, quotes included ('…', "…").
  function words(s) {
    var out = [], cur = null, q = null;
    for (var i = 0; i < s.length; i++) {
      var ch = s.charAt(i);
      if (q) {
        if (ch === q) q = null; else cur += ch;
      } else if (ch === "'" || ch === '"') {
        q = ch; cur = cur || "";
      } else if (/\s/.test(ch)) {
        if (cur !== null) { out.push(cur); cur = null; }
      } else {
        cur = (cur || "") + ch;
      }
    }
    if (q) throw new Error("options: a quote (" + q + ") is not closed");
    if (cur !== null) out.push(cur);
    return out;
  }
  // Flags that write files or choose the output: the page does both.
  var forbidden = ["report", "force", "out", "o", "format", "consensus", "disagreements", "junit", "as"];
  function checkOptions(opts) {
    opts.forEach(function (o) {
      if (o.charAt(0) !== "-") return;
      var name = o.replace(/^-+/, "").split("=")[0];
      if (forbidden.indexOf(name) >= 0) throw new Error("option " + o + " is not available in the page (it writes files or chooses the output: the page offers the JSON, CSV and report for download)");
    });
  }

  // ---- the engine ----
  function startWorker() {
    worker = new Worker(workerURL);
    ready = new Promise(function (ok) {
      worker.onmessage = function (ev) {
        var m = ev.data;
        if (m.type === "ready") { ok(); return; }
        if (!pending || m.id !== pending.id) return;
        if (m.type === "progress") { if (!pending.background) progress(m); return; }
        if (m.type === "done") { var p = pending; pending = null; p.ok(m); }
      };
    });
    worker.onerror = function (ev) {
      ev.preventDefault();
      if (pending) { var p = pending; pending = null; p.fail(new Error(ev.message || "the worker failed")); }
    };
    worker.postMessage({ type: "init", module: module });
    return ready;
  }
  function exec(args, outputs, files, background) {
    if (!background && warming) cancel(); // the user's run goes first
    return ready.then(function () {
      return new Promise(function (ok, fail) {
        var id = nextId++;
        pending = { id: id, ok: ok, fail: fail, background: !!background };
        worker.postMessage({ type: "run", id: id, args: args, files: files || chosen, outputs: outputs || [] });
      });
    });
  }

  // warm runs agree on small generated data after the page is ready, in
  // the background: the browser compiles WebAssembly with a fast baseline
  // compiler first and optimises the functions that run a lot, so the
  // first real run would otherwise be several times slower than the next.
  // A run the user starts ends the warm-up at once.
  var warming = false;
  function warm() {
    var rows = ["item,a,b,c"], units = ["annotator,category,start,end"];
    var x = 12345;
    function rnd(n) { x = (x * 1103515245 + 12345) % 2147483648; return x % n; }
    for (var i = 0; i < 4000; i++) {
      var v = 1 + rnd(4);
      rows.push(i + "," + v + "," + (rnd(5) ? v : 1 + rnd(4)) + "," + (rnd(5) ? v : 1 + rnd(4)));
    }
    ["a", "b", "c"].forEach(function (a) {
      var t = 0;
      for (var k = 0; k < 30; k++) {
        t += 2 + rnd(10);
        var len = 2 + rnd(12);
        units.push(a + ",c" + rnd(3) + "," + (t + rnd(3)) + "," + (t + len));
        t += len;
      }
    });
    var jobs = [
      [["coding", "--format", "json", "--report", "/out/w.html", "w.csv"], [{ path: "w.csv", file: new Blob([rows.join("\n") + "\n"]) }]],
      [["gamma", "--format", "json", "--report", "/out/w.html", "u.csv"], [{ path: "u.csv", file: new Blob([units.join("\n") + "\n"]) }]],
    ];
    (function next(i) {
      if (i >= jobs.length) {
        warming = false;
        document.body.dataset.warm = "done";
        return;
      }
      warming = true;
      exec(jobs[i][0], [], jobs[i][1], true).then(function () {
        if (warming) next(i + 1);
      }, function () {
        warming = false;
        document.body.dataset.warm = "ended";
      });
    })(0);
  }
  function cancel() {
    if (!pending) return;
    warming = false;
    var p = pending;
    pending = null;
    worker.terminate(); // the run stops at once, whatever it is doing
    startWorker();
    var e = new Error("cancelled");
    e.cancelled = true;
    p.fail(e);
  }
  cancelBtn.addEventListener("click", cancel);
  document.addEventListener("keydown", function (ev) { if (ev.key === "Escape" && pending && !pending.background) cancel(); });

  var started = 0, last = null, ticker = 0;
  function progress(m) {
    last = m;
    var secs = ((performance.now() - started) / 1000).toFixed(1);
    if (m.total > 0 && m.read < m.total) {
      bar.max = m.total;
      bar.value = m.read;
      status.textContent = "reading the files: " + Math.round(100 * m.read / m.total) + " % (" + secs + " s)";
    } else {
      bar.removeAttribute("value");
      status.textContent = (m.line ? m.line.replace(/^agree [a-z]+: /, "") : "computing") + " (" + secs + " s)";
    }
  }

  function load() {
    var scripts = ["memfs.js", "wasm_exec.js", "worker.js"].map(function (f) {
      return fetch(f).then(function (r) { if (!r.ok) throw new Error(f + ": " + r.status); return r.text(); });
    });
    var wasm = fetch("agree.wasm").then(function (r) {
      if (!r.ok) throw new Error("agree.wasm: " + r.status + " " + r.statusText);
      return WebAssembly.compileStreaming ? WebAssembly.compileStreaming(r) : r.arrayBuffer().then(WebAssembly.compile);
    });
    return Promise.all(scripts.concat([wasm])).then(function (parts) {
      module = parts[3];
      workerURL = URL.createObjectURL(new Blob([parts.slice(0, 3).join("\n;\n")], { type: "text/javascript" }));
      return startWorker();
    }).then(function () {
      return exec(["version"]);
    }).then(function (m) {
      $("version").textContent = new TextDecoder().decode(m.stdout).trim().replace(/^agree\s*/, "");
    });
  }

  // ---- a run ----
  // analyses that can run on their options alone (plan a priori, shuffle's simulations)
  var noFiles = ["plan", "shuffle"];
  function updateRun() {
    runBtn.disabled = !module || !!pending && !pending.background || chosen.length === 0 && noFiles.indexOf($("command").value) < 0;
  }
  $("command").addEventListener("change", updateRun);
  function inputArgs() {
    var seen = new Set(), out = [];
    chosen.forEach(function (c) {
      var t = topName(c.path);
      if (seen.has(t)) return;
      seen.add(t);
      out.push(t.charAt(0) === "-" ? "./" + t : t);
    });
    return out;
  }
  var text = function (b) { return new TextDecoder().decode(b); };
  function clean(msg) { return msg.replace(/\/in\//g, "").replace(/^agree: /gm, ""); }

  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    if (runBtn.disabled) return;
    var opts;
    try {
      opts = words($("options").value);
      checkOptions(opts);
    } catch (e) {
      showError(e.message);
      return;
    }
    var command = $("command").value;
    var files = inputArgs();
    var reportPath = "/out/report.html";
    var args = command === "auto"
      ? ["report", "-o", reportPath, "--format", "json"].concat(opts, files)
      : [command, "--format", "json", "--report", reportPath].concat(opts, files);
    document.body.dataset.state = "running";
    runBtn.disabled = true;
    cancelBtn.disabled = false;
    bar.hidden = false;
    bar.removeAttribute("value");
    started = performance.now();
    status.textContent = "running…";
    last = { read: 0, total: 1, line: "" };
    ticker = setInterval(function () { progress(last); }, 500); // the time goes on while agree computes
    urls.forEach(URL.revokeObjectURL);
    urls = [];
    exec(args, [reportPath]).then(function (m) {
      var secs = (m.ms / 1000).toFixed(2);
      if (m.code !== 0) {
        showError(clean(m.stderr) || "agree stopped with exit status " + m.code);
        status.textContent = "failed (" + secs + " s)";
        return;
      }
      var kind = command;
      if (command === "auto") {
        var k = /agree report: (\w+) report written/.exec(m.stderr);
        kind = k ? k[1] : "?";
      }
      showResult(kind, command === "auto", text(m.stdout), m.outputs[reportPath] ? text(m.outputs[reportPath]) : "", opts, files, clean(m.stderr.replace(/^agree report: .*$/m, "")).trim());
      status.textContent = "done in " + secs + " s";
    }, function (e) {
      if (e.cancelled) {
        status.textContent = "cancelled";
        result.replaceChildren();
      } else {
        showError(e.message);
        status.textContent = "failed";
      }
    }).finally(function () {
      clearInterval(ticker);
      bar.hidden = true;
      cancelBtn.disabled = true;
      document.body.dataset.state = "done";
      document.body.dataset.runs = String(Number(document.body.dataset.runs || 0) + 1);
      updateRun();
    });
    updateRun();
  });

  function showError(msg) {
    result.replaceChildren();
    var box = document.createElement("div");
    box.className = "error";
    box.id = "error";
    box.setAttribute("role", "alert");
    box.textContent = msg;
    result.appendChild(box);
  }
  function download(label, id, name, type, data) {
    var a = document.createElement("a");
    var blob = new Blob([data], { type: type });
    var url = URL.createObjectURL(blob);
    urls.push(url);
    a.href = url;
    a.blob = blob; // what the link holds (the page's CSP lets nothing fetch it back)
    a.download = name;
    a.id = id;
    a.textContent = label;
    return a;
  }
  function showResult(kind, auto, json, report, opts, files, notes) {
    result.replaceChildren();
    if (auto) {
      var p = document.createElement("p");
      p.className = "chosen";
      p.id = "chosen";
      p.innerHTML = "Analysis chosen from the files: <b></b> (as <code>agree report</code> chooses it; pick another above)";
      p.querySelector("b").textContent = kind;
      result.appendChild(p);
    }
    if (notes) {
      var n = document.createElement("pre");
      n.id = "notes";
      n.setAttribute("aria-label", "notes from the readers");
      n.textContent = notes;
      result.appendChild(n);
    }
    var base = "agree-" + kind;
    var dl = document.createElement("div");
    dl.className = "downloads";
    dl.appendChild(download("Download the report (HTML)", "download-report", base + ".html", "text/html", report));
    dl.appendChild(download("Download the JSON", "download-json", base + ".json", "application/json", json));
    var csv = document.createElement("button");
    csv.type = "button";
    csv.className = "secondary";
    csv.id = "download-csv";
    csv.textContent = "Download the CSV";
    csv.addEventListener("click", function () {
      if (pending && !pending.background) return;
      csv.disabled = true;
      status.textContent = "writing the CSV…";
      exec([kind, "--format", "csv"].concat(opts, files)).then(function (m) {
        if (m.code !== 0) { status.textContent = "the CSV failed: " + clean(m.stderr); return; }
        var a = download("Download the CSV", "download-csv", base + ".csv", "text/csv", m.stdout);
        csv.replaceWith(a);
        a.click();
        a.focus();
        status.textContent = "CSV ready";
      }, function (e) { status.textContent = "the CSV failed: " + e.message; csv.disabled = false; });
    });
    dl.appendChild(csv);
    result.appendChild(dl);
    if (report) {
      var frame = document.createElement("iframe");
      frame.id = "report";
      frame.title = "agreement report (" + kind + ")";
      frame.setAttribute("sandbox", "allow-same-origin");
      frame.srcdoc = report;
      result.appendChild(frame);
    }
    var d = document.createElement("details");
    var s = document.createElement("summary");
    s.textContent = "JSON";
    var pre = document.createElement("pre");
    pre.id = "json";
    pre.textContent = json;
    d.appendChild(s);
    d.appendChild(pre);
    result.appendChild(d);
  }

  load().then(function () {
    status.textContent = "Ready: choose files.";
    document.body.dataset.readyMs = String(Math.round(performance.now()));
    document.body.dataset.state = "ready";
    updateRun();
    warm();
  }, function (e) {
    status.textContent = "agree could not be loaded: " + e.message;
    document.body.dataset.state = "failed";
  });
})();
