// Package zipfs opens ZIP archives for the readers: as file systems whose
// entry names are slash-separated paths inside the archive.
//
// The ZIP format wants '/' between the elements of an entry's name, but
// archives made on Windows (by some tools, or by hand) write '\'. Go's
// archive/zip shows such an entry in its fs.FS view under a directory made
// from the backslashes while its directory listing keeps the backslashes,
// so the file "does not exist" when opened by the name it is listed under.
// Clean rewrites the names before the archive is used: '\' becomes '/', and
// a name that is absolute or climbs out of the archive ('..') is refused
// rather than silently cut, as archive/zip would.
//
// An archive's members are read as streams, and checked when opened (FS.Open)
// against archives made to exhaust memory: a member larger than
// limits.MaxEntry uncompressed, or compressed more than limits.MaxRatio to 1,
// is refused with its name, before anything is decompressed; so is an
// encrypted member (archive/zip would read its ciphertext as corrupt data).
package zipfs

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"

	"agree/internal/limits"
)

// FS is a ZIP archive as a file system (fs.FS, fs.ReadDirFS, fs.StatFS)
// whose entry names are cleaned (Clean) and whose files are checked when
// opened (see the package documentation).
type FS struct {
	zr     *zip.Reader
	name   string
	files  map[string]*zip.File
	closer io.Closer
}

// Open opens the ZIP file at name (an OS path).
func Open(name string) (*FS, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	z, err := New(f, st.Size(), name)
	if err != nil {
		f.Close()
		return nil, err
	}
	z.closer = f
	return z, nil
}

// NewReader opens a ZIP archive held in memory (named name in messages).
func NewReader(data []byte, name string) (*FS, error) {
	return New(bytes.NewReader(data), int64(len(data)), name)
}

// New opens the ZIP archive of size bytes that ra reads (named name in
// messages).
func New(ra io.ReaderAt, size int64, name string) (*FS, error) {
	zr, err := zip.NewReader(ra, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, fmt.Errorf("%s: %w", name, archiveError(err))
	}
	if err := Clean(zr, name); err != nil {
		return nil, err
	}
	z := &FS{zr: zr, name: name, files: map[string]*zip.File{}}
	for _, f := range zr.File {
		if f.Name != "" && !strings.HasSuffix(f.Name, "/") {
			if _, dup := z.files[f.Name]; !dup {
				z.files[f.Name] = f
			}
		}
	}
	return z, nil
}

// archiveError says what archive/zip's errors mean.
func archiveError(err error) error {
	switch {
	case errors.Is(err, zip.ErrFormat):
		return errors.New("not a valid ZIP archive")
	case errors.Is(err, zip.ErrAlgorithm):
		return errors.New("compressed with a method that agree does not read (ZIP archives compressed with deflate or stored are read)")
	}
	return err
}

// Close closes the file an FS of Open reads.
func (z *FS) Close() error {
	if z.closer != nil {
		return z.closer.Close()
	}
	return nil
}

// Names returns the names of the archive's files (not its directories),
// in the archive's order.
func (z *FS) Names() []string {
	var out []string
	for _, f := range z.zr.File {
		if z.files[f.Name] == f {
			out = append(out, f.Name)
		}
	}
	return out
}

// Open opens a file or a directory of the archive. A file is checked
// first (Check) and read as a stream; its size as read is at most the
// size its header declares.
func (z *FS) Open(name string) (fs.File, error) {
	f, ok := z.files[name]
	if !ok {
		return z.zr.Open(name)
	}
	if err := z.Check(f); err != nil {
		return nil, err
	}
	rc, err := f.Open()
	if err != nil {
		return nil, z.entryError(name, archiveError(err))
	}
	return &file{z: z, f: f, rc: rc}, nil
}

// ReadDir lists a directory of the archive.
func (z *FS) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(z.zr, name) }

// Stat describes a file or directory of the archive.
func (z *FS) Stat(name string) (fs.FileInfo, error) {
	if f, ok := z.files[name]; ok {
		return f.FileInfo(), nil
	}
	return fs.Stat(z.zr, name)
}

// EntryError is the error of one entry of an archive: it names both.
type EntryError struct {
	Archive, Entry string
	Err            error
	// Encrypted says the entry is protected by a password.
	Encrypted bool
}

func (e *EntryError) Error() string {
	if e.Encrypted {
		return fmt.Sprintf("%s: encrypted entry %s (the archive is protected by a password: unpack it and give the folder)", e.Archive, strconv.Quote(e.Entry))
	}
	return fmt.Sprintf("%s: entry %s: %v", e.Archive, strconv.Quote(e.Entry), e.Err)
}

func (e *EntryError) Unwrap() error { return e.Err }

// Check refuses an entry that is encrypted, larger than limits.MaxEntry
// uncompressed, or compressed more than limits.MaxRatio to 1 (past
// limits.RatioGrace).
func (z *FS) Check(f *zip.File) error {
	if f.Flags&0x1 != 0 {
		return &EntryError{Archive: z.name, Entry: f.Name, Err: errors.New("encrypted"), Encrypted: true}
	}
	size, packed := f.UncompressedSize64, f.CompressedSize64
	if size > uint64(limits.MaxEntry) {
		return z.entryError(f.Name, fmt.Errorf("%s uncompressed, more than the %s agree reads of an archive member", limits.Size(int64(min(size, 1<<62))), limits.Size(limits.MaxEntry)))
	}
	if size > uint64(limits.RatioGrace) && (packed == 0 || size/packed > uint64(limits.MaxRatio)) {
		return z.entryError(f.Name, fmt.Errorf("%s compressed to %s, more than %d to 1 (real annotation files compress far less; the archive looks made to exhaust memory)",
			limits.Size(int64(size)), limits.Size(int64(packed)), limits.MaxRatio))
	}
	return nil
}

func (z *FS) entryError(name string, err error) error {
	return &EntryError{Archive: z.name, Entry: name, Err: err}
}

// file is an open file of the archive.
type file struct {
	z   *FS
	f   *zip.File
	rc  io.ReadCloser
	err error
}

func (f *file) Stat() (fs.FileInfo, error) { return f.f.FileInfo(), nil }
func (f *file) Close() error               { return f.rc.Close() }

func (f *file) Read(p []byte) (int, error) {
	if f.err != nil {
		return 0, f.err
	}
	n, err := f.rc.Read(p)
	if err != nil && err != io.EOF {
		var corrupt flate.CorruptInputError
		switch {
		case errors.As(err, &corrupt), errors.Is(err, io.ErrUnexpectedEOF):
			err = errors.New("the compressed data is corrupt or cut short")
		case errors.Is(err, zip.ErrChecksum):
			err = errors.New("the data do not match the entry's checksum (a damaged archive)")
		case errors.Is(err, zip.ErrFormat):
			err = errors.New("more data than the entry's header declares (a damaged archive)")
		}
		f.err = f.z.entryError(f.f.Name, err)
		return n, f.err
	}
	return n, err
}

// Clean rewrites the entry names of zr in place, before zr is used as an
// fs.FS: backslashes become slashes and "." elements and repeated slashes
// go (a directory keeps its trailing slash); a name that is then absolute
// ("/x", "C:/x") or has a ".." element is an error naming the archive
// (name) and the entry.
func Clean(zr *zip.Reader, name string) error {
	for _, f := range zr.File {
		n, err := entryName(f.Name)
		if err != nil {
			return fmt.Errorf("%s: entry %s: %v", name, strconv.Quote(f.Name), err)
		}
		f.Name = n
	}
	return nil
}

// entryName is the clean form of an entry name.
func entryName(raw string) (string, error) {
	n := strings.ReplaceAll(raw, `\`, "/")
	if n == "" {
		return n, nil
	}
	if strings.HasPrefix(n, "/") || (len(n) >= 2 && n[1] == ':' && isLetter(n[0])) {
		return "", errors.New("an absolute path; an archive's entries must be relative to it")
	}
	dir := strings.HasSuffix(n, "/")
	for _, e := range strings.Split(n, "/") {
		if e == ".." {
			return "", errors.New("a path that leaves the archive (..)")
		}
	}
	n = path.Clean(n)
	if n == "." {
		return "", nil // the archive's root ("./")
	}
	if dir {
		n += "/"
	}
	return n, nil
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
