package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"agree/formats"
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
		err := checkOutput(env{}, tc.path, "-o", tc.force, tc.inputs)
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

func TestWriteOutputIsExclusive(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.csv")
	write := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	if err := writeOutput(env{}, path, false, write("one")); err != nil {
		t.Fatal(err)
	}
	if err := writeOutput(env{}, path, false, write("two")); err == nil || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("second exclusive write: %v", err)
	}
	if err := writeOutput(env{}, path, true, write("three")); err != nil {
		t.Fatalf("forced write: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "three" {
		t.Errorf("content %q", b)
	}
}

// TestWriteOutputAtomic (issue 25): a write that fails leaves the old file
// as it was (with --force too) or no file, and no temporary file.
func TestWriteOutputAtomic(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.csv")
	os.WriteFile(old, []byte("keep me\n"), 0o640)
	fresh := filepath.Join(dir, "new.csv")
	failing := func(w io.Writer) error {
		io.WriteString(w, strings.Repeat("partial ", 100_000)) // past the buffer: on disk already
		return errors.New("file too large")
	}
	for _, tc := range []struct {
		why   string
		path  string
		force bool
	}{
		{"a failed write over an existing file with --force", old, true},
		{"a failed write of a new file", fresh, false},
	} {
		err := writeOutput(env{}, tc.path, tc.force, failing)
		if err == nil || !strings.Contains(err.Error(), "file too large") || !strings.Contains(err.Error(), "nothing written") {
			t.Errorf("%s: %v", tc.why, err)
		}
	}
	if b, err := os.ReadFile(old); string(b) != "keep me\n" || err != nil {
		t.Errorf("the old file became %q (%v)", b, err)
	}
	if st, _ := os.Stat(old); st.Mode().Perm() != 0o640 {
		t.Errorf("the old file's mode changed to %v", st.Mode())
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("files left behind: %v", ents)
	}
	// --force keeps the mode of the file it replaces
	if err := writeOutput(env{}, old, true, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(old); st.Mode().Perm() != 0o640 {
		t.Errorf("the replaced file's mode is %v, want 0640", st.Mode())
	}
}

// TestOutputsNeverInputs (issue 25): an output is refused, even with
// --force, when it is a file of an input directory (through a symbolic
// link too) or a file the command read; two outputs of one command naming
// one file are refused up front.
func TestOutputsNeverInputs(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	os.Mkdir(data, 0o755)
	in := filepath.Join(data, "a.csv")
	os.WriteFile(in, []byte("document,annotator,start,end,label\nd,A,0,1,x\n"), 0o644)
	link := filepath.Join(dir, "link")
	if err := os.Symlink(data, link); err != nil {
		t.Skip(err)
	}
	e := newEnv(nil, io.Discard, io.Discard)
	for _, tc := range []struct {
		why    string
		path   string
		inputs []string
		want   string
	}{
		{"a file of an input directory", in, []string{data}, "input directory"},
		{"the same file through a symbolic link to the directory", filepath.Join(link, "a.csv"), []string{data}, "input directory"},
		{"a file of the directory given through the link", in, []string{link}, "input directory"},
		{"a new file in an input directory overwrites nothing", filepath.Join(data, "new.jsonl"), []string{data}, ""},
	} {
		err := checkOutput(e, tc.path, "-o", true, tc.inputs)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.why, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || exitCode(err, io.Discard) != 2):
			t.Errorf("%s: %v, want a usage error with %q", tc.why, err, tc.want)
		}
	}
	// a file the command read (through the directory) is not written over
	if _, err := readCorpus(e, "convert", []string{link}, formats.Options{}); err != nil {
		t.Fatal(err)
	}
	err := writeOutput(e, in, true, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err })
	if err == nil || !strings.Contains(err.Error(), "refusing to overwrite an input file") {
		t.Errorf("a file read: %v", err)
	}
	// two outputs, one file
	e = newEnv(nil, io.Discard, io.Discard)
	out := filepath.Join(dir, "out.html")
	if err := checkOutput(e, out, "--disagreements", false, nil); err != nil {
		t.Fatal(err)
	}
	err = checkOutput(e, filepath.Join(dir, ".", "out.html"), "--report", false, nil)
	if err == nil || !strings.Contains(err.Error(), "named by both --disagreements and --report") || exitCode(err, io.Discard) != 2 {
		t.Errorf("two outputs, one file: %v", err)
	}
}
