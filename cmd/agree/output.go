package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// checkOutput is called for every file a command will write, before any
// work: the file must not exist unless force is set, and it must never be
// one of the command's inputs (not even with force). Problems are usage
// errors (exit 2). An empty path is accepted (no output requested).
func checkOutput(path string, force bool, inputs []string) error {
	if path == "" {
		return nil
	}
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		// Found now rather than after the work: a file in a missing directory.
		if dir := filepath.Dir(path); !isDir(dir) {
			return usagef("%s: directory %s does not exist", path, dir)
		}
		return nil
	}
	if err != nil {
		return usagef("%s: %v", path, err)
	}
	for _, in := range inputs {
		if in == "-" {
			continue
		}
		if ist, err := os.Stat(in); err == nil && os.SameFile(st, ist) {
			return usagef("%s: refusing to overwrite an input file", path)
		}
	}
	if st.IsDir() {
		return usagef("%s: is a directory", path)
	}
	if !force {
		return usagef("%s: file exists (use --force to overwrite it)", path)
	}
	return nil
}

func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// createOutput creates path for writing: exclusively unless force is set,
// so that a file that appeared after checkOutput is not clobbered either.
func createOutput(path string, force bool) (*os.File, error) {
	flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if !force {
		flags |= os.O_EXCL
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("%s: file exists (use --force to overwrite it)", path)
		}
		return nil, err
	}
	return f, nil
}
