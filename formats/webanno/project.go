package webanno

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"

	"agree/annotation"
	"agree/formats/internal/names"
	"agree/formats/internal/zipfs"
	"agree/formats/uima"
	"agree/internal/limits"
	"agree/internal/plural"
)

// Limits on what a project export may hold, against archives that
// decompress to absurd sizes (variables for the tests).
var (
	// MaxEntrySize is the largest uncompressed annotation file read.
	MaxEntrySize = limits.MaxEntry
	// MaxTotalSize is the most uncompressed data read from one export.
	MaxTotalSize int64 = 8 << 30
)

// CurationUser is the annotator name INCEpTION and WebAnno give the
// curated documents.
const CurationUser = "CURATION_USER"

// IsProject reports whether fsys (a directory or an opened ZIP archive) is
// an INCEpTION/WebAnno project export: it has an annotation directory (at
// its root or in its only top-level directory) holding one directory per
// document.
func IsProject(fsys fs.FS) bool {
	_, ok := projectRoot(fsys)
	return ok
}

// ExportWithoutAnnotations reports whether fsys is an INCEpTION/WebAnno
// project export (an exportedproject*.json at its root or in its only
// top-level folder) without an annotation/ folder beside it, as INCEpTION
// writes one exported without a secondary format, and returns the path of
// the JSON file.
func ExportWithoutAnnotations(fsys fs.FS) (string, bool) {
	if _, ok := projectRoot(fsys); ok {
		return "", false
	}
	for _, dir := range []string{".", loneFolder(fsys)} {
		if dir == "" {
			continue
		}
		ents, err := fs.ReadDir(fsys, dir)
		if err != nil {
			continue
		}
		for _, e := range ents {
			if n := e.Name(); !e.IsDir() && strings.HasPrefix(n, "exportedproject") && strings.HasSuffix(n, ".json") {
				return path.Join(dir, n), true
			}
		}
	}
	return "", false
}

// WithoutAnnotationsError is the error of a project export without
// annotations (name is the export, json the file that shows it is one).
func WithoutAnnotationsError(name, json string) error {
	return fmt.Errorf("%s: an INCEpTION/WebAnno project export without annotations (%s is there, but no annotation/ folder): export the project again with a secondary format — WebAnno TSV 3.3, UIMA CAS XMI or UIMA CAS JSON — or export each document from the annotation page and read the files with Options.Format webanno, xmi or jsoncas",
		name, json)
}

// loneFolder returns the only top-level folder of fsys, or "".
func loneFolder(fsys fs.FS) string {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return ""
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() && !names.Ignored(e.Name()) {
			dirs = append(dirs, e.Name())
		}
	}
	if len(dirs) == 1 {
		return dirs[0]
	}
	return ""
}

// projectRoot finds the directory holding annotation/.
func projectRoot(fsys fs.FS) (string, bool) {
	if st, err := fs.Stat(fsys, "annotation"); err == nil && st.IsDir() {
		return ".", true
	}
	if dir := loneFolder(fsys); dir != "" {
		if st, err := fs.Stat(fsys, dir+"/annotation"); err == nil && st.IsDir() {
			return dir, true
		}
	}
	return "", false
}

// ReadProject reads an INCEpTION/WebAnno project export (a directory, or a
// ZIP archive opened as an fs.FS; name is how messages call it): every
// annotation/<document>/<user>.<ext> file is user's annotation of the
// document (the source document's name), read by its extension: .tsv
// (WebAnno TSV 3.x), .xmi (UIMA CAS XMI), .json (UIMA JSON CAS), or .zip
// (an archive holding one such file, as INCEpTION writes formats that come
// with a type system). The curation/<document>/CURATION_USER.<ext> files
// are read too when opt.Curation is set (as annotator CURATION_USER), and
// counted in a note otherwise. An annotation file of another format is an
// error saying which secondary formats can be read, and so are two files
// of one user in one document (alice.tsv and alice.xmi, from two exports
// unpacked into one directory: the annotations would count twice).
func ReadProject(c *annotation.Corpus, fsys fs.FS, name string, opt Options) error {
	root, ok := projectRoot(fsys)
	if json, without := ExportWithoutAnnotations(fsys); without {
		return WithoutAnnotationsError(name, json)
	}
	if !ok {
		return fmt.Errorf("%s: not an INCEpTION/WebAnno project export (no annotation/ directory)", name)
	}
	p := &project{c: c, fsys: fsys, name: name, opt: &opt}
	n, err := p.folder(path.Join(root, "annotation"), false)
	if err != nil {
		return err
	}
	curated, err := p.folder(path.Join(root, "curation"), !opt.Curation)
	if err != nil {
		return err
	}
	if n == 0 && (curated == 0 || !opt.Curation) {
		return fmt.Errorf("%s: the project export has no annotation file in annotation/<document>/<user>.tsv|.xmi|.json (was it exported with a secondary format? choose WebAnno TSV 3.3, UIMA CAS XMI or UIMA CAS JSON)", name)
	}
	if p.initial > 0 {
		c.Notes = append(c.Notes, fmt.Sprintf("%s: %s (the documents before annotation) not read", name, plural.Count(p.initial, "INITIAL_CAS file")))
	}
	if curated > 0 && !opt.Curation {
		c.Notes = append(c.Notes, fmt.Sprintf("%s: %s (curation/) not read: use --curation to compare the curation too", name, plural.Count(curated, "curated document")))
	}
	return nil
}

// ReadProjectPath reads a project export from a directory or a .zip file.
func ReadProjectPath(c *annotation.Corpus, p string, opt Options) error {
	st, err := os.Stat(p)
	if err != nil {
		return err
	}
	if st.IsDir() {
		return ReadProject(c, os.DirFS(p), p, opt)
	}
	zr, err := zipfs.Open(p)
	if err != nil {
		return err
	}
	defer zr.Close()
	return ReadProject(c, zr, p, opt)
}

type project struct {
	c       *annotation.Corpus
	fsys    fs.FS
	name    string
	opt     *Options
	total   int64
	initial int
}

// folder reads dir/<document>/<user>.<ext>; with count, it only counts the
// files.
func (p *project) folder(dir string, count bool) (int, error) {
	docs, err := fs.ReadDir(p.fsys, dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("%s: %w", p.name, err)
	}
	n := 0
	for _, d := range docs {
		if !d.IsDir() || names.Ignored(d.Name()) {
			continue
		}
		files, err := fs.ReadDir(p.fsys, path.Join(dir, d.Name()))
		if err != nil {
			return 0, fmt.Errorf("%s: %w", p.name, err)
		}
		users := map[string]string{} // user → file name, in this document
		for _, f := range files {
			if f.IsDir() || names.Ignored(f.Name()) {
				continue
			}
			n++
			if count {
				continue
			}
			// one file per user and document: two (alice.tsv and
			// alice.xmi, from two exports unpacked into one directory)
			// would count the user's annotations twice
			user := strings.TrimSuffix(f.Name(), path.Ext(f.Name()))
			if prev, ok := users[user]; ok {
				return 0, fmt.Errorf("%s!%s: user %s's annotation of document %s is also in %s: keep one of the two files",
					p.name, path.Join(dir, d.Name(), f.Name()), user, d.Name(), prev)
			}
			users[user] = f.Name()
			if err := p.file(path.Join(dir, d.Name(), f.Name()), d.Name()); err != nil {
				return 0, err
			}
		}
	}
	return n, nil
}

// file reads one annotation file: user's annotation of doc.
func (p *project) file(name, doc string) error {
	base := path.Base(name)
	ext := strings.ToLower(path.Ext(base))
	user := strings.TrimSuffix(base, path.Ext(base))
	shown := p.name + "!" + name
	if user == "INITIAL_CAS" {
		p.initial++
		return nil
	}
	data, err := p.read(p.fsys, name, shown)
	if err != nil {
		return err
	}
	if ext == ".zip" {
		// a per-document archive: the annotation file and its type system
		zr, err := zipfs.NewReader(data, shown)
		if err != nil {
			return err
		}
		var inner []string
		for _, n := range zr.Names() {
			switch strings.ToLower(path.Ext(n)) {
			case ".tsv", ".xmi", ".json":
				if !strings.EqualFold(path.Base(n), "TypeSystem.xml") {
					inner = append(inner, n)
				}
			}
		}
		if len(inner) != 1 {
			return fmt.Errorf("%s: want one .tsv, .xmi or .json file in the archive, found %d", shown, len(inner))
		}
		if data, err = p.read(zr, inner[0], shown+"!"+inner[0]); err != nil {
			return err
		}
		ext = strings.ToLower(path.Ext(inner[0]))
		shown += "!" + inner[0]
	}
	r := bytes.NewReader(data)
	uopt := uima.Options{Unit: p.opt.Unit, LabelFeature: p.opt.LabelFeature, LabelFeatureFound: p.opt.LabelFeatureFound}
	switch ext {
	case ".tsv":
		return ReadTSV(p.c, r, shown, doc, user, *p.opt)
	case ".xmi":
		return uima.ReadXMI(p.c, r, shown, doc, user, uopt)
	case ".json":
		return uima.ReadJSONBytes(p.c, data, shown, doc, user, uopt)
	}
	return fmt.Errorf("%s: annotation files in %s cannot be read: export the project with the secondary format WebAnno TSV 3.3, UIMA CAS XMI or UIMA CAS JSON", shown, ext)
}

// read reads a file of fsys, refusing absurd sizes.
func (p *project) read(fsys fs.FS, name, shown string) ([]byte, error) {
	f, err := fsys.Open(name)
	var entry *zipfs.EntryError
	if errors.As(err, &entry) {
		return nil, err // it names the archive and the entry
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", shown, err)
	}
	defer f.Close()
	var size int64
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
		if size > MaxEntrySize {
			return nil, fmt.Errorf("%s: %d bytes uncompressed, more than the %d an annotation file may have", shown, size, MaxEntrySize)
		}
	}
	// read as a stream, in bounded chunks: an archive may declare any size
	data, err := limits.ReadAll(f, shown, "entry", MaxEntrySize, size)
	if err != nil {
		if limits.IsLimit(err) {
			return nil, fmt.Errorf("%s: more than %d bytes uncompressed", shown, MaxEntrySize)
		}
		return nil, err
	}
	p.total += int64(len(data))
	if p.total > MaxTotalSize {
		return nil, fmt.Errorf("%s: the export decompresses to more than %d bytes", p.name, MaxTotalSize)
	}
	return data, nil
}
