package uima

import (
	"cmp"
	"fmt"
	"hash/maphash"
	"slices"
	"strconv"
	"strings"

	"agree/annotation"
	"agree/formats/internal/textenc"
	"agree/internal/plural"
)

// Options select how UIMA CAS files are read. The zero value reads UTF-16
// offsets (the Java CAS's) and chooses each type's label feature with
// LabelFeature.
type Options struct {
	// Unit is what begin and end count: "" or "utf16" (UIMA's Java CAS,
	// INCEpTION), "codepoint" (a CAS written by Python's dkpro-cassis) or
	// "byte".
	Unit string
	// LabelFeature is the feature whose value is the label, for the types
	// that have it; the others use the default choice (LabelFeature).
	LabelFeature string
	// LabelFeatureFound, if set, is called with the layer of each type
	// that has LabelFeature (for a caller to tell a mistyped feature, which
	// no layer has, from one some files have).
	LabelFeatureFound func(layer string)
}

func (o *Options) unit() (annotation.OffsetUnit, error) {
	if o.Unit == "" {
		return annotation.UTF16, nil
	}
	return annotation.ParseOffsetUnit(o.Unit)
}

// feature is one feature of a feature structure: its name and its value
// as a string (a reference holds the referenced id).
type feature struct {
	name, value string
	ref         bool // known to be a reference (JSON "@name")
	owned       bool // value is a string of its own, not a substring of the file's data
}

// fsNode is one feature structure of a CAS, whatever the serialisation.
type fsNode struct {
	id       string
	typ      string // full type name
	features []feature
	sofa     string
	begin    int
	end      int
	hasSpan  bool
	// where it was read (see where): the file, and the XMI element's line
	// and name, or the index of the JSON CAS structure (-1 when keyed by
	// its id)
	file      string
	line, col int
	elem      string
	index     int
	off       int // a JSON CAS structure's byte offset in the file
}

// where returns where the node was read: the file, line and element of an
// XMI node (<type:Token xmi:id="4">), the JSON path of a JSON CAS one. It
// is built when needed (for a span or a message), not for every node.
func (n *fsNode) where() annotation.Pos {
	p := annotation.Pos{File: n.file, Line: n.line, Col: n.col}
	switch {
	case n.elem != "" && n.id != "":
		p.Path = "<" + n.elem + " xmi:id=\"" + n.id + "\">"
	case n.elem != "":
		p.Path = "<" + n.elem + ">"
	case n.index >= 0:
		p.Path = "%FEATURE_STRUCTURES[" + strconv.Itoa(n.index) + "]"
	default:
		p.Path = "%FEATURE_STRUCTURES[" + strconv.Quote(n.id) + "]"
	}
	return p
}

// needed reports whether build reads more of a feature structure than
// its id: a span, a sofa, a chain, a link of one, a relation.
func (n *fsNode) needed() bool {
	if n.hasSpan || n.typ == "uima.cas.Sofa" {
		return true
	}
	for _, f := range n.features {
		switch f.name {
		case "first", "next", "Governor", "Dependent":
			return true
		}
	}
	return false
}

// cas is what a CAS file gives build: the feature structures it reads
// (nodes, in chunks that are never copied or over-reserved) and, of the
// others, only the id and where it is (bare, 24 bytes each, in chunks too),
// so that a reference to one resolves and an id given twice is found; a
// structure without id and of no use is not kept at all. A file of a
// million elements build has no use for then costs about its own size
// (with ids) or nothing.
type cas struct {
	file   string
	nodes  [][]fsNode
	n      int // nodes
	bare   [][]bareNode
	nBare  int
	feats  featArena
	locate func(off int) (line, col int, elem string) // a bare structure's line, column and XMI element
}

// at returns node i.
func (c *cas) at(i int) *fsNode { return &c.nodes[i/nodeChunk][i%nodeChunk] }

const nodeChunk = 1024

// featArena holds the nodes' features in chunks: a node's are contiguous
// (a slice of a chunk), and a chunk is never copied to grow.
type featArena struct{ cur []feature }

// add adds f to the features of the node whose first feature is at
// *first of the current chunk (moving them to a new chunk when it is
// full).
func (a *featArena) add(f feature, first *int) {
	if len(a.cur) == cap(a.cur) {
		n := len(a.cur) - *first
		nc := make([]feature, n, max(4096, 2*n))
		copy(nc, a.cur[*first:])
		a.cur, *first = nc, 0
	}
	a.cur = append(a.cur, f)
}

// done returns the features of the node from first on.
func (a *featArena) done(first int) []feature { return a.cur[first:len(a.cur):len(a.cur)] }

// bareNode is a structure kept for its id: the byte offset of its
// element's '<' (XMI) or of its object (JSON), and its index in a JSON
// %FEATURE_STRUCTURES array (-1 otherwise).
type bareNode struct {
	id         string
	off, index int32
}

const bareChunk = 4096

// keep adds n to nodes, to bare (its features, from first in the arena,
// dropped) or nowhere.
func (c *cas) keep(n fsNode, first int) {
	switch {
	case n.needed():
		k := len(c.nodes) - 1
		if k < 0 || len(c.nodes[k]) == nodeChunk {
			size := nodeChunk
			if k < 0 {
				size = 16 // a small file's first chunk grows to nodeChunk
			}
			c.nodes = append(c.nodes, make([]fsNode, 0, size))
			k++
		}
		if len(c.nodes[k]) == cap(c.nodes[k]) { // the first, small chunks
			c.nodes[k] = append(make([]fsNode, 0, min(nodeChunk, 2*cap(c.nodes[k]))), c.nodes[k]...)
		}
		c.nodes[k] = append(c.nodes[k], n)
		c.n++
		return
	case n.id != "":
		k := len(c.bare) - 1
		if k < 0 || len(c.bare[k]) == bareChunk {
			c.bare = append(c.bare, make([]bareNode, 0, bareChunk))
			k++
		}
		c.bare[k] = append(c.bare[k], bareNode{id: n.id, off: int32(n.off), index: int32(n.index)})
		c.nBare++
	}
	if len(n.features) > 0 {
		c.feats.cur = c.feats.cur[:first]
	}
}

// size is the number of structures: nodes, then bare.
func (c *cas) size() int { return c.n + c.nBare }

// id returns the id of structure k.
func (c *cas) id(k int) string {
	if k < c.n {
		return c.at(k).id
	}
	k -= c.n
	return c.bare[k/bareChunk][k%bareChunk].id
}

// off returns the byte offset of structure k.
func (c *cas) off(k int) int {
	if k < c.n {
		return c.at(k).off
	}
	k -= c.n
	return int(c.bare[k/bareChunk][k%bareChunk].off)
}

// node returns structure k (a bare one without type, features or span).
func (c *cas) node(k int) fsNode {
	if k < c.n {
		return *c.at(k)
	}
	k -= c.n
	b := c.bare[k/bareChunk][k%bareChunk]
	n := fsNode{file: c.file, id: b.id, off: int(b.off), index: int(b.index)}
	if c.locate != nil {
		n.line, n.col, n.elem = c.locate(n.off)
	}
	return n
}

func (n *fsNode) get(name string) (string, bool) {
	for _, f := range n.features {
		if f.name == name {
			return f.value, true
		}
	}
	return "", false
}

// Types that are not annotation layers: the CAS's own, and the DKPro Core
// and INCEpTION infrastructure (segmentation, metadata).
var infrastructure = map[string]bool{
	"DocumentAnnotation": true, "DocumentMetaData": true, "Sentence": true, "Token": true,
	"TagsetDescription": true, "CASMetadata": true, "Paragraph": true, "Div": true,
}

// reference features: never a label.
var referenceFeatures = map[string]bool{"next": true, "first": true, "Governor": true, "Dependent": true, "sofa": true}

// build adds the CAS's annotations of the initial view to c as annotator's
// annotation of document doc. See the package documentation.
func build(c *annotation.Corpus, cs *cas, name, doc, annotator string, opt *Options) error {
	unit, err := opt.unit()
	if err != nil {
		return err
	}
	// the initial view's sofa
	sofa := -1
	nSofas := 0
	for i := range cs.n {
		n := cs.at(i)
		if n.typ != "uima.cas.Sofa" {
			continue
		}
		nSofas++
		if id, _ := n.get("sofaID"); id == "_InitialView" || sofa < 0 {
			if sofa < 0 || id == "_InitialView" {
				sofa = i
			}
		}
	}
	if sofa < 0 {
		return fmt.Errorf("%s: no uima.cas.Sofa: the CAS has no document text", name)
	}
	text, hasText, owned := "", false, false
	for _, f := range cs.at(sofa).features {
		if f.name == "sofaString" {
			text, hasText, owned = f.value, true, f.owned
			break
		}
	}
	if !hasText {
		return cs.at(sofa).where().Errorf("the Sofa has no sofaString: only text documents can be read")
	}
	sofaID := cs.at(sofa).id
	// The nodes' strings may be substrings of the file (the XMI scanner's):
	// what the corpus keeps is copied, equal short strings once, so that
	// the corpus does not hold the file's data alive.
	interned := map[string]string{}
	keep := func(s string) string {
		if k, ok := interned[s]; ok {
			return k
		}
		k := strings.Clone(s)
		interned[k] = k
		return k
	}
	if !owned {
		text = strings.Clone(text) // not the file's data: a substring would keep it alive
	}
	offs, err := annotation.NewOffsets(text, unit)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	d, a := c.Document(doc), c.Annotator(annotator)
	c.MarkAnnotated(d, a)
	if err := c.SetText(d, text, annotation.Pos{File: name}); err != nil {
		return err
	}
	// ids are only needed to follow chains and relations: they index the
	// structures read (nodes) and then the bare ones
	var byID map[string]int
	for i := range cs.n {
		if _, ok := cs.at(i).get("first"); ok {
			byID = map[string]int{}
			break
		}
		if _, ok := cs.at(i).get("Governor"); ok {
			byID = map[string]int{}
			break
		}
	}
	if byID != nil {
		for k := range cs.size() {
			if id := cs.id(k); id != "" {
				byID[id] = k
			}
		}
	}
	// chains: a …Chain's first link, then each link's next; a link is in
	// one chain (which also makes the walks linear in the links: chains
	// sharing a tail would be walked again and again)
	chainOf := map[int]string{}
	owner := map[int]int{} // link → its chain's node
	for i := range cs.n {
		n := cs.at(i)
		first, ok := n.get("first")
		if !ok || !strings.HasSuffix(LocalName(n.typ), "Chain") {
			continue
		}
		for id := first; id != "" && id != "0"; {
			k, ok := byID[id]
			if !ok {
				return n.where().Errorf("chain %s: link %s is not in the file", n.id, id)
			}
			if o, taken := owner[k]; taken {
				if o == i {
					return n.where().Errorf("chain %s: its links form a cycle at %s", n.id, id)
				}
				return n.where().Errorf("chain %s: link %s is in chain %s too (%v): a link belongs to one chain", n.id, id, cs.at(o).id, cs.at(o).where())
			}
			owner[k] = i
			chainOf[k] = keep(n.id)
			id = "" // a bare structure has no next
			if k < cs.n {
				id, _ = cs.at(k).get("next")
			}
		}
	}
	// layers and their label features
	var types []string
	features := map[string][]string{}   // type → its features, in order of appearance
	seenFeature := map[[2]string]bool{} // (type, feature) listed
	for i := range cs.n {
		n := cs.at(i)
		if !isSpanNode(n) {
			continue
		}
		if _, ok := features[n.typ]; !ok {
			types = append(types, n.typ)
			features[n.typ] = nil
		}
		for _, f := range n.features {
			if !f.ref && !referenceFeatures[f.name] && !seenFeature[[2]string{n.typ, f.name}] {
				seenFeature[[2]string{n.typ, f.name}] = true
				features[n.typ] = append(features[n.typ], f.name)
			}
		}
	}
	names := LayerNames(types)
	for t, n := range names {
		names[t] = keep(n)
	}
	label := map[string]string{}
	for _, t := range types {
		label[t] = LabelFeature(features[t], opt.LabelFeature)
		if opt.LabelFeature != "" && label[t] == opt.LabelFeature && opt.LabelFeatureFound != nil {
			opt.LabelFeatureFound(names[t])
		}
	}
	conv := func(n *fsNode) (int, int, error) {
		b, err := offs.CodePoint(n.begin)
		if err != nil {
			return 0, 0, n.where().Errorf("begin: %w", err)
		}
		e, err := offs.CodePoint(n.end)
		if err != nil {
			return 0, 0, n.where().Errorf("end: %w", err)
		}
		if e < b {
			return 0, 0, n.where().Errorf("begin %d is after end %d", n.begin, n.end)
		}
		return b, e, nil
	}
	spanOf := make([]int32, cs.n) // node → its span's index + 1 (0: not a span)
	otherViews, skippedRel := 0, 0
	c.Spans = slices.Grow(c.Spans, cs.n)
	var tokens []annotation.Token
	for i := range cs.n {
		n := cs.at(i)
		if !n.hasSpan {
			continue
		}
		if n.sofa != sofaID {
			otherViews++
			continue
		}
		local := LocalName(n.typ)
		if local == "Token" {
			b, e, err := conv(n)
			if err != nil {
				return err
			}
			tokens = append(tokens, annotation.Token{Start: b, End: e})
			continue
		}
		if !isSpanNode(n) {
			continue
		}
		b, e, err := conv(n)
		if err != nil {
			return err
		}
		s := annotation.Span{Doc: d, Annotator: a, ID: strings.Clone(n.id), Start: float64(b), End: float64(e), Layer: names[n.typ],
			Chain: chainOf[i], Pos: n.where()}
		lf := label[n.typ]
		for _, f := range n.features {
			switch {
			case f.ref || referenceFeatures[f.name]:
			case f.name == lf:
				s.Label = keep(f.value)
			default:
				if s.Attrs == nil {
					s.Attrs = map[string]string{}
				}
				s.Attrs[keep(f.name)] = strings.Clone(f.value)
			}
		}
		spanOf[i] = int32(len(c.Spans) + 1)
		c.Spans = append(c.Spans, s)
	}
	if tokens != nil && c.Documents[d].Tokens == nil {
		slices.SortFunc(tokens, func(x, y annotation.Token) int { return x.Start - y.Start })
		c.Documents[d].Tokens = tokens
	}
	// relations: Governor → Dependent
	for i := range cs.n {
		n := cs.at(i)
		gov, ok1 := n.get("Governor")
		dep, ok2 := n.get("Dependent")
		if !ok1 || !ok2 || (n.hasSpan && n.sofa != sofaID) {
			continue
		}
		gi, ok1 := byID[gov]
		di, ok2 := byID[dep]
		if !ok1 || !ok2 {
			return n.where().Errorf("relation %s: Governor %s or Dependent %s is not in the file", n.id, gov, dep)
		}
		src, tgt := -1, -1 // a bare structure is no span
		if gi < cs.n {
			src = int(spanOf[gi]) - 1
		}
		if di < cs.n {
			tgt = int(spanOf[di]) - 1
		}
		if src < 0 || tgt < 0 {
			skippedRel++
			continue
		}
		r := annotation.Relation{Doc: d, Annotator: a, Source: src, Target: tgt, Layer: keep(LocalName(n.typ)), Pos: n.where()}
		var fs []string
		for _, f := range n.features {
			if !f.ref && !referenceFeatures[f.name] {
				fs = append(fs, f.name)
			}
		}
		if lf := LabelFeature(fs, opt.LabelFeature); lf != "" {
			r.Type, _ = n.get(lf)
			r.Type = keep(r.Type)
			if lf == opt.LabelFeature && opt.LabelFeatureFound != nil {
				opt.LabelFeatureFound(r.Layer)
			}
		}
		c.Relations = append(c.Relations, r)
	}
	for _, t := range types {
		if label[t] == "" && len(features[t]) > 1 {
			c.Notes = append(c.Notes, fmt.Sprintf("uima %s: type %s has the features %s and none is the label by default: its labels are empty (--label-feature, Options.LabelFeature, chooses one)",
				name, names[t], listSome(features[t])))
		}
	}
	if otherViews > 0 {
		c.Notes = append(c.Notes, fmt.Sprintf("uima %s: %s of other views than the initial one (%s) ignored", name, plural.Count(otherViews, "annotation"), plural.Count(nSofas, "sofa")))
	}
	if skippedRel > 0 {
		c.Notes = append(c.Notes, fmt.Sprintf("uima %s: %s whose ends are not annotations of a layer (e.g. dependencies between plain tokens) skipped", name, plural.Count(skippedRel, "relation")))
	}
	return nil
}

// isSpanNode reports whether a feature structure is an annotation of a
// layer: it has begin and end, is no relation (Governor, Dependent) and no
// infrastructure type.
func isSpanNode(n *fsNode) bool {
	if !n.hasSpan || infrastructure[LocalName(n.typ)] {
		return false
	}
	_, gov := n.get("Governor")
	_, dep := n.get("Dependent")
	return !(gov && dep)
}

// listSome joins the first names of a list for a message, saying how many
// more there are.
func listSome(names []string) string {
	const show = 12
	if len(names) <= show {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:show], ", "), len(names)-show)
}

// checkUTF16 refuses a file (of format, "XMI" or "JSON CAS") that is
// UTF-16: UIMA writes both in UTF-8, and a UTF-16 file would otherwise
// fail on its first character with a puzzling message.
func checkUTF16(data []byte, name, format string) error {
	if e := textenc.CheckUTF8(data); e != nil && e.UTF16 {
		return fmt.Errorf("%s: UTF-16, but %s files are UTF-8: convert it (e.g. iconv -f UTF-16 -t UTF-8)", name, format)
	}
	return nil
}

func atoiOffset(s string) (int, bool) {
	if s == "" || len(s) > 10 {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0
}

// firstDuplicateID returns the structures i and j (node indexes) of the
// first id given twice, the second as early in the file as possible and
// the first the earliest copy of its id, or ok = false when the ids
// differ. It sorts the ids' hashes with their byte offsets (24 bytes a
// structure, no map) and compares the ids of equal hashes: linear in the
// copies of an id, however many.
func (c *cas) firstDuplicateID() (i, j int, ok bool) {
	type hashed struct {
		h   uint64
		off int64
		k   int32
	}
	seed := maphash.MakeSeed()
	hs := make([]hashed, 0, c.size())
	for k := range c.size() {
		if id := c.id(k); id != "" {
			hs = append(hs, hashed{maphash.String(seed, id), int64(c.off(k)), int32(k)})
		}
	}
	slices.SortFunc(hs, func(x, y hashed) int {
		if c := cmp.Compare(x.h, y.h); c != 0 {
			return c
		}
		return cmp.Compare(x.off, y.off)
	})
	var best [2]hashed
	var firsts []hashed // the first copy of each id of a run (colliding hashes: more than one)
	var paired []bool
	for a := 0; a < len(hs); {
		b := a + 1
		for b < len(hs) && hs[b].h == hs[a].h {
			b++
		}
		firsts, paired = append(firsts[:0], hs[a]), append(paired[:0], false)
		for _, y := range hs[a+1 : b] {
			id := c.id(int(y.k))
			f := 0
			for f < len(firsts) && c.id(int(firsts[f].k)) != id {
				f++
			}
			switch {
			case f == len(firsts):
				firsts, paired = append(firsts, y), append(paired, false)
			case !paired[f]:
				paired[f] = true
				if !ok || y.off < best[1].off {
					best, ok = [2]hashed{firsts[f], y}, true
				}
			}
		}
		a = b
	}
	return int(best[0].k), int(best[1].k), ok
}
