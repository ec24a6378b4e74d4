package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckOutput(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "old.csv")
	if err := os.WriteFile(existing, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	fresh := filepath.Join(dir, "new.csv")
	tests := []struct {
		name   string
		path   string
		force  bool
		inputs []string
		want   string // error fragment; "" = accepted
	}{
		{"no output requested", "", false, nil, ""},
		{"a new file is fine", fresh, false, []string{existing}, ""},
		{"an existing file needs --force", existing, false, nil, "use --force"},
		{"--force allows overwriting", existing, true, nil, ""},
		{"the input is never overwritten", existing, true, []string{"-", existing}, "input file"},
		{"the input through another path", filepath.Join(dir, ".", "old.csv"), true, []string{existing}, "input file"},
		{"a directory is not a file", dir, true, nil, "directory"},
		{"a file in a missing directory is refused before any work (it failed after it)", filepath.Join(dir, "no", "such", "x.csv"), false, nil, "does not exist"},
		{"a file under a regular file is refused too", filepath.Join(existing, "x.csv"), false, nil, "not a directory"},
	}
	for _, tc := range tests {
		err := checkOutput(tc.path, tc.force, tc.inputs)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: unexpected error %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		case tc.want != "" && exitCode(err, &strings.Builder{}) != 2:
			t.Errorf("%s: exit code %d, want 2", tc.name, exitCode(err, &strings.Builder{}))
		}
	}
}

func TestCreateOutputIsExclusive(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.csv")
	f, err := createOutput(path, false)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := createOutput(path, false); err == nil || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("second exclusive create: %v", err)
	}
	f, err = createOutput(path, true)
	if err != nil {
		t.Fatalf("forced create: %v", err)
	}
	f.Close()
}
