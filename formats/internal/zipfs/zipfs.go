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
package zipfs

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"
)

// Open opens the ZIP file at name with its entry names cleaned (Clean).
func Open(name string) (*zip.ReadCloser, error) {
	zr, err := zip.OpenReader(name)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := Clean(&zr.Reader, name); err != nil {
		zr.Close()
		return nil, err
	}
	return zr, nil
}

// NewReader opens a ZIP archive held in memory (named name in messages)
// with its entry names cleaned (Clean).
func NewReader(data []byte, name string) (*zip.Reader, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := Clean(zr, name); err != nil {
		return nil, err
	}
	return zr, nil
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
