package web

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestFiles: the page's files are those embedded and built, index.html
// loads only them (no other origin, nothing a build does not write), and
// its meta Content-Security-Policy is the one agree serve --web sends
// (CSP, less the header-only frame-ancestors).
func TestFiles(t *testing.T) {
	for _, n := range Names {
		if b, err := fs.ReadFile(Files(), n); err != nil || len(b) == 0 {
			t.Errorf("%s: %v (%d bytes)", n, err, len(b))
		}
	}
	html, err := fs.ReadFile(Files(), "index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`(?:src|href)="([^"]*)"`).FindAllStringSubmatch(string(html), -1) {
		if u := m[1]; u != "data:," && !slices.Contains(Built, u) {
			t.Errorf("index.html loads %q, which is not a file of the built page", u)
		}
	}
	app, err := fs.ReadFile(Files(), "app.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`fetch\(("[^"]*"|f)\)`).FindAllStringSubmatch(string(app), -1) {
		if u := strings.Trim(m[1], `"`); u != "f" && !slices.Contains(Built, u) {
			t.Errorf("app.js fetches %q, which is not a file of the built page", u)
		}
	}
	m := regexp.MustCompile(`http-equiv="Content-Security-Policy" content="([^"]*)"`).FindStringSubmatch(string(html))
	if m == nil || m[1] != metaCSP || !strings.HasPrefix(CSP, metaCSP+"; ") {
		t.Errorf("index.html's CSP %q, want %q (CSP %q)", m, metaCSP, CSP)
	}
}
