// Package python holds agree's Python package (python/agree, the wheels'
// build script build_wheels.py, the benchmark bench.py). It has no Go code:
// this test runs the package's pytest suite, so that go test ./... (the
// README's test command) covers it.
package python

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPython builds this machine's wheel from the checkout (a static binary
// built here, packed by build_wheels.py; AGREE_WHEEL names one already
// built, as .ci/run does) and runs the pytest suite under /usr/bin/python3
// (AGREE_PYTHON names another), which installs the wheel with pip into
// fresh virtual environments. Without Python, pytest, pandas or venv the
// test is skipped with the reason, except under CI, where .ci/run installs
// them (Debian's python3-pytest, python3-pandas, python3-venv).
func TestPython(t *testing.T) {
	py := os.Getenv("AGREE_PYTHON")
	if py == "" {
		py = "/usr/bin/python3"
	}
	if out, err := exec.Command(py, "-c", "import pytest, pandas, ensurepip, venv").CombinedOutput(); err != nil {
		why := py + " cannot run the Python tests (install python3-pytest, python3-pandas, python3-venv): " +
			strings.TrimSpace(lastLine(string(out)))
		if os.Getenv("CI") != "" {
			t.Fatal(why)
		}
		t.Skip(why)
	}
	dir := t.TempDir()
	// The test depends on files its process does not read (the Python
	// sources, the Go sources of the binary built below): reading every
	// directory of the module records the size and time of every file in
	// go test's cache key, so that a change anywhere runs the test again.
	if err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != ".." {
			return filepath.SkipDir
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	wheel := os.Getenv("AGREE_WHEEL")
	if wheel == "" {
		exe := filepath.Join(dir, "agree")
		build := exec.Command(goCommand(), "build", "-o", exe, "../cmd/agree")
		build.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
		pack := exec.Command(py, "build_wheels.py", "--targets", "host", "--binary", exe, "--out", dir)
		pack.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")
		out, err := pack.CombinedOutput()
		if err != nil {
			t.Fatalf("build_wheels.py: %v\n%s", err, out)
		}
		wheel = strings.TrimSpace(lastLine(string(out)))
	}
	cmd := exec.Command(py, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--basetemp", filepath.Join(dir, "pytest"), "tests")
	cmd.Env = append(os.Environ(), "AGREE_WHEEL="+wheel, "PYTHONDONTWRITEBYTECODE=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("pytest: %v\n%s", err, out.String())
	}
	t.Log(lastLine(out.String()))
}

func goCommand() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(os.Getenv("GOROOT"), "bin", "go")
}

func lastLine(s string) string {
	s = strings.TrimRight(s, "\n")
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}
