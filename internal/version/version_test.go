package version

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// semver matches MAJOR.MINOR.PATCH with an optional pre-release
// (https://semver.org, §2 and §9; build metadata is not used).
var semver = regexp.MustCompile(`^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$`)

func parse(t *testing.T, v string) (n [3]int, pre string) {
	t.Helper()
	m := semver.FindStringSubmatch(v)
	if m == nil {
		t.Fatalf("%q is not a semantic version MAJOR.MINOR.PATCH[-PRE]", v)
	}
	for i := range n {
		n[i], _ = strconv.Atoi(m[i+1])
	}
	return n, strings.TrimPrefix(m[4], "-")
}

func less(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func TestHeader(t *testing.T) {
	b, err := json.Marshal(struct {
		Header
		Items int `json:"items"`
	}{NewHeader(), 3})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"` + Key + `":"` + Version + `","items":3}`
	if string(b) != want {
		t.Errorf("a view embedding Header marshals as %s, want %s (the version first)", b, want)
	}
}

func TestRead(t *testing.T) {
	b := Read()
	if b.Version != Version {
		t.Errorf("Version %q, want the constant %q", b.Version, Version)
	}
	if b.Go != runtime.Version() {
		t.Errorf("Go %q, want the running toolchain's %q", b.Go, runtime.Version())
	}
	if b.Platform != runtime.GOOS+"/"+runtime.GOARCH {
		t.Errorf("Platform %q", b.Platform)
	}
}

// TestChangelog: the CHANGELOG opens with "# Changelog" and "## Unreleased"
// (the changes since the last release), then one section per release,
// newest first ("## 0.1.0 — 2026-11-23"); Version is a pre-release of a
// later version than the newest section, or that version itself.
func TestChangelog(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "CHANGELOG.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	if lines[0] != "# Changelog" {
		t.Errorf("first line %q, want # Changelog", lines[0])
	}
	section := regexp.MustCompile(`^## (\S+) — (\d{4}-\d\d-\d\d)$`)
	var heads []string
	for _, l := range lines {
		if strings.HasPrefix(l, "## ") {
			heads = append(heads, l)
		}
	}
	if len(heads) < 2 || heads[0] != "## Unreleased" {
		t.Fatalf("sections %q: want ## Unreleased, then one per release", heads)
	}
	var prev [3]int
	for i, h := range heads[1:] {
		m := section.FindStringSubmatch(h)
		if m == nil {
			t.Fatalf("section %q: want ## MAJOR.MINOR.PATCH — YYYY-MM-DD", h)
		}
		n, pre := parse(t, m[1])
		if pre != "" {
			t.Errorf("section %q names a pre-release", h)
		}
		if i > 0 && !less(n, prev) {
			t.Errorf("section %q is not older than the one above it", h)
		}
		prev = n
	}
	newest, _ := parse(t, strings.Fields(heads[1])[1])
	v, pre := parse(t, Version)
	switch {
	case pre == "" && v != newest:
		t.Errorf("Version %s is a release without its section (the newest is %s)", Version, heads[1])
	case pre != "" && !less(newest, v):
		t.Errorf("Version %s must be a pre-release of a version after the newest section, %s", Version, heads[1])
	}
}
