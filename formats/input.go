package formats

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"agree/formats/internal/zipfs"
	"agree/internal/limits"
)

// Input is one input of a reading: a file, a directory or a ZIP archive,
// named Path in the file system FS. The same type carries every source:
// a path of the operating system (OS), standard input or another stream
// (ReaderInput), a file or folder of any fs.FS — a ZIP member, files a
// browser page was given (FSInput). Each input is opened once: Head opens
// it and looks at its first bytes without consuming them, and Open then
// returns the same file from its start (a pipe cannot be read twice).
type Input struct {
	// Name names the input in messages (the path the user gave, "stdin", a
	// dropped file's name), and is the prefix of the names of the files
	// inside a directory or an archive.
	Name string
	// FS and Path locate the input: Path is a name in FS ("." for its
	// root).
	FS   fs.FS
	Path string

	file *File // opened by Head, not read past its head yet
	// members are the files of a directory input the routing looked at
	// (UnitFiles), kept open until read or until the directory is read as
	// a tree.
	members map[string]*Input
}

// FSInput returns the input Path of fsys, named name in messages (Path
// when name is "").
func FSInput(fsys fs.FS, p, name string) *Input {
	if name == "" {
		name = p
	}
	return &Input{Name: name, FS: fsys, Path: p}
}

// ReaderInput returns an input that reads r (standard input, a stream),
// named name; it can be opened once.
func ReaderInput(name string, r io.Reader) *Input {
	return &Input{Name: name, FS: &streamFS{r: r, name: name}, Path: "."}
}

// Stat describes the input. A file system without fs.StatFS is asked by
// opening the file, which is then kept for Open (opened once).
func (in *Input) Stat() (fs.FileInfo, error) {
	if in.file != nil && in.file.info != nil {
		return in.file.info, nil
	}
	if sfs, ok := in.FS.(fs.StatFS); ok {
		return sfs.Stat(in.Path)
	}
	f, err := in.FS.Open(in.Path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		f.Close()
		return st, err
	}
	in.file = &File{Name: in.Name, f: f, r: f, info: st}
	return st, nil
}

// IsDir reports whether the input is a directory (a stat error is
// returned as it is).
func (in *Input) IsDir() (bool, error) {
	st, err := in.Stat()
	if err != nil {
		return false, err
	}
	return st.IsDir(), nil
}

// IsArchive reports whether the input is read as a ZIP archive: a file
// whose name ends in .zip.
func (in *Input) IsArchive() bool {
	return strings.EqualFold(path.Ext(in.Path), ".zip") || strings.EqualFold(filepath.Ext(in.Name), ".zip")
}

// Stream reports whether the input is a stream given to ReaderInput.
func (in *Input) Stream() bool {
	_, ok := in.FS.(*streamFS)
	return ok
}

// Open opens the input file. After Head it returns the file Head opened,
// from its start; otherwise (and after that file was read) it opens the
// input again.
func (in *Input) Open() (*File, error) {
	if f := in.file; f != nil {
		in.file = nil
		return f, nil
	}
	return in.open()
}

func (in *Input) open() (*File, error) {
	f, err := in.FS.Open(in.Path)
	if err != nil {
		return nil, err
	}
	file := &File{Name: in.Name, f: f, r: f}
	if st, err := f.Stat(); err == nil {
		file.info = st
		if st.IsDir() {
			f.Close()
			return nil, fmt.Errorf("%s: is a directory", in.Name)
		}
	}
	return file, nil
}

// Head returns the first bytes of the input file (at most n; fewer at its
// end), opening it and keeping it open for Open.
func (in *Input) Head(n int) ([]byte, error) {
	if in.file == nil {
		f, err := in.open()
		if err != nil {
			return nil, err
		}
		in.file = f
	}
	return in.file.Peek(n)
}

// Close closes the file Head opened, if Open did not take it, and those of
// the directory's files the routing looked at.
func (in *Input) Close() error {
	for _, m := range in.members {
		m.Close()
	}
	in.members = nil
	if f := in.file; f != nil {
		in.file = nil
		return f.Close()
	}
	return nil
}

// Tree opens a directory or an archive input as a file system; done
// releases it.
func (in *Input) Tree() (fsys fs.FS, done func() error, err error) {
	dir, err := in.IsDir()
	if err != nil {
		return nil, nil, err
	}
	if dir {
		in.Close()
		var sub fs.FS
		if s, ok := in.FS.(fs.SubFS); ok {
			sub, err = s.Sub(in.Path) // "." too: osFS bounds the files of its trees
		} else {
			sub, err = fs.Sub(in.FS, in.Path)
		}
		return sub, func() error { return nil }, err
	}
	f, err := in.Open()
	if err != nil {
		return nil, nil, err
	}
	z, err := f.Archive()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return z, f.Close, nil
}

// File is an input file opened for reading. Its first bytes can be looked
// at (Peek) before it is read: they are kept and read again.
type File struct {
	// Name names the file in messages.
	Name string
	f    fs.File
	r    io.Reader
	info fs.FileInfo
	head []byte // bytes read by Peek, not yet returned by Read
	off  int
	err  error // the error that ended Peek's reading (io.EOF at the end)
	read bool  // Read has been called
}

// Peek returns the first bytes of the file, at most n (fewer at its end),
// without consuming them; only before Read. An error other than the end
// of the file is returned.
func (f *File) Peek(n int) ([]byte, error) {
	if f.read {
		return nil, fmt.Errorf("%s: Peek after Read", f.Name)
	}
	for len(f.head) < n && f.err == nil {
		if cap(f.head) < n {
			grown := make([]byte, len(f.head), n)
			copy(grown, f.head)
			f.head = grown
		}
		m, err := f.r.Read(f.head[len(f.head):n])
		f.head = f.head[:len(f.head)+m]
		if err != nil {
			f.err = err
		}
	}
	if f.err != nil && f.err != io.EOF {
		return f.head, f.err
	}
	return f.head[:min(n, len(f.head))], nil
}

// Read reads the file (the bytes Peek looked at first).
func (f *File) Read(p []byte) (int, error) {
	f.read = true
	if f.off < len(f.head) {
		n := copy(p, f.head[f.off:])
		f.off += n
		if f.off == len(f.head) {
			f.head, f.off = nil, 0
			if f.err != nil {
				return n, f.err
			}
		}
		return n, nil
	}
	if f.err != nil {
		return 0, f.err
	}
	return f.r.Read(p)
}

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }

// Regular reports whether the file is a regular file (not a pipe, a
// device, standard input).
func (f *File) Regular() bool { return f.info != nil && f.info.Mode().IsRegular() }

// Info describes the file (nil when unknown).
func (f *File) Info() fs.FileInfo { return f.info }

// ReadAll reads the rest of the file, at most limits.MaxFile bytes: past
// that it is an error naming the file.
func (f *File) ReadAll() ([]byte, error) {
	var hint int64
	if f.Regular() && !f.read {
		hint = f.info.Size()
	}
	data, err := limits.ReadAll(f, f.Name, "file", limits.MaxFile, hint)
	if err != nil && !limits.IsLimit(err) {
		return nil, readError(f.Name, err)
	}
	return data, err
}

// readError names the file of a read error that does not name it.
func readError(name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) || strings.HasPrefix(err.Error(), name+":") {
		return err
	}
	return fmt.Errorf("%s: %w", name, err)
}

// CheckEmpty returns an *EmptyError when the file holds nothing but white
// space (Blank). It looks at the white space at its start (at most 1 MiB)
// and the byte after it, through Peek: the file is then read from its
// start.
func (f *File) CheckEmpty() error {
	n := 4096
	for {
		head, err := f.Peek(n)
		if err != nil {
			return readError(f.Name, err)
		}
		if !Blank(head) {
			return nil
		}
		if len(head) < n {
			return &EmptyError{Name: f.Name, Size: len(head)}
		}
		if n >= maxBlankPrefix {
			return nil // the reader says what is wrong with it
		}
		n *= 4
	}
}

// maxBlankPrefix bounds the white space CheckEmpty looks at.
const maxBlankPrefix = 1 << 20

// CanRewind reports whether Rewind can read the file again: a regular
// file that can seek (not a pipe, not standard input).
func (f *File) CanRewind() bool {
	_, seeks := f.f.(io.Seeker)
	return f.Regular() && seeks
}

// Rewind returns a reader of the file from its start again (read once
// more, not opened again), for a file that CanRewind.
func (f *File) Rewind() (io.ReadCloser, error) {
	s, ok := f.f.(io.Seeker)
	if !ok || !f.Regular() {
		return nil, fmt.Errorf("%s: cannot be read again", f.Name)
	}
	if _, err := s.Seek(0, io.SeekStart); err != nil {
		return nil, readError(f.Name, err)
	}
	f.head, f.off, f.err, f.read = nil, 0, nil, false
	return io.NopCloser(f.f), nil
}

// Archive opens the file as a ZIP archive: through io.ReaderAt when the
// file has it (an OS file, an in-memory file), else read whole first (at
// most limits.MaxFile bytes: standard input, a stream).
func (f *File) Archive() (*zipfs.FS, error) {
	if ra, ok := f.f.(io.ReaderAt); ok && f.Regular() {
		return zipfs.New(ra, f.info.Size(), f.Name)
	}
	data, err := f.ReadAll()
	if err != nil {
		return nil, err
	}
	return zipfs.NewReader(data, f.Name)
}

// streamFS is the file system of a ReaderInput: one file, ".", read once.
type streamFS struct {
	mu     sync.Mutex
	r      io.Reader
	name   string
	opened bool
}

func (s *streamFS) Open(name string) (fs.File, error) {
	if name != "." {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.r == nil {
		return nil, fmt.Errorf("%s: no standard input", s.name)
	}
	if s.opened {
		return nil, fmt.Errorf("%s: read already (standard input can be read once: give it once)", s.name)
	}
	s.opened = true
	return streamFile{s}, nil
}

type streamFile struct{ s *streamFS }

func (f streamFile) Read(p []byte) (int, error) { return f.s.r.Read(p) }
func (f streamFile) Close() error               { return nil }
func (f streamFile) Stat() (fs.FileInfo, error) { return streamInfo{f.s.name}, nil }

type streamInfo struct{ name string }

func (i streamInfo) Name() string       { return i.name }
func (i streamInfo) Size() int64        { return 0 }
func (i streamInfo) Mode() fs.FileMode  { return fs.ModeNamedPipe }
func (i streamInfo) ModTime() time.Time { return time.Time{} }
func (i streamInfo) IsDir() bool        { return false }
func (i streamInfo) Sys() any           { return nil }

// OS makes the inputs of paths of the operating system: files, directories
// (read through symbolic links), ZIP archives, named pipes, /dev/stdin and
// "-" for standard input. It records every file opened through it, so that
// a command can refuse to write over any file it read (Read).
type OS struct {
	// Stdin is read for "-".
	Stdin io.Reader
	// Watch, if set, is called when a file is opened: what it returns is
	// read instead of r (a progress counter). info may be nil.
	Watch func(name string, info fs.FileInfo, r io.Reader) io.Reader

	mu     sync.Mutex
	read   []readFile
	inputs map[string]*Input
	stdin  *Input
}

type readFile struct {
	name string
	info fs.FileInfo
}

// Input returns the input of the path p ("-": standard input). The same
// path gives the same input, so that a file Head looked at is read from
// what Head read.
func (o *OS) Input(p string) *Input {
	o.mu.Lock()
	defer o.mu.Unlock()
	if p == "-" {
		if o.stdin == nil {
			o.stdin = ReaderInput("stdin", o.Stdin)
		}
		return o.stdin
	}
	if in, ok := o.inputs[p]; ok {
		return in
	}
	if o.inputs == nil {
		o.inputs = map[string]*Input{}
	}
	// the file system of the path's directory, so that a file's
	// neighbours can be read (a brat .ann's .txt)
	in := &Input{Name: p, FS: &osFS{o: o, root: p}, Path: "."}
	clean := filepath.Clean(p)
	if base := filepath.Base(clean); base != "." && base != ".." && fs.ValidPath(base) && !strings.ContainsRune(base, filepath.Separator) {
		in.FS, in.Path = &osFS{o: o, root: filepath.Dir(clean)}, base
	}
	o.inputs[p] = in
	return in
}

// Inputs returns the inputs of paths.
func (o *OS) Inputs(paths []string) []*Input {
	out := make([]*Input, len(paths))
	for i, p := range paths {
		out[i] = o.Input(p)
	}
	return out
}

// WasRead returns the name of a file opened through o that is the file
// info describes (os.SameFile), if any.
func (o *OS) WasRead(info fs.FileInfo) (string, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, r := range o.read {
		if os.SameFile(r.info, info) {
			return r.name, true
		}
	}
	return "", false
}

func (o *OS) opened(name string, info fs.FileInfo) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.read = append(o.read, readFile{name, info})
}

// osFS is the file system of an OS directory (or of one path: "." is the
// path itself, a file or a directory). The files of a tree (Sub: a
// directory given whole) are read whole, and bounded: more than
// limits.MaxFile bytes is an error.
type osFS struct {
	o       *OS
	root    string
	bounded bool
}

func (f *osFS) join(op, name string) (string, error) {
	if !fs.ValidPath(name) {
		return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	if name == "." {
		return f.root, nil
	}
	return filepath.Join(f.root, filepath.FromSlash(name)), nil
}

func (f *osFS) Open(name string) (fs.File, error) {
	p, err := f.join("open", name)
	if err != nil {
		return nil, err
	}
	fh, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	st, err := fh.Stat()
	if err != nil {
		fh.Close()
		return nil, err
	}
	if st.IsDir() {
		return fh, nil
	}
	f.o.opened(p, st)
	file := &osFile{File: fh, r: fh}
	if f.bounded {
		file.r = limits.Reader(fh, p, "file", limits.MaxFile)
	}
	if f.o.Watch != nil {
		file.r = f.o.Watch(p, st, file.r)
	}
	return file, nil
}

func (f *osFS) Stat(name string) (fs.FileInfo, error) {
	p, err := f.join("stat", name)
	if err != nil {
		return nil, err
	}
	return os.Stat(p)
}

func (f *osFS) ReadDir(name string) ([]fs.DirEntry, error) {
	p, err := f.join("readdir", name)
	if err != nil {
		return nil, err
	}
	return os.ReadDir(p)
}

func (f *osFS) Sub(dir string) (fs.FS, error) {
	p, err := f.join("sub", dir)
	if err != nil {
		return nil, err
	}
	return &osFS{o: f.o, root: p, bounded: true}, nil
}

// osFile is an OS file opened through osFS, read through r (the bound,
// the watch); seeking and ReadAt reach the file itself.
type osFile struct {
	*os.File
	r io.Reader
}

func (f *osFile) Read(p []byte) (int, error) { return f.r.Read(p) }
