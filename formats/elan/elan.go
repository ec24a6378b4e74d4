// Package elan reads ELAN annotation files (.eaf, the EAF XML format of
// the Max Planck Institute's ELAN) into the annotation model.
//
// An .eaf file is one recording: a document named after the file (without
// the extension), whose offsets are seconds. What is read (EAF schema
// 2.x–3.0):
//
//   - TIME_ORDER: the time slots, in time order, each with its value in
//     milliseconds (HEADER TIME_UNITS="milliseconds", EAF's only unit in
//     practice), or without one (an unaligned slot);
//   - TIER: its TIER_ID, ANNOTATOR attribute, LINGUISTIC_TYPE_REF and
//     PARENT_REF; which tiers are read, and as which annotator and layer, is
//     said by Options.Tiers (package formats/internal/tiers: the ANNOTATOR
//     attribute, the tier names, a mapping A=Tier,…, or a pattern);
//   - ALIGNABLE_ANNOTATION: a unit from TIME_SLOT_REF1 to TIME_SLOT_REF2 (in
//     seconds), its ANNOTATION_VALUE the label (surrounding white space
//     removed); ANNOTATION_ID is the span's ID;
//   - REF_ANNOTATION: a unit with the time of the annotation it refers to
//     (ANNOTATION_REF, followed up to an aligned one); on a tier whose type
//     is a Symbolic_Subdivision, the parent's interval is divided evenly
//     among its children in their order (PREVIOUS_ANNOTATION), as ELAN
//     shows them;
//   - unaligned time slots get the times ELAN proposes for them: a run of
//     unaligned slots on a tier is spread evenly (whole milliseconds)
//     between the aligned slots before and after it; with Options.Refuse
//     an annotation on an unaligned slot is an error instead;
//   - a CONTROLLED_VOCABULARY of a tier's type gives its label set: values
//     outside it are counted in a note.
//
// Errors name the file, the line and column (in bytes) and the element,
// and say what was expected; a file that is not well-formed XML (an end
// tag that closes another element, an attribute given twice, a literal
// NUL) is refused.
package elan

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"agree/annotation"
	"agree/formats/internal/tiers"
	"agree/formats/internal/xmlscan"
	"agree/internal/plural"
	"agree/position"
)

// Options control reading.
type Options struct {
	// Tiers chooses the tiers and their annotators (see package
	// formats/internal/tiers); "" is automatic.
	Tiers string
	// Refuse makes an annotation on an unaligned time slot an error
	// instead of interpolating its time.
	Refuse bool
	// Document names the document; "" takes the file's base name.
	Document string
}

// pos is where an element starts: its line and column (in bytes, from 1).
type pos struct{ line, col int }

func (p pos) String() string { return fmt.Sprintf("line %d, column %d", p.line, p.col) }

type slot struct {
	id      string
	ms      int64
	aligned bool
	at      pos
}

type tier struct {
	id, annotator, typ, parent string
	at                         pos
	anns                       []int // indexes into reader.anns
}

type annot struct {
	id, value  string
	tier       int
	ref        string // REF_ANNOTATION: the parent's id; "" for alignable
	prev       string // PREVIOUS_ANNOTATION
	ts1, ts2   int    // slot indexes (alignable)
	at         pos
	start, end float64 // milliseconds, once resolved
	resolved   bool
	resolving  bool
}

type ltype struct {
	subdivision bool
	cv          string
}

type reader struct {
	name   string
	slots  []slot
	slotIx map[string]int
	tiers  []tier
	tierIx map[string]int
	anns   []annot
	annIx  map[string]int
	types  map[string]ltype
	cvs    map[string]map[string]bool
	// interned are the annotation values, copied (see keep)
	interned map[string]string
}

// Read reads one .eaf file; name is the file name (its base name is the
// document unless opt.Document is set).
func Read(r io.Reader, name string, opt Options) (*annotation.Corpus, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return ReadBytes(data, name, opt)
}

// ReadBytes is Read on the file's content.
func ReadBytes(data []byte, name string, opt Options) (*annotation.Corpus, error) {
	sel, err := tiers.Parse(opt.Tiers)
	if err != nil {
		return nil, err
	}
	rd := &reader{name: name, slotIx: map[string]int{}, tierIx: map[string]int{}, annIx: map[string]int{}, types: map[string]ltype{}, cvs: map[string]map[string]bool{}}
	if err := rd.parse(data); err != nil {
		return nil, err
	}
	doc := sel.Document(opt.Document, name)
	return rd.corpus(sel, doc, opt.Refuse)
}

// keep returns a copy of s, one per distinct value (labels repeat), so
// that the corpus does not hold the file's data alive.
func (rd *reader) keep(s string) string {
	if k, ok := rd.interned[s]; ok {
		return k
	}
	if rd.interned == nil {
		rd.interned = map[string]string{}
	}
	k := strings.Clone(s)
	rd.interned[k] = k
	return k
}

func (rd *reader) errorf(at pos, format string, args ...any) error {
	return position.Errorf(rd.name, at.line, at.col, format, args...)
}

// parse reads the elements the model needs.
func (rd *reader) parse(data []byte) error {
	s := xmlscan.New(data)
	fail := func(err error) error {
		var xe *xmlscan.Error
		if errors.As(err, &xe) {
			return rd.errorf(pos{xe.Line, xe.Col}, "%s (want an ELAN .eaf XML file)", xe.Msg)
		}
		return fmt.Errorf("%s: %w", rd.name, err)
	}
	var stack []string
	cur, curTier := -1, -1 // the annotation and the tier being read
	curCV := ""
	rootSeen := false
	for {
		t, ok, err := s.Next()
		if err != nil {
			return fail(err)
		}
		if !ok {
			break
		}
		line, n := pos{t.Line, t.Col}, t.Name
		if t.End {
			if len(stack) == 0 || stack[len(stack)-1] != n {
				return rd.errorf(line, "</%s> does not close <%s>", n, last(stack))
			}
			stack = stack[:len(stack)-1]
			switch n {
			case "ALIGNABLE_ANNOTATION", "REF_ANNOTATION":
				cur = -1
			case "TIER":
				curTier = -1
			case "CONTROLLED_VOCABULARY":
				curCV = ""
			}
			continue
		}
		if len(stack) == 0 {
			if rootSeen {
				return rd.errorf(line, "a second root element <%s>", n)
			}
			if n != "ANNOTATION_DOCUMENT" {
				return rd.errorf(line, "root element <%s> (want <ANNOTATION_DOCUMENT>: an ELAN .eaf file)", n)
			}
			rootSeen = true
		}
		if !t.Empty {
			stack = append(stack, n)
		}
		switch n {
		case "HEADER":
			if u, ok := t.Attr("TIME_UNITS"); ok && u != "milliseconds" {
				return rd.errorf(line, "<HEADER TIME_UNITS=%q>: only milliseconds are read", u)
			}
		case "TIME_SLOT":
			id, ok := t.Attr("TIME_SLOT_ID")
			if !ok || id == "" {
				return rd.errorf(line, "<TIME_SLOT> without TIME_SLOT_ID")
			}
			if _, dup := rd.slotIx[id]; dup {
				return rd.errorf(line, "<TIME_SLOT TIME_SLOT_ID=%q>: the id is used twice", id)
			}
			sl := slot{id: strings.Clone(id), at: line}
			if v, ok := t.Attr("TIME_VALUE"); ok {
				ms, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
				if err != nil || ms < 0 || ms > 1<<53 {
					return rd.errorf(line, "<TIME_SLOT TIME_SLOT_ID=%q TIME_VALUE=%q>: want a whole number of milliseconds ≥ 0", id, v)
				}
				sl.ms, sl.aligned = ms, true
			}
			rd.slotIx[id] = len(rd.slots)
			rd.slots = append(rd.slots, sl)
		case "TIER":
			id, ok := t.Attr("TIER_ID")
			if !ok || id == "" {
				return rd.errorf(line, "<TIER> without TIER_ID")
			}
			if j, dup := rd.tierIx[id]; dup {
				return rd.errorf(line, "<TIER TIER_ID=%q>: a second tier with this id (the first at %v)", id, rd.tiers[j].at)
			}
			tr := tier{id: strings.Clone(id), at: line}
			tr.annotator, _ = t.Attr("ANNOTATOR")
			tr.typ, _ = t.Attr("LINGUISTIC_TYPE_REF")
			tr.parent, _ = t.Attr("PARENT_REF")
			// what the corpus keeps is copied out of the file's data
			// (the scanner returns substrings of it)
			tr.annotator = strings.Clone(strings.TrimSpace(tr.annotator))
			tr.typ, tr.parent = strings.Clone(tr.typ), strings.Clone(tr.parent)
			if !t.Empty {
				curTier = len(rd.tiers)
			}
			rd.tierIx[id] = len(rd.tiers)
			rd.tiers = append(rd.tiers, tr)
		case "ALIGNABLE_ANNOTATION", "REF_ANNOTATION":
			if curTier < 0 || len(stack) < 3 || stack[len(stack)-3+b2i(t.Empty)] != "TIER" {
				return rd.errorf(line, "<%s> outside <TIER><ANNOTATION>", n)
			}
			id, ok := t.Attr("ANNOTATION_ID")
			if !ok || id == "" {
				return rd.errorf(line, "<%s> without ANNOTATION_ID", n)
			}
			if j, dup := rd.annIx[id]; dup {
				return rd.errorf(line, "<%s ANNOTATION_ID=%q>: the id is used twice (also at %v)", n, id, rd.anns[j].at)
			}
			a := annot{id: strings.Clone(id), tier: curTier, at: line}
			if n == "ALIGNABLE_ANNOTATION" {
				for k, ref := range []string{"TIME_SLOT_REF1", "TIME_SLOT_REF2"} {
					v, _ := t.Attr(ref)
					ix, ok := rd.slotIx[v]
					if !ok {
						return rd.errorf(line, "<ALIGNABLE_ANNOTATION ANNOTATION_ID=%q>: %s %q is no time slot of <TIME_ORDER>", id, ref, v)
					}
					if k == 0 {
						a.ts1 = ix
					} else {
						a.ts2 = ix
					}
				}
			} else {
				a.ref, _ = t.Attr("ANNOTATION_REF")
				a.prev, _ = t.Attr("PREVIOUS_ANNOTATION")
				if a.ref == "" {
					return rd.errorf(line, "<REF_ANNOTATION ANNOTATION_ID=%q> without ANNOTATION_REF", id)
				}
			}
			rd.annIx[id] = len(rd.anns)
			rd.tiers[curTier].anns = append(rd.tiers[curTier].anns, len(rd.anns))
			rd.anns = append(rd.anns, a)
			if !t.Empty {
				cur = len(rd.anns) - 1
			}
		case "ANNOTATION_VALUE":
			if cur >= 0 && !t.Empty {
				v, err := s.Text()
				if err != nil {
					return fail(err)
				}
				rd.anns[cur].value = rd.keep(strings.TrimSpace(v))
			}
		case "LINGUISTIC_TYPE":
			id, _ := t.Attr("LINGUISTIC_TYPE_ID")
			c, _ := t.Attr("CONSTRAINTS")
			cv, _ := t.Attr("CONTROLLED_VOCABULARY_REF")
			rd.types[id] = ltype{subdivision: c == "Symbolic_Subdivision", cv: cv}
		case "CONTROLLED_VOCABULARY":
			curCV, _ = t.Attr("CV_ID")
			if rd.cvs[curCV] == nil {
				rd.cvs[curCV] = map[string]bool{}
			}
			if t.Empty {
				curCV = ""
			}
		case "CVE_VALUE", "CV_ENTRY":
			if curCV != "" && !t.Empty {
				v, err := s.Text()
				if err != nil {
					return fail(err)
				}
				rd.cvs[curCV][strings.TrimSpace(v)] = true
			}
		}
	}
	if !rootSeen {
		return rd.errorf(pos{1, 1}, "no <ANNOTATION_DOCUMENT> element (want an ELAN .eaf XML file)")
	}
	if len(stack) > 0 {
		l, c := s.Position()
		return rd.errorf(pos{l, c}, "the file ends inside <%s>", last(stack))
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func last(s []string) string {
	if len(s) == 0 {
		return "nothing"
	}
	return s[len(s)-1]
}

// interpolate gives the unaligned slots used by each tier the times ELAN
// proposes: evenly spaced between the aligned slots around them on the
// tier (whole milliseconds, ELAN's integer arithmetic).
func (rd *reader) interpolate(refuse bool) error {
	for ti := range rd.tiers {
		tr := &rd.tiers[ti]
		var used []int
		for _, ai := range tr.anns {
			if a := &rd.anns[ai]; a.ref == "" {
				used = append(used, a.ts1, a.ts2)
			}
		}
		slices.Sort(used)
		used = slices.Compact(used)
		for k := 0; k < len(used); {
			if rd.slots[used[k]].aligned {
				k++
				continue
			}
			s := rd.slots[used[k]]
			if refuse {
				return rd.errorf(s.at, "<TIME_SLOT TIME_SLOT_ID=%q> has no TIME_VALUE (an unaligned slot, used on tier %q); give Options.Unaligned interpolate to place it as ELAN shows it", s.id, tr.id)
			}
			j := k
			for j < len(used) && !rd.slots[used[j]].aligned {
				j++
			}
			if k == 0 || j == len(used) {
				return rd.errorf(s.at, "<TIME_SLOT TIME_SLOT_ID=%q> has no TIME_VALUE and no aligned slot %s it on tier %q, so its time cannot be proposed", s.id, map[bool]string{true: "before", false: "after"}[k == 0], tr.id)
			}
			begin, end := rd.slots[used[k-1]].ms, rd.slots[used[j]].ms
			count := int64(j - k + 1)
			step := (end - begin) / count
			for m := k; m < j; m++ {
				sl := &rd.slots[used[m]]
				sl.ms, sl.aligned = begin+int64(m-k+1)*step, true
			}
			k = j
		}
	}
	return nil
}

// resolve gives annotation i its time.
func (rd *reader) resolve(i int) error {
	a := &rd.anns[i]
	if a.resolved {
		return nil
	}
	if a.resolving {
		return rd.errorf(a.at, "<REF_ANNOTATION ANNOTATION_ID=%q>: its ANNOTATION_REF chain comes back to it", a.id)
	}
	if a.ref == "" {
		s1, s2 := rd.slots[a.ts1], rd.slots[a.ts2]
		if s1.ms > s2.ms {
			return rd.errorf(a.at, "<ALIGNABLE_ANNOTATION ANNOTATION_ID=%q>: starts at %d ms (%s), after its end %d ms (%s)", a.id, s1.ms, s1.id, s2.ms, s2.id)
		}
		a.start, a.end, a.resolved = float64(s1.ms), float64(s2.ms), true
		return nil
	}
	p, ok := rd.annIx[a.ref]
	if !ok {
		return rd.errorf(a.at, "<REF_ANNOTATION ANNOTATION_ID=%q>: ANNOTATION_REF %q is no annotation of the file", a.id, a.ref)
	}
	a.resolving = true
	if err := rd.resolve(p); err != nil {
		return err
	}
	a.resolving = false
	parent := rd.anns[p]
	a.start, a.end, a.resolved = parent.start, parent.end, true
	return nil
}

// subdivide spreads the children of one parent on a Symbolic_Subdivision
// tier evenly over the parent's interval, in their PREVIOUS_ANNOTATION
// order.
func (rd *reader) subdivide(tr *tier) error {
	byParent := map[string][]int{}
	var parents []string
	for _, ai := range tr.anns {
		a := &rd.anns[ai]
		if a.ref == "" {
			continue
		}
		if _, ok := byParent[a.ref]; !ok {
			parents = append(parents, a.ref)
		}
		byParent[a.ref] = append(byParent[a.ref], ai)
	}
	for _, p := range parents {
		ordered, ok := rd.chainOrder(byParent[p])
		if !ok {
			a := rd.anns[byParent[p][0]]
			return rd.errorf(a.at, "<REF_ANNOTATION>s of parent %q on tier %q: their PREVIOUS_ANNOTATION links do not order them", p, tr.id)
		}
		start, end := rd.anns[ordered[0]].start, rd.anns[ordered[0]].end
		n := float64(len(ordered))
		at := func(k int) float64 { return (start*(n-float64(k)) + end*float64(k)) / n }
		for k, ai := range ordered {
			rd.anns[ai].start, rd.anns[ai].end = at(k), at(k+1)
		}
	}
	return nil
}

// chainOrder orders the children kids of one parent by their
// PREVIOUS_ANNOTATION links: the child without a previous one first, then
// each whose PREVIOUS_ANNOTATION is the last placed (on a tie, the first in
// kids); false when the links leave some out. Linear: the children are
// queued by their previous one (issue 25: a search per child made 100 000
// children of one parent take minutes).
func (rd *reader) chainOrder(kids []int) ([]int, bool) {
	after := make(map[string][]int, len(kids)) // PREVIOUS_ANNOTATION → children, in kids order
	for _, k := range kids {
		p := rd.anns[k].prev
		after[p] = append(after[p], k)
	}
	ordered := make([]int, 0, len(kids))
	prev := ""
	for len(ordered) < len(kids) {
		q := after[prev]
		if len(q) == 0 {
			return nil, false
		}
		ordered = append(ordered, q[0])
		after[prev] = q[1:]
		prev = rd.anns[q[0]].id
	}
	return ordered, true
}

func (rd *reader) corpus(sel *tiers.Selector, doc string, refuse bool) (*annotation.Corpus, error) {
	if err := rd.interpolate(refuse); err != nil {
		return nil, err
	}
	for i := range rd.anns {
		if err := rd.resolve(i); err != nil {
			return nil, err
		}
	}
	for ti := range rd.tiers {
		if rd.types[rd.tiers[ti].typ].subdivision {
			if err := rd.subdivide(&rd.tiers[ti]); err != nil {
				return nil, err
			}
		}
	}
	desc := make([]tiers.Tier, len(rd.tiers))
	for i, t := range rd.tiers {
		desc[i] = tiers.Tier{Name: t.id, Annotator: t.annotator, Type: t.typ, Empty: len(t.anns) == 0}
	}
	choices, note, err := sel.Assign(desc, rd.name)
	if err != nil {
		return nil, err
	}
	c := &annotation.Corpus{}
	d := c.Document(doc)
	c.Documents[d].Time = true
	if note != "" {
		c.Notes = append(c.Notes, rd.name+": elan: "+note)
	}
	outside := map[string]int{}
	for ti, t := range rd.tiers {
		ch := choices[ti]
		if ch.Annotator == "" {
			continue
		}
		a := c.Annotator(ch.Annotator)
		c.MarkAnnotated(d, a)
		cv := rd.cvs[rd.types[t.typ].cv]
		for _, ai := range t.anns {
			x := &rd.anns[ai]
			if cv != nil && !cv[x.value] {
				outside[t.id]++
			}
			c.Spans = append(c.Spans, annotation.Span{Doc: d, Annotator: a, ID: x.id, Start: x.start / 1000, End: x.end / 1000, Label: x.value,
				Layer: ch.Layer, Pos: annotation.Pos{File: rd.name, Line: x.at.line, Col: x.at.col}})
		}
	}
	var tiersOut []string
	for t := range outside {
		tiersOut = append(tiersOut, t)
	}
	sort.Strings(tiersOut)
	for _, t := range tiersOut {
		c.Notes = append(c.Notes, fmt.Sprintf("%s: elan: tier %q: %s outside its controlled vocabulary", rd.name, t, plural.Count(outside[t], "value")))
	}
	return c, nil
}
