package main

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeWeb: with --web DIR, agree serve answers the built page's files
// (index.html at /) under the page's Content-Security-Policy, still only to
// its own Host; other paths are its own (/run) or not found. A folder that
// is not a built page is a usage error naming the build command. The page
// itself is tested in a browser by package web (AGREE_LONG).
func TestServeWeb(t *testing.T) {
	dir := t.TempDir()
	for _, name := range webPageFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("content of "+name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	base, _ := startServe(t, serveOptions{web: dir})
	for _, c := range []struct {
		path, host  string
		status      int
		body, ctype string
		why         string
	}{
		{"/", "", 200, "content of index.html", "text/html", "the page at /"},
		{"/agree.wasm", "", 200, "content of agree.wasm", "application/wasm", "the module, typed for compileStreaming"},
		{"/wasm_exec.js", "", 200, "content of wasm_exec.js", "javascript", "Go's loader"},
		{"/index.html", "", 200, "content of index.html", "text/html", "by its name too (no redirect)"},
		{"/../serve.go", "", 404, "", "", "nothing else of the folder or above it"},
		{"/other.txt", "", 404, "", "", "only the page's files"},
		{"/", "evil.example", 403, "forbidden", "", "DNS rebinding: a foreign Host is refused as before"},
	} {
		req, _ := http.NewRequest("GET", base+c.path, nil)
		if c.host != "" {
			req.Host = c.host
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status || !strings.Contains(string(body), c.body) || !strings.Contains(resp.Header.Get("Content-Type"), c.ctype) {
			t.Errorf("%s (%s): %d %s %q, want %d %q (%s)", c.path, c.why, resp.StatusCode, resp.Header.Get("Content-Type"), body, c.status, c.body, c.ctype)
		}
		if c.status == 200 && (resp.Header.Get("Content-Security-Policy") != webCSP || resp.Header.Get("Cache-Control") != "no-cache" || resp.Header.Get("Last-Modified") == "") {
			t.Errorf("%s: CSP %q, Cache-Control %q, Last-Modified %q", c.path, resp.Header.Get("Content-Security-Policy"), resp.Header.Get("Cache-Control"), resp.Header.Get("Last-Modified"))
		}
	}
	os.Remove(filepath.Join(dir, "agree.wasm"))
	_, stderr, code := agree(t, "", "serve", "--web", dir)
	if code != 2 || !strings.Contains(stderr, "agree.wasm") || !strings.Contains(stderr, "go run ./web/build -o "+dir) {
		t.Errorf("a folder without agree.wasm: exit %d, %s", code, stderr)
	}
}
