package formats

import (
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	corefio "agree/formats/coref"
	"agree/formats/units"
	"agree/unitizing"
)

// The routing of the commands that read other files than annotation
// exports besides them: the tables of agree coding (package
// formats/table), the unit files of gamma and unitizing (formats/units),
// the coreference files of agree coref (formats/coref). Each decision
// looks at an input's head (Input.Head), which the reader then reads from
// its start: an input is opened once.

// RouteHead is the number of bytes of a file that the routing looks at.
const RouteHead = 64 << 10

// IsTable reports whether agree coding reads the input as one table
// (formats/table) rather than through the annotation model (its document
// labels, or its spans token by token): format is the --input name ("",
// "auto" or "csv" read tables; another name, the model). With auto, a
// directory, an archive or a file detected as an annotation format (a
// .json, .jsonl, … file, or the span or relation CSV) is read through the
// model; standard input and other files are tables.
func IsTable(in *Input, format string) (bool, error) {
	switch format {
	case "csv":
		return true, nil
	case "", "auto":
	default:
		return false, nil
	}
	if in.Stream() {
		return true, nil
	}
	dir, err := in.IsDir()
	if err != nil {
		return false, err
	}
	if dir || in.IsArchive() {
		return false, nil
	}
	head, err := in.Head(RouteHead)
	if err != nil {
		return false, readError(in.Name, err)
	}
	if f, err := detect(head, in.Name); err == nil && (f != csvFormat || IsSpanCSV(head) || IsRelationCSV(head)) {
		return false, nil // an annotation format, or the span CSV (token agreement)
	}
	return true, nil
}

// UnitFiles reports whether gamma and unitizing read the inputs as unit
// files (formats/units: unit CSV annotator,category,start,end or RTTM, one
// continuum per file, as before the annotation model): --input auto, csv
// or rttm, and every input a unit CSV or RTTM file, standard input in
// those formats, or a directory holding only such files (not
// recursively). Otherwise every input is read through the annotation
// model (ReadInputs).
func UnitFiles(ins []*Input, format string) (bool, error) {
	switch format {
	case "", "auto", "csv", "rttm":
	default:
		return false, nil
	}
	for _, in := range ins {
		ok, err := unitInput(in, format)
		if err != nil || !ok {
			return false, err
		}
	}
	return true, nil
}

func unitInput(in *Input, format string) (bool, error) {
	if !in.Stream() {
		dir, err := in.IsDir()
		if err != nil {
			return false, err
		}
		if dir {
			return unitDir(in, format)
		}
		if in.IsArchive() {
			return false, nil
		}
	}
	head, err := in.Head(RouteHead)
	if err != nil {
		return false, readError(in.Name, err)
	}
	return unitData(format, head, in.Name), nil
}

// unitDir reports whether a directory holds unit files only: no
// subdirectory, and no file of another format (hidden files, .txt, .md and
// files without an extension are not looked at).
func unitDir(in *Input, format string) (bool, error) {
	ents, err := fs.ReadDir(in.FS, in.Path)
	if err != nil {
		return false, err
	}
	for _, ent := range ents {
		if strings.HasPrefix(ent.Name(), ".") {
			continue
		}
		if ent.IsDir() {
			return false, nil
		}
		ext := strings.ToLower(path.Ext(ent.Name()))
		switch ext {
		case ".csv", ".rttm":
			head, err := memberHead(in, ent.Name())
			if err != nil {
				return false, err
			}
			if !unitData(format, head, ent.Name()) {
				return false, nil
			}
		case ".txt", ".md", "":
		default:
			if KnownExtension(ext) {
				return false, nil
			}
		}
	}
	return true, nil
}

// memberHead returns the head of the file name of a directory input (kept
// open for ReadUnitFiles).
func memberHead(in *Input, name string) ([]byte, error) {
	return in.member(name).Head(RouteHead)
}

// member returns the input of the file name in the directory input in: the
// same one for the same name, so that a file whose head the routing looked
// at is read from that head (opened once).
func (in *Input) member(name string) *Input {
	if m, ok := in.members[name]; ok {
		return m
	}
	if in.members == nil {
		in.members = map[string]*Input{}
	}
	m := &Input{Name: path.Join(filepath.ToSlash(in.Name), name), FS: in.FS, Path: path.Join(in.Path, name)}
	in.members[name] = m
	return m
}

// unitData reports whether a file's head is for the unit reader: not a
// span CSV, and not another format the annotation model reads.
func unitData(format string, head []byte, name string) bool {
	if IsSpanCSV(head) {
		return false
	}
	if format == "csv" || format == "rttm" {
		return true
	}
	f, err := detect(head, name)
	return err != nil || f == csvFormat || f == rttmFormat
}

// ReadUnitFiles reads unit files (see UnitFiles) with rd: one continuum
// per file, standard input or file of a directory (its .csv and .rttm
// files, in name order). A file given by name, or standard input, that is
// empty is an *EmptyError.
func ReadUnitFiles(ins []*Input, rd units.Reader) (unitizing.Corpus, error) {
	var corpus unitizing.Corpus
	for _, in := range ins {
		if !in.Stream() {
			dir, err := in.IsDir()
			if err != nil {
				return corpus, err
			}
			if dir {
				cs, err := readUnitDir(in, rd)
				if err != nil {
					return corpus, err
				}
				corpus.Continua = append(corpus.Continua, cs...)
				continue
			}
		}
		c, err := readUnitFile(in, rd, true)
		if err != nil {
			return corpus, err
		}
		corpus.Continua = append(corpus.Continua, c)
	}
	return corpus, nil
}

func readUnitFile(in *Input, rd units.Reader, refuseEmpty bool) (unitizing.Continuum, error) {
	f, err := in.Open()
	if err != nil {
		return unitizing.Continuum{}, err
	}
	defer f.Close()
	if refuseEmpty {
		if err := f.CheckEmpty(); err != nil {
			return unitizing.Continuum{}, err
		}
	}
	return rd.Read(f, in.Name)
}

// readUnitDir reads the .csv and .rttm files of a directory (not
// recursively), in name order.
func readUnitDir(in *Input, rd units.Reader) ([]unitizing.Continuum, error) {
	ents, err := fs.ReadDir(in.FS, in.Path)
	if err != nil {
		return nil, err
	}
	var files, other []string
	for _, e := range ents {
		ext := strings.ToLower(path.Ext(e.Name()))
		switch {
		case e.IsDir():
		case ext == ".csv" || ext == ".rttm":
			files = append(files, e.Name())
		case ext == ".eaf" || ext == ".textgrid":
			other = append(other, e.Name())
		}
	}
	sort.Strings(files)
	if len(files) == 0 {
		if len(other) > 0 {
			return nil, fmt.Errorf("%s: directory holds no .csv or .rttm file, only ELAN/Praat files (%s): read them with Options.Format eaf or Options.Format textgrid", in.Name, strings.Join(other, ", "))
		}
		return nil, fmt.Errorf("%s: directory holds no .csv or .rttm file", in.Name)
	}
	defer in.Close() // the files looked at and not read (hidden ones)
	var out []unitizing.Continuum
	for _, name := range files {
		c, err := readUnitFile(in.member(name), rd, false)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// The kinds of coreference input CorefKind tells apart.
const (
	CorefCSV   = "csv"   // agree coref's annotator,mention,chain CSV
	CorefCoNLL = "conll" // CoNLL-2011/2012
	CorefBrat  = "brat"  // brat standoff: a .ann file, or a directory
	CorefModel = "model" // any format of the annotation model (ReadInputs)
)

// CorefKind tells how agree coref reads an input: format is its --input
// value (auto, csv, conll, brat, or an input name of the model). With
// auto, a directory is brat, unless it holds CoNLL files and no .ann file
// (CoNLLFiles: read one file per annotator); a .csv file is the span CSV (read through the
// model) or coref's own CSV, by its header; .ann is brat; a .zip or a file
// whose extension another format has is read through the model; anything
// else is CoNLL.
func CorefKind(in *Input, format string) (string, error) {
	switch format {
	case "csv":
		return corefCSV(in)
	case "conll", "brat":
		return format, nil
	case "auto":
	default:
		if slices.Contains(Names(), format) {
			return CorefModel, nil
		}
		return "", fmt.Errorf("Options.Format must be auto, csv, conll, brat or one of %s, got %q", strings.Join(Names(), ", "), format)
	}
	if !in.Stream() {
		if dir, err := in.IsDir(); err == nil && dir {
			if files, err := CoNLLFiles(in); err == nil && len(files) > 0 {
				return CorefCoNLL, nil
			}
			return CorefBrat, nil
		}
	}
	switch ext := strings.ToLower(path.Ext(in.Path)); {
	case ext == ".csv":
		return corefCSV(in)
	case ext == ".ann":
		return CorefBrat, nil
	case ext == ".zip" || (ext != ".conll" && KnownExtension(ext)):
		return CorefModel, nil
	}
	return CorefCoNLL, nil
}

// corefCSV tells the span CSV (read through the model: spans and their
// chain column) from coref's own CSV.
func corefCSV(in *Input) (string, error) {
	if in.Stream() {
		return CorefCSV, nil
	}
	head, err := in.Head(RouteHead)
	if err != nil {
		return "", readError(in.Name, err)
	}
	if IsSpanCSV(head) {
		return CorefModel, nil
	}
	return CorefCSV, nil
}

// CoNLLFiles returns the CoNLL-2011/2012 files of a directory input, as
// slash paths under it in lexical order (its subdirectories included,
// hidden files and folders left out): the files named .conll and those
// whose content is CoNLL, whatever their extension (a "#begin document"
// line within their first RouteHead bytes, as the reference scorer's
// KEY.key and RESPONSE.response). A directory holding a brat .ann file
// is brat standoff: CoNLLFiles returns nil for it, and for an input that
// is not a directory.
func CoNLLFiles(in *Input) ([]string, error) {
	if in.Stream() {
		return nil, nil
	}
	if dir, err := in.IsDir(); err != nil || !dir {
		return nil, err
	}
	var files []string
	brat := false
	err := fs.WalkDir(in.FS, in.Path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != in.Path && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		switch strings.ToLower(path.Ext(p)) {
		case ".ann":
			brat = true
			return fs.SkipAll
		case ".conll":
		default:
			if !d.Type().IsRegular() || !isCoNLLFile(in.FS, p) {
				return nil
			}
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p, in.Path), "/")
		if in.Path == "." {
			rel = p
		}
		files = append(files, rel)
		return nil
	})
	if err != nil {
		return nil, readError(in.Name, err)
	}
	if brat {
		return nil, nil
	}
	return files, nil
}

// isCoNLLFile reports whether the file p of fsys starts as CoNLL-2012
// (corefio.IsCoNLL on its first RouteHead bytes).
func isCoNLLFile(fsys fs.FS, p string) bool {
	f, err := fsys.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, RouteHead)
	n, _ := io.ReadFull(f, head)
	return corefio.IsCoNLL(head[:n])
}
