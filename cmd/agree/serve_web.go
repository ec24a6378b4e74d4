//go:build !js

package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"agree/web"
)

// agree serve --web DIR serves the static page of package web, built into
// DIR by go run ./web/build: the same page as any static host serves,
// which runs agree compiled to WebAssembly in the tab (issue 21). Without
// --web, agree serve answers its own page, whose analyses run in this
// process's children (the one binary go install gives needs no build
// step).

// webPageFiles are the files of a built page that --web serves (and
// requires); "/" is index.html.
var webPageFiles = web.Built

// webCSP is the built page's Content-Security-Policy (web.CSP).
const webCSP = web.CSP

// checkWebDir reports a --web folder that is not a built page.
func checkWebDir(dir string) error {
	for _, name := range webPageFiles {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil || !st.Mode().IsRegular() {
			return usagef("serve: --web %s: no %s: build the page with go run ./web/build -o %s (in agree's source)", dir, name, dir)
		}
	}
	return nil
}

// webFile answers a GET of the built page's files when --web is set, and
// reports whether it did.
func (h *serveHandler) webFile(w http.ResponseWriter, r *http.Request) bool {
	if h.opt.web == "" || r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	name := strings.TrimPrefix(r.URL.Path, "/")
	if name == "" {
		name = "index.html"
	}
	if !slices.Contains(webPageFiles, name) {
		return false
	}
	f, err := os.Open(filepath.Join(h.opt.web, name))
	if err != nil {
		http.Error(w, fmt.Sprintf("%s: %v", name, err), http.StatusInternalServerError)
		return true
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		http.Error(w, fmt.Sprintf("%s: %v", name, err), http.StatusInternalServerError)
		return true
	}
	w.Header().Set("Content-Security-Policy", webCSP)
	// revalidated at each load (Last-Modified), but kept: the browser then
	// keeps its compiled code of agree.wasm from one visit to the next
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, name, st.ModTime(), f)
	return true
}
