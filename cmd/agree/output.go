package main

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Every file a command writes goes through checkOutput (before any work)
// and writeOutput (after it). An output is never an input, not even with
// --force: neither a file named on the command line, nor one read from an
// input directory (through a symbolic link too) or an archive. Two outputs
// of one command are never one file. A file is written to a temporary file
// beside it and renamed over it once complete, so that a failed write (a
// full disk, ulimit -f) leaves the old file, or none, never a truncated
// one.

// outputs are the files a command will write: checkOutput records them so
// that two outputs naming one file are refused up front.
type outputs struct {
	mu    sync.Mutex
	paths []claimedOutput
}

type claimedOutput struct {
	path, abs, what string
	info            fs.FileInfo // nil when the file does not exist yet
}

// claim records path as the output what ("--report"), or refuses it when
// another output of the command is the same file.
func (o *outputs) claim(path, what string, info fs.FileInfo) error {
	if o == nil {
		return nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = filepath.Clean(path)
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		abs = filepath.Join(dir, filepath.Base(abs))
	}
	for _, c := range o.paths {
		same := c.abs == abs || (info != nil && c.info != nil && os.SameFile(info, c.info))
		if same {
			if c.what == what {
				return usagef("%s: given twice as %s", path, what)
			}
			return usagef("%s: named by both %s and %s: two outputs of one command cannot be one file", path, c.what, what)
		}
	}
	o.paths = append(o.paths, claimedOutput{path, abs, what, info})
	return nil
}

// checkOutput is called for every file a command will write, before any
// work (what names the output in messages: "--report"): the file must not
// exist unless force is set; it must never be one of the command's inputs,
// nor in an input directory (not even with force); and no other output of
// the command may name it. Problems are usage errors (exit 2). An empty
// path is accepted (no output requested).
func checkOutput(e env, path, what string, force bool, inputs []string) error {
	if path == "" {
		return nil
	}
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		// Found now rather than after the work: a file in a missing directory.
		if dir := filepath.Dir(path); !isDir(dir) {
			return usagef("%s: directory %s does not exist", path, dir)
		}
		return e.outputs.claim(path, what, nil)
	}
	if err != nil {
		return usagef("%s: %v", path, err)
	}
	for _, in := range inputs {
		if in == "-" || in == "" {
			continue
		}
		ist, err := os.Stat(in)
		if err != nil {
			continue
		}
		if os.SameFile(st, ist) {
			return usagef("%s: refusing to overwrite an input file", path)
		}
		if ist.IsDir() && within(path, in) {
			return usagef("%s: refusing to overwrite a file of the input directory %s (it is read as an input)", path, in)
		}
	}
	if st.IsDir() {
		return usagef("%s: is a directory", path)
	}
	if !force {
		return usagef("%s: file exists (use --force to overwrite it)", path)
	}
	return e.outputs.claim(path, what, st)
}

// within reports whether the file path is inside the directory dir, their
// symbolic links resolved.
func within(path, dir string) bool {
	p, err1 := filepath.EvalSymlinks(path)
	d, err2 := filepath.EvalSymlinks(dir)
	if err1 != nil || err2 != nil {
		return false
	}
	p, err1 = filepath.Abs(p)
	d, err2 = filepath.Abs(d)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(d, p)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// writeOutput writes the file path with write: to a temporary file in the
// same directory, renamed over path once write succeeded (with force; else
// linked to path, which must not exist). On failure the temporary file is
// removed and path is left as it was. An existing file that the command
// read (e.files: through a directory, a symbolic link, an archive) is
// refused even with force.
func writeOutput(e env, path string, force bool, write func(w io.Writer) error) error {
	target := path
	if st, err := os.Lstat(path); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		// write where the link points, as opening the link would
		if t, err := filepath.EvalSymlinks(path); err == nil {
			target = t
		}
	}
	if err := e.refuseRead(path, target); err != nil {
		return err
	}
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(target); err == nil {
		if !force {
			return usagef("%s: file exists (use --force to overwrite it)", path)
		}
		if !st.Mode().IsRegular() {
			// a device or a pipe (/dev/null, a FIFO): written to, never
			// replaced by a regular file renamed over it
			return writeSpecial(path, target, write)
		}
		mode = st.Mode().Perm()
	}
	tmp, err := createTemp(target, mode)
	if err != nil {
		return err
	}
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("%s: %w (nothing written: the file is as it was)", path, unwrapPath(err))
	}
	bw := bufio.NewWriterSize(tmp, 1<<16)
	if err := write(bw); err != nil {
		return fail(err)
	}
	if err := bw.Flush(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	if err := e.refuseRead(path, target); err != nil { // read while writing?
		os.Remove(tmp.Name())
		return err
	}
	if force {
		if err := os.Rename(tmp.Name(), target); err != nil {
			os.Remove(tmp.Name())
			return fmt.Errorf("%s: %w", path, unwrapPath(err))
		}
		return nil
	}
	// without force, never over a file that appeared meanwhile: a hard
	// link fails when the name exists
	err = os.Link(tmp.Name(), target)
	if errors.Is(err, fs.ErrExist) {
		os.Remove(tmp.Name())
		return usagef("%s: file exists (use --force to overwrite it)", path)
	}
	if err != nil { // a file system without hard links
		if _, serr := os.Lstat(target); serr == nil {
			os.Remove(tmp.Name())
			return usagef("%s: file exists (use --force to overwrite it)", path)
		}
		if err := os.Rename(tmp.Name(), target); err != nil {
			os.Remove(tmp.Name())
			return fmt.Errorf("%s: %w", path, unwrapPath(err))
		}
		return nil
	}
	os.Remove(tmp.Name())
	return nil
}

// writeSpecial writes to target, a file that is not a regular file (a
// device such as /dev/null, a named pipe), in place.
func writeSpecial(path, target string, write func(w io.Writer) error) error {
	f, err := os.OpenFile(target, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	return nil
}

// refuseRead refuses to write over a file the command read.
func (e env) refuseRead(path, target string) error {
	if e.files == nil {
		return nil
	}
	st, err := os.Stat(target)
	if err != nil {
		return nil
	}
	if name, read := e.files.WasRead(st); read {
		return usagef("%s: refusing to overwrite an input file (read as %s)", path, name)
	}
	return nil
}

// createTemp creates a new temporary file beside target, hidden, with the
// mode (less the umask).
func createTemp(target string, mode fs.FileMode) (*os.File, error) {
	dir, base := filepath.Split(target)
	var b [6]byte
	for range 100 {
		rand.Read(b[:])
		name := filepath.Join(dir, "."+base+"."+hex.EncodeToString(b[:])+".tmp")
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", target, unwrapPath(err))
		}
		return f, nil
	}
	return nil, fmt.Errorf("%s: cannot create a temporary file beside it", target)
}

// unwrapPath returns the cause of an *fs.PathError or *os.LinkError (whose
// path is the temporary file's, not the one the user named).
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
