// Package web is agree's static web page (issue 21): agree compiled to
// WebAssembly runs in a Web Worker of the page, on files chosen or dropped
// in it, and nothing is uploaded. The page is plain HTML, CSS and
// JavaScript (no build step of its own), embedded here; go run ./web/build
// writes it into a folder with agree.wasm (GOOS=js GOARCH=wasm build of
// cmd/agree, its main unchanged) and Go's wasm_exec.js, which any static
// host, or agree serve --web, serves as it is.
//
// The engine is the command line program itself: each run is a fresh
// instance of cmd/agree's main with the page's arguments, over a file
// system in memory (memfs.js) whose input files are the browser's File
// objects, read in slices as Go reads them. Its os calls go through
// formats.OS as on the command line, so the page's numbers are the
// command line's.
package web

import (
	"embed"
	"io/fs"
)

//go:embed index.html app.js worker.js memfs.js style.css
var files embed.FS

// Files are the page's own files (index.html, app.js, worker.js,
// memfs.js, style.css); a built folder adds agree.wasm and wasm_exec.js.
func Files() fs.FS { return files }

// Names are the names of Files, in the order the build writes them.
var Names = []string{"index.html", "style.css", "app.js", "worker.js", "memfs.js"}

// Built are the files of a built page: Names, Go's loader and the
// module.
var Built = append(append([]string(nil), Names...), "wasm_exec.js", "agree.wasm")

// CSP is the page's Content-Security-Policy, as a server sends it (agree
// serve --web): the one of index.html's meta element, which a static
// host that sends none still enforces, plus frame-ancestors (a header
// only directive). Its own scripts, the WebAssembly they compile and the
// worker they make from them; no request but to the page's origin.
const CSP = metaCSP + "; frame-ancestors 'none'"

const metaCSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src blob:; connect-src 'self'; style-src 'self' 'unsafe-inline'; img-src data:; frame-src 'self'; form-action 'none'; base-uri 'none'"
