package webanno

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"agree/annotation"
	"agree/formats/internal/textenc"
	"agree/formats/uima"
	"agree/internal/csvio"
	"agree/internal/plural"
	"agree/position"
)

// Options select how WebAnno TSV files and project exports are read. The
// zero value reads UTF-16 offsets (WebAnno's own), chooses each layer's
// label feature with uima.LabelFeature, and skips curation.
type Options struct {
	// Unit is what the offsets count: "" or "utf16" (WebAnno and
	// INCEpTION, which are Java), "codepoint" or "byte".
	Unit string
	// LabelFeature is the feature whose value is the label, for the layers
	// that have it; the others use the default choice (uima.LabelFeature).
	LabelFeature string
	// LabelFeatureFound, if set, is called with each layer that has
	// LabelFeature (see uima.Options).
	LabelFeatureFound func(layer string)
	// Curation reads the curation documents of a project export too, as
	// annotator CURATION_USER.
	Curation bool
}

func (o *Options) unit() (annotation.OffsetUnit, error) {
	if o.Unit == "" {
		return annotation.UTF16, nil
	}
	return annotation.ParseOffsetUnit(o.Unit)
}

type colKind uint8

const (
	colPrimitive colKind = iota
	colPlaceholder
	colSlotRole
	colSlotTarget
	colChainType
	colChainLink
	colRelRef
)

type layerKind uint8

const (
	spanLayer layerKind = iota
	chainLayer
	relationLayer
)

type layer struct {
	kind     layerKind
	typ      string // full type name
	name     string // layer name in the corpus
	features []string
	label    int    // index of the label feature in features, -1 if none
	base     string // relation layers: the base span type
}

type column struct {
	layer   int
	kind    colKind
	feature int // index in the layer's features (primitive columns)
}

// unit is a token or sub-token row.
type unit struct {
	id         string
	begin, end int // file units
	text       string
	line       int
	token      bool
}

// ann is a span or chain link being read.
type ann struct {
	layer      int
	begin, end int      // file units
	vals       []string // feature values ("" for null)
	line       int
	unit       int // first unit
	disamb     int // disambiguation id, 0 if none
	stack      int
	chain      int // chain id (chain layers), -1 otherwise
}

type pendingRelation struct {
	layer    int
	vals     []string
	ref      string // unit id of the source
	src, tgt int    // disambiguation ids, 0 if none
	row      int    // unit of the target
	line     int
}

type rowAnn struct{ layer, stack, ann int }

// tsvReader reads one TSV file.
type tsvReader struct {
	name     string
	opt      *Options
	minor    int // 1, 2 or 3
	layers   []layer
	cols     []column
	units    []unit
	unitByID map[string]int
	anns     []ann
	byID     map[[2]int]int // (layer, disambiguation id) → ann
	byLink   map[[3]int]int // (layer, chain, link) → ann
	rowAnns  map[int][]rowAnn
	hasRel   bool
	rels     []pendingRelation
	slots    int
	text     []byte
	textLen  int // in file units
	// fill is what the gaps between sentences may still add to the text
	// (spaces that are in no #Text= line): the file's size and a margin,
	// so that offsets far apart cannot make a small file a huge text
	fill      int
	unitKind  annotation.OffsetUnit
	row       []rowAnn // annotations of the current row
	cells     []string // cells of the current row
	stacks    [][]string
	layerCols []int // layer i has the columns layerCols[i]..layerCols[i+1]
}

// ReadTSV reads one WebAnno TSV 3.x file (from r, named name in messages)
// as annotator's annotation of document doc into c: the document text
// rebuilt from the #Text= lines and the token offsets, its tokens, the
// spans of every span and chain layer and the relations of every relation
// layer. See the package documentation.
func ReadTSV(c *annotation.Corpus, r io.Reader, name, doc, annotator string, opt Options) error {
	unit, err := opt.unit()
	if err != nil {
		return err
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	t := &tsvReader{name: name, opt: &opt, unitKind: unit, unitByID: map[string]int{}, byID: map[[2]int]int{}, byLink: map[[3]int]int{}}
	return t.read(c, data, doc, annotator)
}

func (t *tsvReader) errorf(line int, format string, args ...any) error {
	return position.Errorf(t.name, line, 0, format, args...)
}

func (t *tsvReader) read(c *annotation.Corpus, data []byte, doc, annotator string) error {
	if e := textenc.CheckUTF8(data); e != nil {
		if e.UTF16 {
			return fmt.Errorf("%s: UTF-16, but WebAnno TSV files are UTF-8: convert it (e.g. iconv -f UTF-16 -t UTF-8)", t.name)
		}
		return position.Errorf(t.name, e.Line, 0, "not valid UTF-8 (WebAnno TSV files are UTF-8)")
	}
	s := string(data)
	s = strings.TrimPrefix(s, "\ufeff")
	// room for a row per line, but not for blank lines: a token line has
	// at least ten bytes
	rows := min(strings.Count(s, "\n")+1, len(s)/10+1)
	t.units = make([]unit, 0, rows)
	t.anns = make([]ann, 0, rows)
	t.fill = len(s) + maxGap
	t.text = make([]byte, 0, len(s)/4)
	line := 0
	next := func() (string, bool) {
		if s == "" {
			return "", false
		}
		var l string
		l, s, _ = strings.Cut(s, "\n")
		line++
		return strings.TrimSuffix(l, "\r"), true
	}
	first, ok := next()
	if !ok {
		return fmt.Errorf("%s: empty file (want a WebAnno TSV 3 header, #FORMAT=WebAnno TSV 3.3)", t.name)
	}
	if err := t.format(first, line); err != nil {
		return err
	}
	// header: layer declarations up to the first blank line
	var l string
	for {
		if l, ok = next(); !ok || l == "" {
			break
		}
		if err := t.declare(l, line); err != nil {
			return err
		}
	}
	t.names()
	ncols := len(t.cols)
	t.layerCols = make([]int, len(t.layers)+1)
	for k := len(t.cols) - 1; k >= 0; k-- {
		t.layerCols[t.cols[k].layer] = k
	}
	t.layerCols[len(t.layers)] = len(t.cols)
	t.row = make([]rowAnn, 0, 8)
	// body
	var sentence strings.Builder
	inHeader := false // reading a sentence's # lines
	sentences := 0
	for {
		if l, ok = next(); !ok {
			break
		}
		if l == "" {
			inHeader = false
			continue
		}
		if l[0] == '#' {
			if !inHeader {
				inHeader = true
				sentence.Reset()
			}
			switch {
			case strings.HasPrefix(l, "#Text="):
				sentence.WriteString(t.unescapeText(l[len("#Text="):]))
				sentence.WriteByte('\n')
			case strings.HasPrefix(l, "#Sentence.id="), strings.HasPrefix(l, "#id="):
			default:
				return t.errorf(line, "unexpected header line %s: want #Text= (the sentence text) or a token line", csvio.Quote(l))
			}
			continue
		}
		// a token or sub-token line
		id, rest, _ := strings.Cut(l, "\t")
		offs, rest, ok1 := strings.Cut(rest, "\t")
		tokText, rest, ok2 := strings.Cut(rest, "\t")
		if !ok1 || !ok2 && ncols > 0 {
			return t.errorf(line, "want a token line <sentence>-<token>\\t<begin>-<end>\\t<token>\\t<%d annotation columns>, found %s", ncols, csvio.Quote(l))
		}
		b, e, err := parseOffsets(offs)
		if err != nil {
			return t.errorf(line, "token %s: %v", id, err)
		}
		sub := strings.Contains(id, ".")
		if !validUnitID(id, sub) {
			return t.errorf(line, "token id %s: want <sentence>-<token> or <sentence>-<token>.<sub-token> (numbers)", csvio.Quote(id))
		}
		if inHeader {
			if sub {
				return t.errorf(line, "sub-token %s before the sentence's first token", id)
			}
			if err := t.startSentence(sentence.String(), b, line); err != nil {
				return err
			}
			inHeader = false
			sentences++
		} else if sentences == 0 {
			return t.errorf(line, "token line before any #Text= line")
		}
		if sub && (len(t.units) == 0 || !t.units[len(t.units)-1].token && !strings.HasPrefix(id, tokenOf(t.units[len(t.units)-1].id)+".") ||
			t.units[len(t.units)-1].token && !strings.HasPrefix(id, t.units[len(t.units)-1].id+".")) {
			return t.errorf(line, "sub-token %s does not follow its token", id)
		}
		u := len(t.units)
		if t.hasRel {
			// relations name their source by its unit id
			if _, dup := t.unitByID[id]; dup {
				return t.errorf(line, "token id %s appears twice", id)
			}
			t.unitByID[id] = u
		}
		t.units = append(t.units, unit{id: id, begin: b, end: e, text: t.unescapeText(tokText), line: line, token: !sub})
		if err := t.columns(rest, ncols, u, line); err != nil {
			return err
		}
	}
	if sentences == 0 {
		return fmt.Errorf("%s: no sentence (#Text= line) and no token", t.name)
	}
	return t.finish(c, doc, annotator)
}

func tokenOf(id string) string {
	tok, _, _ := strings.Cut(id, ".")
	return tok
}

func validUnitID(id string, sub bool) bool {
	s, rest, ok := strings.Cut(id, "-")
	if !ok || !digits(s) {
		return false
	}
	if sub {
		tok, st, _ := strings.Cut(rest, ".")
		return digits(tok) && digits(st)
	}
	return digits(rest)
}

func digits(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func parseOffsets(s string) (int, int, error) {
	bs, es, ok := strings.Cut(s, "-")
	if !ok || !digits(bs) || !digits(es) {
		return 0, 0, fmt.Errorf("offsets %s: want <begin>-<end>", csvio.Quote(s))
	}
	b, _ := strconv.Atoi(bs)
	e, _ := strconv.Atoi(es)
	if e < b {
		return 0, 0, fmt.Errorf("offsets %s: the end is before the begin", s)
	}
	return b, e, nil
}

// format checks the #FORMAT line.
func (t *tsvReader) format(l string, line int) error {
	const prefix = "#FORMAT=WebAnno TSV "
	if !strings.HasPrefix(l, prefix) {
		return t.errorf(line, "want the header #FORMAT=WebAnno TSV 3.x, found %s", csvio.Quote(l))
	}
	v := strings.TrimSpace(l[len(prefix):])
	switch v {
	case "3", "3.0", "3.1":
		t.minor = 1
	case "3.2":
		t.minor = 2
	case "3.3":
		t.minor = 3
	default:
		return t.errorf(line, "WebAnno TSV %s is not supported: want 3.1, 3.2 or 3.3 (export again as \"WebAnno TSV v3.3\")", v)
	}
	return nil
}

// declare reads one layer declaration of the header.
func (t *tsvReader) declare(l string, line int) error {
	var kind layerKind
	switch {
	case strings.HasPrefix(l, "#T_SP="):
		kind = spanLayer
	case strings.HasPrefix(l, "#T_CH="):
		kind = chainLayer
	case strings.HasPrefix(l, "#T_RL="):
		kind = relationLayer
	default:
		return t.errorf(line, "want a layer declaration (#T_SP=, #T_CH= or #T_RL=) or the blank lines that end the header, found %s", csvio.Quote(l))
	}
	fields := strings.Split(l[len("#T_SP="):], "|")
	if fields[0] == "" {
		return t.errorf(line, "layer declaration without a type name")
	}
	li := len(t.layers)
	ly := layer{kind: kind, typ: fields[0], label: -1}
	if len(fields) == 1 {
		t.cols = append(t.cols, column{layer: li, kind: colPlaceholder})
	}
	for k := 1; k < len(fields); k++ {
		f := fields[k]
		col := column{layer: li}
		switch {
		case kind == spanLayer && strings.HasPrefix(f, "ROLE_"):
			col.kind = colSlotRole
		case kind == spanLayer && k > 1 && strings.HasPrefix(fields[k-1], "ROLE_"):
			col.kind = colSlotTarget
		case kind == relationLayer && strings.HasPrefix(f, "BT_"):
			col.kind = colRelRef
			ly.base = f[len("BT_"):]
		case kind == chainLayer && f == "referenceType":
			col.kind = colChainType
		case kind == chainLayer && f == "referenceRelation":
			col.kind = colChainLink
		case kind == chainLayer:
			return t.errorf(line, "chain layer %s: feature %s: chain layers have referenceType and referenceRelation", ly.typ, csvio.Quote(f))
		default:
			col.kind = colPrimitive
			col.feature = len(ly.features)
			ly.features = append(ly.features, f)
		}
		t.cols = append(t.cols, col)
	}
	if kind == relationLayer && ly.base == "" {
		return t.errorf(line, "relation layer %s: no BT_<base type> column", ly.typ)
	}
	if kind == chainLayer {
		ly.features = []string{"referenceType", "referenceRelation"}
	}
	t.layers = append(t.layers, ly)
	if kind == relationLayer {
		t.hasRel = true
	}
	return nil
}

// names gives the layers their names and label features.
func (t *tsvReader) names() {
	var types []string
	for _, l := range t.layers {
		types = append(types, l.typ)
	}
	names := uima.LayerNames(types)
	for i := range t.layers {
		l := &t.layers[i]
		l.name = names[l.typ]
		want := uima.LabelFeature(l.features, t.opt.LabelFeature)
		if want != "" && want == t.opt.LabelFeature && t.opt.LabelFeatureFound != nil {
			t.opt.LabelFeatureFound(l.name)
		}
		for k, f := range l.features {
			if f == want {
				l.label = k
			}
		}
	}
}

// unitLen is the length of s in the file's offset unit.
func (t *tsvReader) unitLen(s string) int {
	switch t.unitKind {
	case annotation.Byte:
		return len(s)
	case annotation.UTF16:
		n := 0
		for _, r := range s {
			n++
			if r >= 0x10000 {
				n++
			}
		}
		return n
	}
	return utf8.RuneCountInString(s)
}

// maxGap is the white space the gaps between sentences may add to a
// document's text beyond the file's own size.
const maxGap = 1 << 20

// startSentence appends a sentence's text (ending in a line break) to the
// document text so that it starts at offset begin, as WebAnno rebuilds it:
// the previous sentence's line break is dropped when the sentences touch,
// and spaces fill a gap.
func (t *tsvReader) startSentence(text string, begin, line int) error {
	switch {
	case t.textLen == begin+1 && len(t.text) > 0 && t.text[len(t.text)-1] == '\n':
		t.text = t.text[:len(t.text)-1]
		t.textLen--
	case t.textLen > begin:
		return t.errorf(line, "the sentence starts at offset %d, inside the text of the sentences before it (%d %s units long): are the offsets in another unit? (see Options.OffsetUnit)", begin, t.textLen, t.unitKind)
	}
	if gap := begin - t.textLen; gap > t.fill {
		return t.errorf(line, "the sentence starts at offset %d, %d %s units after the text of the sentences before it ends: more than the white space between sentences of a WebAnno export (are the offsets right?)", begin, gap, t.unitKind)
	} else if gap > 0 {
		t.fill -= gap
		t.text = append(t.text, strings.Repeat(" ", gap)...)
		t.textLen = begin
	}
	t.text = append(t.text, text...)
	t.textLen += t.unitLen(text)
	return nil
}

// columns reads the annotation columns of one row, layer by layer (the
// columns of a layer are adjacent; its stacked annotations are the
// '|'-separated values of its columns, in parallel).
func (t *tsvReader) columns(rest string, ncols, u, line int) error {
	t.row = t.row[:0]
	t.cells = t.cells[:0]
	for k := 0; k < ncols; k++ {
		var cell string
		var ok bool
		cell, rest, ok = strings.Cut(rest, "\t")
		if !ok && k < ncols-1 {
			return t.errorf(line, "%d annotation columns, the header declares %d", k+1, ncols)
		}
		if cell == "" {
			return t.errorf(line, "column %d is empty: want _ (no annotation), * (an annotation without a feature value) or values", k+4)
		}
		t.cells = append(t.cells, cell)
	}
	if strings.Trim(rest, "\t") != "" {
		return t.errorf(line, "more columns than the %d the header declares", ncols)
	}
	for li := range t.layers {
		c0, c1 := t.layerCols[li], t.layerCols[li+1]
		empty := true
		for k := c0; k < c1; k++ {
			empty = empty && t.cells[k] == "_"
		}
		if empty {
			continue
		}
		if err := t.layerCells(li, c0, c1, u, line); err != nil {
			return err
		}
	}
	if t.hasRel && len(t.row) > 0 {
		if t.rowAnns == nil {
			t.rowAnns = map[int][]rowAnn{}
		}
		t.rowAnns[u] = append([]rowAnn(nil), t.row...)
	}
	return nil
}

// layerCells reads the cells c0..c1 of layer li in one row.
func (t *tsvReader) layerCells(li, c0, c1, u, line int) error {
	ly := &t.layers[li]
	// split every column's stack
	for len(t.stacks) < c1-c0 {
		t.stacks = append(t.stacks, nil)
	}
	n := 0
	for k := c0; k < c1; k++ {
		st := t.stacks[k-c0][:0]
		if t.cells[k] != "_" {
			st = splitUnescaped(st, t.cells[k], '|')
		}
		t.stacks[k-c0] = st
		n = max(n, len(st))
		if t.cols[k].kind == colSlotRole || t.cols[k].kind == colSlotTarget {
			if len(st) > 0 {
				t.slots++
			}
		}
	}
	for stack := 0; stack < n; stack++ {
		var (
			vals          = make([]string, len(ly.features))
			id            = 0
			chain, link   = -1, -1
			ref           string
			src, tgt      int
			haveRef       bool
			chainRelation string
		)
		for k := c0; k < c1; k++ {
			col := t.cols[k]
			st := t.stacks[k-c0]
			if stack >= len(st) {
				continue
			}
			v := st[stack]
			switch col.kind {
			case colSlotRole, colSlotTarget:
			case colPrimitive, colPlaceholder, colChainType:
				val, d, err := disambiguation(v)
				if err != nil {
					return t.errorf(line, "column %d: %v", k+4, err)
				}
				if col.kind == colChainType {
					d = 0 // the chain id, not a disambiguation id
				}
				if d != 0 {
					if id != 0 && id != d {
						return t.errorf(line, "column %d: %s has disambiguation id %d, the layer's other columns %d", k+4, csvio.Quote(v), d, id)
					}
					id = d
				}
				if col.kind == colChainType {
					vals[0] = nullable(val)
				} else if col.kind == colPrimitive {
					vals[col.feature] = nullable(val)
				}
			case colChainLink:
				val, ch, lk, err := chainSuffix(v)
				if err != nil {
					return t.errorf(line, "column %d: %v", k+4, err)
				}
				chain, link, chainRelation = ch, lk, nullable(val)
			case colRelRef:
				r, ids, hasIDs := cutSuffix(v)
				if hasIDs {
					s, tg, ok := strings.Cut(ids, "_")
					if !ok || !digits(s) || !digits(tg) {
						return t.errorf(line, "column %d: relation source %s: want <unit>[<source id>_<target id>]", k+4, csvio.Quote(v))
					}
					src, _ = strconv.Atoi(s)
					tgt, _ = strconv.Atoi(tg)
				}
				ref, haveRef = r, true
			}
		}
		switch ly.kind {
		case relationLayer:
			if !haveRef {
				return t.errorf(line, "relation layer %s: values without the source column (BT_)", ly.name)
			}
			t.rels = append(t.rels, pendingRelation{layer: li, vals: vals, ref: ref, src: src, tgt: tgt, row: u, line: line})
		case chainLayer:
			if chain < 0 {
				return t.errorf(line, "chain layer %s: a chain element without its link (referenceRelation, <relation>-><chain>-<link>)", ly.name)
			}
			vals[1] = chainRelation
			key := [3]int{li, chain, link}
			a, ok := t.byLink[key]
			if ok {
				t.extend(a, u)
			} else {
				a = t.newAnn(li, u, line, stack)
				t.anns[a].chain = chain
				t.byLink[key] = a
			}
			t.anns[a].vals = vals
			t.row = append(t.row, rowAnn{li, stack, a})
		default:
			var a int
			var ok bool
			if id != 0 {
				a, ok = t.byID[[2]int{li, id}]
			}
			if ok {
				t.extend(a, u)
			} else {
				a = t.newAnn(li, u, line, stack)
				t.anns[a].disamb = id
				if id != 0 {
					t.byID[[2]int{li, id}] = a
				}
			}
			t.anns[a].vals = vals
			t.row = append(t.row, rowAnn{li, stack, a})
		}
	}
	return nil
}

func (t *tsvReader) newAnn(li, u, line, stack int) int {
	t.anns = append(t.anns, ann{layer: li, begin: t.units[u].begin, end: t.units[u].end, line: line, unit: u, stack: stack, chain: -1})
	return len(t.anns) - 1
}

// extend makes annotation a cover unit u too.
func (t *tsvReader) extend(a, u int) {
	x := &t.anns[a]
	x.begin = min(x.begin, t.units[u].begin)
	x.end = max(x.end, t.units[u].end)
}

// nullable maps WebAnno's null value "*" to "" and unescapes the others.
func nullable(v string) string {
	if v == "*" {
		return ""
	}
	return unescapeValue(v)
}

// finish converts the offsets to code points, checks every token's text
// against the rebuilt document text, and adds the document, its tokens,
// the spans and the relations to c.
func (t *tsvReader) finish(c *annotation.Corpus, doc, annotator string) error {
	text := strings.TrimSuffix(string(t.text), "\n")
	offs, err := annotation.NewOffsets(text, t.unitKind)
	if err != nil {
		return fmt.Errorf("%s: %w", t.name, err)
	}
	// code points of every unit
	cp := make([][2]int, len(t.units))
	var tokens []annotation.Token
	for i := range t.units {
		u := &t.units[i]
		b, err1 := offs.CodePoint(u.begin)
		e, err2 := offs.CodePoint(u.end)
		if err := cmpErr(err1, err2); err != nil {
			return t.errorf(u.line, "token %s at %d-%d: %v", u.id, u.begin, u.end, err)
		}
		cp[i] = [2]int{b, e}
		if got := offs.Text(b, e); got != u.text {
			return t.errorf(u.line, "token %s at %d-%d is %s, but the text rebuilt from the #Text= lines has %s there (offsets read as %s; see Options.OffsetUnit)",
				u.id, u.begin, u.end, csvio.Quote(u.text), csvio.Quote(got), t.unitKind)
		}
		if u.token {
			tokens = append(tokens, annotation.Token{Start: b, End: e})
		}
	}
	d, a := c.Document(doc), c.Annotator(annotator)
	c.MarkAnnotated(d, a)
	if err := c.SetText(d, text, annotation.Pos{File: t.name}); err != nil {
		return err
	}
	if c.Documents[d].Tokens == nil {
		c.Documents[d].Tokens = tokens
	}
	// the annotations' offsets: begin of the first unit, end of the last
	conv := func(x int) int {
		k, _ := offs.CodePoint(x) // unit offsets were checked above
		return k
	}
	base := len(c.Spans)
	spanOf := make([]int, len(t.anns))
	c.Spans = slices.Grow(c.Spans, len(t.anns))
	noLabel := map[int]bool{}
	for i := range t.anns {
		x := &t.anns[i]
		ly := &t.layers[x.layer]
		s := annotation.Span{Doc: d, Annotator: a, Start: float64(conv(x.begin)), End: float64(conv(x.end)), Layer: ly.name,
			Pos: annotation.Pos{File: t.name, Line: x.line}}
		switch {
		case x.chain >= 0:
			s.Chain = strconv.Itoa(x.chain)
		case x.disamb != 0:
			s.ID = ly.name + "[" + strconv.Itoa(x.disamb) + "]"
		}
		for k, v := range x.vals {
			switch {
			case k == ly.label:
				s.Label = v
			case v != "":
				if s.Attrs == nil {
					s.Attrs = map[string]string{}
				}
				s.Attrs[ly.features[k]] = v
			}
		}
		if ly.label < 0 && len(ly.features) > 1 {
			noLabel[x.layer] = true
		}
		spanOf[i] = base + i
		c.Spans = append(c.Spans, s)
	}
	// relations: the source is the annotation of the base type on the
	// unit the BT_ column names, the target the one on the relation's row
	skipped := 0
	for _, r := range t.rels {
		ly := &t.layers[r.layer]
		su, ok := t.unitByID[r.ref]
		if !ok {
			return t.errorf(r.line, "relation %s: its source %s is not a token of the file", ly.name, r.ref)
		}
		src := t.endpoint(ly.base, su, r.src)
		tgt := t.endpoint(ly.base, r.row, r.tgt)
		if src < 0 || tgt < 0 {
			skipped++
			continue
		}
		rel := annotation.Relation{Doc: d, Annotator: a, Source: spanOf[src], Target: spanOf[tgt], Layer: ly.name,
			Pos: annotation.Pos{File: t.name, Line: r.line}}
		if ly.label >= 0 {
			rel.Type = r.vals[ly.label]
		}
		c.Relations = append(c.Relations, rel)
		if ly.label < 0 && len(ly.features) > 1 {
			noLabel[r.layer] = true
		}
	}
	for li := range t.layers {
		if noLabel[li] {
			ly := &t.layers[li]
			c.Notes = append(c.Notes, fmt.Sprintf("webanno %s: layer %s has the features %s and none is the label by default: its labels are empty (--label-feature, Options.LabelFeature, chooses one)",
				t.name, ly.name, strings.Join(ly.features, ", ")))
		}
	}
	if skipped > 0 {
		c.Notes = append(c.Notes, fmt.Sprintf("webanno %s: %s whose ends are not annotations of their base layer (e.g. dependencies on plain tokens) skipped", t.name, plural.Count(skipped, "relation")))
	}
	if t.slots > 0 {
		c.Notes = append(c.Notes, fmt.Sprintf("webanno %s: %s (ROLE_ columns) ignored", t.name, plural.Count(t.slots, "slot feature value")))
	}
	return nil
}

// endpoint finds the annotation of the span layer of type typ on unit u
// with disambiguation id id (0: the only one there), or -1.
func (t *tsvReader) endpoint(typ string, u, id int) int {
	li := -1
	for i := range t.layers {
		if t.layers[i].typ == typ && t.layers[i].kind != relationLayer {
			li = i
		}
	}
	if li < 0 {
		return -1
	}
	if id != 0 {
		if a, ok := t.byID[[2]int{li, id}]; ok {
			return a
		}
		return -1
	}
	found := -1
	for _, ra := range t.rowAnns[u] {
		if ra.layer == li {
			if found >= 0 && found != ra.ann {
				return -1 // ambiguous
			}
			found = ra.ann
		}
	}
	return found
}

func cmpErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
