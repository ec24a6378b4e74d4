package brat

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"agree/annotation"
	"agree/formats/internal/names"
	"agree/formats/internal/textenc"
	"agree/internal/csvio"
	"agree/internal/excerpt"
	"agree/internal/limits"
	"agree/internal/plural"
	"agree/internal/unionfind"
	"agree/position"
)

// Layers of the spans read from brat files.
const (
	EntityLayer = "entity" // text-bound annotations that are not event triggers
	EventLayer  = "event"  // event triggers
)

// DefaultChainRelations are the relation types that form chains besides
// Equiv when Options.ChainRelations is nil.
var DefaultChainRelations = []string{"Coreference", "Coref", "Anaphora"}

// Options select how brat files are read. The zero value reads code-point
// offsets, every text-bound annotation, and Equiv plus the
// DefaultChainRelations as chains.
type Options struct {
	// Unit is what the offsets count; brat's own is annotation.CodePoint.
	// Other units need the .txt to be converted.
	Unit annotation.OffsetUnit
	// ChainRelations are the relation types (any case) whose links, like
	// Equiv's, put spans in one chain; nil means DefaultChainRelations, an
	// empty non-nil slice Equiv only.
	ChainRelations []string
	// Types, if not empty, keeps only the text-bound annotations of these
	// types (case-sensitive). A relation to a span left out is dropped
	// (and counted); an Equiv or chain link to one is an error.
	Types []string
	// Root names the file system ReadFS reads in messages and notes (the
	// directory or archive it is, e.g. "brat/alice" or "export.zip"): the
	// paths of its files are shown joined to it. Empty: their paths in
	// the file system alone.
	Root string
}

func (o *Options) chainRelation(t string) bool {
	if t == "Equiv" {
		return true
	}
	rel := o.ChainRelations
	if rel == nil {
		rel = DefaultChainRelations
	}
	for _, r := range rel {
		if strings.EqualFold(r, t) {
			return true
		}
	}
	return false
}

// tally counts what was not used, for one note per call.
type tally struct {
	attributes, normalizations, notes, eventArgs, otherStar, droppedRelations, noText int
}

func (t *tally) flush(c *annotation.Corpus, where string) {
	var parts []string
	add := func(n int, one, many string) {
		if n == 1 {
			parts = append(parts, "1 "+one)
		} else if n > 1 {
			parts = append(parts, strconv.Itoa(n)+" "+many)
		}
	}
	add(t.attributes, "attribute (A/M line)", "attributes (A/M lines)")
	add(t.normalizations, "normalization (N line)", "normalizations (N lines)")
	add(t.notes, "annotator note (# line)", "annotator notes (# lines)")
	add(t.eventArgs, "event argument (triggers are read as spans)", "event arguments (triggers are read as spans)")
	add(t.otherStar, "\"*\" relation of another type than Equiv and the chain relations", "\"*\" relations of other types than Equiv and the chain relations")
	add(t.droppedRelations, "relation to a text-bound annotation of a type left out", "relations to text-bound annotations of types left out")
	if len(parts) > 0 {
		c.Notes = append(c.Notes, fmt.Sprintf("brat %s: ignored %s", where, strings.Join(parts, ", ")))
	}
	if t.noText > 0 {
		c.Notes = append(c.Notes, fmt.Sprintf("brat %s: %s without a .txt next to %s: offsets and covered texts not checked", where, plural.Count(t.noText, ".ann file"), plural.Verb(t.noText, "it", "them")))
	}
}

// ReadAnn reads one annotator's .ann file (from r, named name in messages)
// for document doc into c. text is the document text (the .txt) or nil
// when there is none; with a text, offsets are checked against it and the
// document gets it. A note in c.Notes counts what was ignored.
func ReadAnn(c *annotation.Corpus, r io.Reader, name string, text *string, doc, annotator string, opt Options) error {
	var t tally
	if text == nil {
		t.noText++
	}
	if err := readAnn(c, r, name, text, doc, annotator, &opt, &t); err != nil {
		return err
	}
	t.flush(c, name)
	return nil
}

// ReadFile reads the .ann file at path, and the .txt next to it when there
// is one, as annotator's annotation of document doc.
func ReadFile(c *annotation.Corpus, path, doc, annotator string, opt Options) error {
	var t tally
	if err := readFile(c, os.DirFS(filepath.Dir(path)), filepath.Base(path), path, doc, annotator, &opt, &t); err != nil {
		return err
	}
	t.flush(c, path)
	return nil
}

// ReadDir reads every .ann file under dir (recursively, in lexical order)
// as annotator's annotation, each with the .txt next to it when there is
// one. A document is named by the file's path relative to dir, with '/'
// separators and without the extension, so that two annotators'
// directories of the same layout are compared document by document. A
// directory without .ann files is an error.
func ReadDir(c *annotation.Corpus, dir, annotator string, opt Options) error {
	return readTree(c, os.DirFS(dir), ".", func(p string) string { return filepath.Join(dir, filepath.FromSlash(p)) }, dir, annotator, &opt)
}

// ReadFS is ReadDir on a directory of a file system (a ZIP archive's, for
// example); dir is a slash-separated path in fsys ("." for its root).
func ReadFS(c *annotation.Corpus, fsys fs.FS, dir, annotator string, opt Options) error {
	if opt.Root == "" {
		return readTree(c, fsys, dir, func(p string) string { return p }, dir, annotator, &opt)
	}
	root := filepath.ToSlash(opt.Root)
	return readTree(c, fsys, dir, func(p string) string { return path.Join(root, p) }, path.Join(root, dir), annotator, &opt)
}

func readTree(c *annotation.Corpus, fsys fs.FS, dir string, display func(string) string, where, annotator string, opt *Options) error {
	var files []string
	err := fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != dir && names.Ignored(d.Name()) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.IsDir() && strings.HasSuffix(p, ".ann") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("%s: no .ann files", where)
	}
	slices.Sort(files)
	var t tally
	for _, p := range files {
		rel := p
		if dir != "." {
			rel = strings.TrimPrefix(strings.TrimPrefix(p, dir), "/")
		}
		if err := readFile(c, fsys, p, display(p), strings.TrimSuffix(rel, ".ann"), annotator, opt, &t); err != nil {
			return err
		}
	}
	t.flush(c, where)
	return nil
}

// ReadFileFS reads a .ann file as annotator's annotation of document doc:
// its content from ann (the file p of fsys, opened already; name is how
// messages call it), and the .txt next to it in fsys when there is one.
func ReadFileFS(c *annotation.Corpus, fsys fs.FS, p string, ann io.Reader, name, doc, annotator string, opt Options) error {
	var t tally
	if err := readAnn2(c, fsys, p, ann, name, doc, annotator, &opt, &t); err != nil {
		return err
	}
	t.flush(c, name)
	return nil
}

// readFile reads the .ann at p in fsys (shown as name) and its .txt.
func readFile(c *annotation.Corpus, fsys fs.FS, p, name, doc, annotator string, opt *Options, t *tally) error {
	f, err := fsys.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	return readAnn2(c, fsys, p, f, name, doc, annotator, opt, t)
}

// readAnn2 reads the .ann content r of the file p of fsys and the .txt
// next to it.
func readAnn2(c *annotation.Corpus, fsys fs.FS, p string, r io.Reader, name, doc, annotator string, opt *Options, t *tally) error {
	var text *string
	txtPath := strings.TrimSuffix(p, ".ann") + ".txt"
	txtName := strings.TrimSuffix(name, ".ann") + ".txt"
	txt, err := readBounded(fsys, txtPath, txtName)
	switch {
	case err == nil:
		if err := checkUTF8(txt, txtName); err != nil {
			return err
		}
		s := string(txt)
		text = &s
	case errors.Is(err, fs.ErrNotExist):
		t.noText++
	default:
		return err
	}
	return readAnn(c, r, name, text, doc, annotator, opt, t)
}

// readBounded reads the file p of fsys (named name) whole, at most
// limits.MaxFile bytes.
func readBounded(fsys fs.FS, p, name string) ([]byte, error) {
	f, err := fsys.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var size int64
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	return limits.ReadAll(f, name, "file", limits.MaxFile, size)
}

// Read reads one brat directory or .ann file per annotator into a new
// corpus. The annotator of a path is annotators[i] when given, else the
// directory's name, or for a .ann file the name of the directory holding
// it (brat keeps one directory per annotator); a file's document is its
// name without .ann. The corpus is validated.
func Read(paths, annotators []string, opt Options) (*annotation.Corpus, error) {
	if annotators != nil && len(annotators) != len(paths) {
		return nil, fmt.Errorf("brat: %d annotator names for %d paths", len(annotators), len(paths))
	}
	c := &annotation.Corpus{}
	for i, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		var ann string
		switch {
		case annotators != nil:
			ann = annotators[i]
		case st.IsDir():
			ann = filepath.Base(filepath.Clean(p))
		default:
			abs, err := filepath.Abs(p)
			if err != nil {
				return nil, err
			}
			ann = filepath.Base(filepath.Dir(abs))
		}
		if st.IsDir() {
			err = ReadDir(c, p, ann, opt)
		} else {
			err = ReadFile(c, p, strings.TrimSuffix(filepath.Base(p), ".ann"), ann, opt)
		}
		if err != nil {
			return nil, err
		}
	}
	return c, c.Validate()
}

// textBound is a text-bound annotation being read.
type textBound struct {
	id, typ, text string
	parts         []annotation.Part
	line          int
}

type ref struct {
	id   string
	line int
}

type relation struct {
	typ      string
	from, to ref
}

func readAnn(c *annotation.Corpus, r io.Reader, name string, text *string, doc, annotator string, opt *Options, t *tally) error {
	d, a := c.Document(doc), c.Annotator(annotator)
	c.MarkAnnotated(d, a)
	var offs *annotation.Offsets
	if text != nil {
		if !utf8.ValidString(*text) {
			return fmt.Errorf("%s: the document text (.txt) is not valid UTF-8", name)
		}
		if err := c.SetText(d, *text, annotation.Pos{File: name}); err != nil {
			return err
		}
		var err error
		if offs, err = annotation.NewOffsets(*text, opt.Unit); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	} else if opt.Unit != annotation.CodePoint {
		return fmt.Errorf("%s: %s offsets can only be converted with the document text, and there is no .txt next to the .ann", name, opt.Unit)
	}
	data, err := limits.ReadAll(r, name, "file", limits.MaxFile, 0)
	if err != nil {
		if limits.IsLimit(err) {
			return err // it names the file
		}
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := checkUTF8(data, name); err != nil {
		return err
	}
	// brat writes no byte-order mark, but an editor may add one
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	all := string(data)
	// room for the text-bound annotations: the lines that start with T
	// (not all lines: a file of blank or attribute lines must not reserve
	// room for as many spans)
	textBound := bytes.Count(data, []byte("\nT")) + 1
	var (
		base      = len(c.Spans)
		n         = 0                               // spans read
		index     = make(map[string]int, textBound) // T id → index among the spans read, -1 when left out by Types
		triggers  = map[string]string{}
		relations []relation
		links     [][2]ref
	)
	line := 0
	for remaining := all; remaining != ""; {
		var s string
		s, remaining, _ = strings.Cut(remaining, "\n")
		line++
		s = strings.TrimRight(s, "\r")
		if strings.TrimSpace(s) == "" {
			continue
		}
		id, rest, _ := strings.Cut(s, "\t")
		if !bratID(id) {
			return position.Errorf(name, line, 0, "not a brat standoff line: want an id (T1, R1, E1, A1, M1, N1, #1 or *) and a tab, found %s", csvio.Quote(s))
		}
		switch id[0] {
		case 'T':
			tb, err := parseTextBound(id, rest, offs, line)
			if err != nil {
				return position.Errorf(name, line, 0, "%w", err)
			}
			if _, dup := index[id]; dup {
				return position.Errorf(name, line, 0, "id %s defined twice", id)
			}
			if len(opt.Types) > 0 && !slices.Contains(opt.Types, tb.typ) {
				index[id] = -1
				continue
			}
			index[id] = n
			n++
			sp := annotation.Span{Doc: d, Annotator: a, ID: tb.id, Label: tb.typ, Layer: EntityLayer, Text: tb.text,
				Start: tb.parts[0].Start, End: tb.parts[len(tb.parts)-1].End, Pos: annotation.Pos{File: name, Line: tb.line}}
			if len(tb.parts) > 1 {
				sp.Parts = tb.parts
			}
			if n == 1 {
				c.Spans = slices.Grow(c.Spans, textBound)
			}
			c.Spans = append(c.Spans, sp)
		case 'R':
			f := strings.Fields(rest)
			if len(f) < 3 {
				return position.Errorf(name, line, 0, "relation %s: want \"<Type> Arg1:<id> Arg2:<id>\"", id)
			}
			var ends [2]ref
			for k, arg := range f[1:3] {
				_, v, ok := strings.Cut(arg, ":")
				if !ok || v == "" {
					return position.Errorf(name, line, 0, "relation %s: argument %q is not of the form Role:<id>", id, arg)
				}
				ends[k] = ref{v, line}
			}
			relations = append(relations, relation{f[0], ends[0], ends[1]})
			if opt.chainRelation(f[0]) {
				links = append(links, ends)
			}
		case 'E':
			f := strings.Fields(rest)
			if len(f) == 0 {
				return position.Errorf(name, line, 0, "event %s: want \"<Type>:<trigger id> [Role:<id>…]\"", id)
			}
			_, trig, ok := strings.Cut(f[0], ":")
			if !ok || trig == "" {
				return position.Errorf(name, line, 0, "event %s: %q is not of the form <Type>:<trigger id>", id, f[0])
			}
			if _, dup := triggers[id]; dup {
				return position.Errorf(name, line, 0, "id %s defined twice", id)
			}
			triggers[id] = trig
			t.eventArgs += len(f) - 1
		case '*':
			f := strings.Fields(rest)
			if len(f) == 0 || !opt.chainRelation(f[0]) {
				t.otherStar++
				continue
			}
			if len(f) < 3 {
				return position.Errorf(name, line, 0, "%s needs at least two annotation ids", f[0])
			}
			for k := 2; k < len(f); k++ {
				links = append(links, [2]ref{{f[1], line}, {f[k], line}})
			}
		case 'A', 'M':
			t.attributes++
		case 'N':
			t.normalizations++
		case '#':
			t.notes++
		}
	}
	// event triggers
	for e, trig := range triggers {
		i, ok := index[trig]
		if !ok {
			return fmt.Errorf("%s: event %s: trigger %s is not a text-bound annotation of the file", name, e, trig)
		}
		if i >= 0 {
			c.Spans[base+i].Layer = EventLayer
		}
	}
	resolve := func(x ref, what string) (int, error) {
		id := x.id
		if trig, ok := triggers[id]; ok {
			id = trig
		}
		i, ok := index[id]
		if !ok {
			return 0, position.Errorf(name, x.line, 0, "%s to unknown annotation %s", what, x.id)
		}
		return i, nil
	}
	// chains: connected components of the links
	uf := unionfind.New(n)
	for _, l := range links {
		var ends [2]int
		for k, x := range l {
			i, err := resolve(x, "link")
			if err != nil {
				return err
			}
			if i < 0 {
				return position.Errorf(name, x.line, 0, "link to %s, whose type is not among the kept types (%s)", x.id, strings.Join(opt.Types, ", "))
			}
			ends[k] = i
		}
		uf.Union(ends[0], ends[1])
	}
	if len(links) > 0 {
		spans := c.Spans[base:]
		size := make([]int, n)
		lowest := make([]string, n)
		for i := range spans {
			r := uf.Find(i)
			size[r]++
			if lowest[r] == "" || idLess(spans[i].ID, lowest[r]) {
				lowest[r] = spans[i].ID
			}
		}
		for i := range spans {
			if r := uf.Find(i); size[r] > 1 {
				spans[i].Chain = lowest[r]
			}
		}
	}
	for _, rel := range relations {
		from, err := resolve(rel.from, "relation "+rel.typ)
		if err != nil {
			return err
		}
		to, err := resolve(rel.to, "relation "+rel.typ)
		if err != nil {
			return err
		}
		if from < 0 || to < 0 {
			t.droppedRelations++
			continue
		}
		c.Relations = append(c.Relations, annotation.Relation{Doc: d, Annotator: a, Source: base + from, Target: base + to,
			Type: rel.typ, Pos: annotation.Pos{File: name, Line: rel.from.line}})
	}
	return nil
}

// parseTextBound parses "<Type> <start> <end>[;<start> <end>…][\t<text>]"
// (rest of a T line), converts the offsets to code points and checks the
// covered text when the document text is known.
func parseTextBound(id, rest string, offs *annotation.Offsets, line int) (textBound, error) {
	head, text, _ := strings.Cut(rest, "\t")
	typ, offStr, ok := strings.Cut(head, " ")
	if !ok || typ == "" {
		return textBound{}, fmt.Errorf("text-bound annotation %s: want \"<Type> <start> <end>\" after the id", id)
	}
	tb := textBound{id: id, typ: typ, text: text, line: line}
	for frag := range strings.SplitSeq(offStr, ";") {
		f := strings.Fields(frag)
		if len(f) != 2 {
			return textBound{}, fmt.Errorf("text-bound annotation %s: offsets %q: want \"<start> <end>\" pairs separated by ';'", id, excerpt.Clip(offStr))
		}
		s, err1 := strconv.Atoi(f[0])
		e, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil || s < 0 || e < s || e > 1<<53 {
			return textBound{}, fmt.Errorf("text-bound annotation %s: offsets %q: want integers 0 ≤ start ≤ end", id, excerpt.Clip(frag))
		}
		if offs != nil {
			var err error
			if s, err = offs.CodePoint(s); err != nil {
				return textBound{}, fmt.Errorf("text-bound annotation %s: %w", id, err)
			}
			if e, err = offs.CodePoint(e); err != nil {
				return textBound{}, fmt.Errorf("text-bound annotation %s: %w", id, err)
			}
		}
		tb.parts = append(tb.parts, annotation.Part{Start: float64(s), End: float64(e)})
	}
	if len(tb.parts) > 1 {
		slices.SortStableFunc(tb.parts, func(x, y annotation.Part) int {
			switch {
			case x.Start < y.Start:
				return -1
			case x.Start > y.Start:
				return 1
			}
			return 0
		})
		for k := 1; k < len(tb.parts); k++ {
			if tb.parts[k].Start < tb.parts[k-1].End {
				return textBound{}, fmt.Errorf("text-bound annotation %s: fragments %q overlap", id, excerpt.Clip(offStr))
			}
		}
	}
	if offs != nil && strings.Contains(rest, "\t") {
		var got string
		if len(tb.parts) == 1 {
			got = offs.Text(int(tb.parts[0].Start), int(tb.parts[0].End))
		} else {
			var covered strings.Builder
			for k, p := range tb.parts {
				if k > 0 {
					covered.WriteByte(' ')
				}
				covered.WriteString(offs.Text(int(p.Start), int(p.End)))
			}
			got = covered.String()
		}
		if got != text && flatten(got) != flatten(text) {
			return textBound{}, fmt.Errorf("text-bound annotation %s (%s %s): the text has %q there, the .ann gives %q%s",
				id, typ, offStr, excerpt.Clip(got), excerpt.Clip(text), unitHint(offs.Unit()))
		}
	}
	return tb, nil
}

// checkUTF8 refuses data that is not UTF-8 text, naming the line of the
// first bad byte, or saying that it is UTF-16.
func checkUTF8(data []byte, name string) error {
	switch e := textenc.CheckUTF8(data); {
	case e == nil:
		return nil
	case e.UTF16:
		return fmt.Errorf("%s: UTF-16, but brat files are UTF-8: convert it (e.g. iconv -f UTF-16 -t UTF-8)", name)
	default:
		return position.Errorf(name, e.Line, 0, "not valid UTF-8 (brat files are UTF-8)")
	}
}

// unitHint suggests checking the offset unit after a covered-text mismatch.
func unitHint(u annotation.OffsetUnit) string {
	return fmt.Sprintf(" (offsets read as %s; was the file written with another unit? see Options.OffsetUnit)", u)
}

// flatten maps line breaks and tabs to spaces: brat cannot write them in
// the covered text of a .ann line.
func flatten(s string) string {
	if !strings.ContainsAny(s, "\n\r\t") {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return ' '
		}
		return r
	}, s)
}

// bratID reports whether id is the id of a brat standoff line: T, R, E,
// A, M, N or # followed by a number, or *.
func bratID(id string) bool {
	if id == "*" {
		return true
	}
	if len(id) < 2 || !strings.ContainsRune("TREAMN#", rune(id[0])) {
		return false
	}
	for _, c := range id[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// idLess orders brat ids by their number ("T2" < "T10"), then as strings.
func idLess(a, b string) bool {
	x, e1 := strconv.Atoi(a[1:])
	y, e2 := strconv.Atoi(b[1:])
	if e1 == nil && e2 == nil && x != y {
		return x < y
	}
	return a < b
}
