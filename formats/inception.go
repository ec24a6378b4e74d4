package formats

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"agree/annotation"
	"agree/formats/brat"
	"agree/formats/internal/names"
	"agree/formats/uima"
	"agree/formats/webanno"
)

// The readers of brat, WebAnno/INCEpTION and UIMA name a document and its
// annotator from where the file is: in a project export
// annotation/<document>/<user>.<ext> (curation/<document>/CURATION_USER.<ext>),
// else <annotator>/<document>.<ext>, a directory per annotator as brat
// keeps them.
func docAndAnnotator(name string) (doc, annotator string) {
	p := filepath.ToSlash(name)
	dir := path.Dir(p)
	if top := path.Base(path.Dir(dir)); top == "annotation" || top == "curation" {
		return path.Base(dir), names.Base(p)
	}
	ann := path.Base(dir)
	if dir == "." || dir == "/" {
		ann = names.Base(p) // a lone file in the working directory: its own name
	}
	return names.Base(p), ann
}

// brat: standoff .ann files with their .txt, a directory per annotator.
var bratFormat = &format{
	name:   "brat",
	exts:   []string{".ann"},
	unit:   annotation.CodePoint,
	isTree: hasAnn,
	tree: func(fsys fs.FS, name string, _ *Options, unit annotation.OffsetUnit) (*annotation.Corpus, error) {
		c := &annotation.Corpus{}
		// messages name the files by their real path: the directory or
		// archive, then the path inside it
		opt := brat.Options{Unit: unit, Root: filepath.ToSlash(name)}
		root, err := bratRoot(fsys)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		ents, err := fs.ReadDir(fsys, root)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		// .ann files at the top: the folder is one annotator's (named
		// after it); otherwise each subfolder with .ann files is an
		// annotator's.
		if slices.ContainsFunc(ents, isAnnFile) {
			ann := path.Base(root)
			if root == "." {
				ann = names.Base(filepath.Clean(name))
			}
			return c, brat.ReadFS(c, fsys, root, ann, opt)
		}
		dirs, err := annotatorDirs(fsys, root)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for _, dir := range dirs {
			if err := brat.ReadFS(c, fsys, dir, path.Base(dir), opt); err != nil {
				return nil, err
			}
		}
		return c, nil
	},
	read: func(data []byte, name string, _ *Options, unit annotation.OffsetUnit) (*annotation.Corpus, error) {
		c := &annotation.Corpus{}
		doc, ann := docAndAnnotator(name)
		return c, brat.ReadAnn(c, bytes.NewReader(data), name, nil, doc, ann, brat.Options{Unit: unit})
	},
	readIn: func(data []byte, name string, _ *Options, unit annotation.OffsetUnit, fsys fs.FS, p string) (*annotation.Corpus, error) {
		c := &annotation.Corpus{}
		doc, ann := docAndAnnotator(name)
		return c, brat.ReadFileFS(c, fsys, p, bytes.NewReader(data), name, doc, ann, brat.Options{Unit: unit})
	},
}

// BratAnnotators returns the annotators' folders of a brat directory or
// archive, as slash paths in fsys, when they are recognisable as such:
// the folders holding .ann files, found through wrapping folders (see
// bratRoot), two of which hold the same document. It returns nil when
// fsys is one annotator's: .ann files at its top, or folders holding
// different documents (brat sub-collections). Read, given a directory
// whole, takes every folder with .ann files as an annotator's (see
// annotatorDirs); this is for callers that take a directory as one
// annotator's unless it is clearly several (agree coref).
func BratAnnotators(fsys fs.FS) ([]string, error) {
	root, err := bratRoot(fsys)
	if err != nil {
		return nil, err
	}
	dirs, err := annotatorDirs(fsys, root)
	if err != nil || len(dirs) < 2 || (root == "." && !sharedDocuments(fsys, root)) {
		return nil, err
	}
	return dirs, nil
}

// annotatorDirs returns the folders of root that hold .ann files, as
// slash paths in fsys; nil when root holds .ann files itself.
func annotatorDirs(fsys fs.FS, root string) ([]string, error) {
	ents, err := fs.ReadDir(fsys, root)
	if err != nil || slices.ContainsFunc(ents, isAnnFile) {
		return nil, err
	}
	var dirs []string
	for _, e := range ents {
		if dir := path.Join(root, e.Name()); e.IsDir() && !names.Ignored(e.Name()) && hasAnn(subFS(fsys, dir)) {
			dirs = append(dirs, dir)
		}
	}
	return dirs, nil
}

func isAnnFile(e fs.DirEntry) bool {
	return !e.IsDir() && strings.HasSuffix(e.Name(), ".ann") && !names.Ignored(e.Name())
}

// bratRoot returns the folder of a brat tree whose subfolders are the
// annotators' (or that is one annotator's, holding .ann files itself):
// the root, or a folder reached from it through wrapping folders, as
// "zip -r brat.zip brat" makes. Down from the root, while a folder holds
// no .ann file and only one of its subfolders holds any, the walk follows
// that lone subfolder, to a folder F that holds .ann files or several
// subfolders with them. When two of F's subfolders hold the same document
// (a .ann file at the same path inside them), they are annotators' copies
// of a collection and F is returned. Otherwise the root is: its .ann
// files are one annotator's, or its subfolders are (a lone one with brat
// sub-collections of different documents, as "zip -r alice.zip alice"
// makes, is one annotator named after it).
func bratRoot(fsys fs.FS) (string, error) {
	dir := "."
	for range 64 { // a bound on the depth, against cyclic file systems
		ents, err := fs.ReadDir(fsys, dir)
		if err != nil {
			return "", err
		}
		if slices.ContainsFunc(ents, isAnnFile) {
			return ".", nil
		}
		var lone string
		several := false
		for _, e := range ents {
			if !e.IsDir() || names.Ignored(e.Name()) || !hasAnn(subFS(fsys, path.Join(dir, e.Name()))) {
				continue
			}
			if lone != "" {
				several = true
				break
			}
			lone = path.Join(dir, e.Name())
		}
		switch {
		case several && dir != "." && sharedDocuments(fsys, dir):
			return dir, nil
		case several || lone == "":
			return ".", nil
		}
		dir = lone
	}
	return ".", nil
}

// sharedDocuments reports whether two subfolders of dir hold a .ann file
// at the same relative path.
func sharedDocuments(fsys fs.FS, dir string) bool {
	ents, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return false
	}
	seen := map[string]bool{}
	for _, e := range ents {
		if !e.IsDir() || names.Ignored(e.Name()) {
			continue
		}
		sub := path.Join(dir, e.Name())
		docs := map[string]bool{}
		shared := false
		fs.WalkDir(fsys, sub, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() && p != sub && names.Ignored(d.Name()) {
				return fs.SkipDir
			}
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".ann") || names.Ignored(d.Name()) {
				return nil
			}
			rel := strings.TrimPrefix(p, sub+"/")
			if seen[rel] {
				shared = true
				return fs.SkipAll
			}
			docs[rel] = true
			return nil
		})
		if shared {
			return true
		}
		for d := range docs {
			seen[d] = true
		}
	}
	return false
}

// hasAnn reports whether a directory holds a .ann file at any depth.
func hasAnn(fsys fs.FS) bool {
	found := false
	fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && p != "." && names.Ignored(d.Name()) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".ann") {
			found = true
			return fs.SkipAll
		}
		return nil
	})
	return found
}

func subFS(fsys fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		return fsys
	}
	return sub
}

// webanno: WebAnno TSV 3.x files.
var webannoFormat = &format{
	name: "webanno",
	exts: []string{".tsv"},
	unit: annotation.UTF16,
	sniff: func(head []byte, _ string) bool {
		return bytes.HasPrefix(bytes.TrimLeft(head, " \t\r\n"), []byte("#FORMAT=WebAnno TSV"))
	},
	read: func(data []byte, name string, o *Options, unit annotation.OffsetUnit) (*annotation.Corpus, error) {
		c := &annotation.Corpus{}
		doc, ann := docAndAnnotator(name)
		return c, webanno.ReadTSV(c, bytes.NewReader(data), name, doc, ann, o.webanno(unit))
	},
}

// xmi: UIMA CAS XMI.
var xmiFormat = &format{
	name: "xmi",
	exts: []string{".xmi", ".xml"},
	sure: []string{".xmi"},
	unit: annotation.UTF16,
	sniff: func(head []byte, _ string) bool {
		return bytes.Contains(head, []byte("http://www.omg.org/XMI")) || bytes.Contains(head, []byte("<xmi:XMI"))
	},
	read: func(data []byte, name string, o *Options, unit annotation.OffsetUnit) (*annotation.Corpus, error) {
		c := &annotation.Corpus{}
		doc, ann := docAndAnnotator(name)
		return c, uima.ReadXMI(c, bytes.NewReader(data), name, doc, ann, o.uima(unit))
	},
}

// jsoncas: UIMA JSON CAS.
var jsoncasFormat = &format{
	name: "jsoncas",
	exts: []string{".json"},
	unit: annotation.UTF16,
	sniff: func(head []byte, _ string) bool {
		h := bytes.TrimLeft(head, " \t\r\n")
		return len(h) > 0 && h[0] == '{' && (bytes.Contains(h, []byte(`"%TYPES"`)) || bytes.Contains(h, []byte(`"%FEATURE_STRUCTURES"`)) || bytes.Contains(h, []byte(`"%VIEWS"`)))
	},
	read: func(data []byte, name string, o *Options, unit annotation.OffsetUnit) (*annotation.Corpus, error) {
		c := &annotation.Corpus{}
		doc, ann := docAndAnnotator(name)
		return c, uima.ReadJSONBytes(c, data, name, doc, ann, o.uima(unit))
	},
}

// inception: an INCEpTION or WebAnno project export (a directory or a ZIP
// archive), read by webanno.ReadProject: annotation/<document>/<user>.<tsv|
// xmi|json|zip>, and with --curation curation/<document>/CURATION_USER.
var inceptionFormat = &format{
	name:   "inception",
	unit:   annotation.UTF16,
	isTree: webanno.IsProject,
	tree: func(fsys fs.FS, name string, o *Options, unit annotation.OffsetUnit) (*annotation.Corpus, error) {
		c := &annotation.Corpus{}
		return c, webanno.ReadProject(c, fsys, filepath.ToSlash(name), o.webanno(unit))
	},
}

// webanno and uima are the options of those readers.
func (o *Options) webanno(unit annotation.OffsetUnit) webanno.Options {
	return webanno.Options{Unit: unit.String(), Curation: o.Curation, LabelFeature: o.LabelFeature, LabelFeatureFound: o.labelFeatureFound}
}

func (o *Options) uima(unit annotation.OffsetUnit) uima.Options {
	return uima.Options{Unit: unit.String(), LabelFeature: o.LabelFeature, LabelFeatureFound: o.labelFeatureFound}
}

func init() {
	// A project export given as --input webanno, xmi or jsoncas is read
	// as a project too.
	for _, f := range []*format{webannoFormat, xmiFormat, jsoncasFormat} {
		f.isTree, f.tree = inceptionFormat.isTree, inceptionFormat.tree
	}
}
