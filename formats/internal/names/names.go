// Package names gives names to the things annotation files leave unnamed.
package names

import (
	"fmt"
	"hash/fnv"
	"path"
	"path/filepath"
	"strings"
)

// ForText names a document by its text when the file gives it no id
// (doccano without ids, Prodigy without _input_hash): "text-" and the
// FNV-1a 64-bit hash of the text in hexadecimal, so that the annotators'
// files, which hold the same texts, name the same documents alike.
func ForText(text string) string {
	h := fnv.New64a()
	h.Write([]byte(text))
	return fmt.Sprintf("text-%016x", h.Sum64())
}

// Base returns a file's name without directories and extension (the
// annotator of a doccano or BIO file, the document of an ELAN or Praat
// file): "export/alice.jsonl" → "alice".
func Base(file string) string {
	b := path.Base(filepath.ToSlash(file))
	return strings.TrimSuffix(b, path.Ext(b))
}

// Ignored reports whether a file or folder found in a directory or an
// archive is left out by the readers: hidden names (".git", "._d1.ann", the
// AppleDouble files macOS adds to archives) and the "__MACOSX" folder of
// archives made on macOS.
func Ignored(name string) bool { return strings.HasPrefix(name, ".") || name == "__MACOSX" }
