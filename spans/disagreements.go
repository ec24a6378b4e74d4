package spans

import (
	"cmp"
	"errors"
	"slices"
	"strings"

	"agree/annotation"
	"agree/internal/unionfind"
)

// Disagreement is a stretch of a document on which the annotators
// disagree: a group of spans that overlap or were matched, in which some
// span has no partner in some other annotator (under the comparison's
// match and label mode) or the labels differ.
type Disagreement struct {
	// Doc indexes the corpus's documents; Start and End bound the group.
	Doc        int
	Start, End float64
	// Text is the covered text of [Start, End) when the document has a
	// text, else the text the file gives for a span of exactly that
	// extent, if any.
	Text string
	// Kinds say what differs: "missing" (an annotator compared on the
	// document marked nothing there), "extent" (the spans do not all have
	// the same parts), "label" (nor the same label), "count" (an annotator
	// marked the stretch more times than another); at least one.
	Kinds []string
	// Spans[a] are annotator a's spans in the group (corpus span indexes,
	// by start); Compared[a] whether a was compared on the
	// document.
	Spans    [][]int
	Compared []bool
}

// Disagreements lists the groups of spans on which the annotators
// disagree, sorted by document name, start and end: the list a curator
// works through. Spans are grouped when they share a character or were
// matched (a tolerance may match spans that do not touch); a group is an
// agreement when each of its spans is matched to a span of every other
// annotator compared on the document and all have the same label. It needs
// the matches (Options.Matches).
func (r *Result) Disagreements() ([]Disagreement, error) {
	if !r.Options.Matches {
		return nil, errors.New("the disagreements need the matched pairs: compare with Options.Matches")
	}
	p := r.prep
	c := r.corpus
	nAnn := len(c.Annotators)
	// partners[s]: how many other annotators span s is matched with.
	partners := make(map[int32]int32)
	type link struct{ a, b int32 }
	byDoc := make([][]link, len(c.Documents))
	for _, pd := range r.data {
		for _, m := range pd.matches {
			partners[m[0]]++
			partners[m[1]]++
			d := c.Spans[m[0]].Doc
			byDoc[d] = append(byDoc[d], link{m[0], m[1]})
		}
	}
	var out []Disagreement
	var uf unionfind.Sets
	var all []int32
	local := map[int32]int{}
	for d := range c.Documents {
		all = all[:0]
		compared := make([]bool, nAnn)
		nCompared := 0
		for a := range nAnn {
			all = append(all, p.of(d, a)...)
			compared[a] = p.annotatedBy(d, a)
			if compared[a] {
				nCompared++
			}
		}
		if len(all) == 0 {
			continue
		}
		slices.SortFunc(all, func(x, y int32) int {
			if c := cmp.Compare(p.shapes[x].start, p.shapes[y].start); c != 0 {
				return c
			}
			return cmp.Compare(x, y)
		})
		clear(local)
		for k, s := range all {
			local[s] = k
		}
		uf.Reset(len(all))
		// spans that share a character (or are identical)
		var active []int
		for k, s := range all {
			sh := &p.shapes[s]
			n := 0
			for _, j := range active {
				if p.shapes[all[j]].end > sh.start {
					active[n] = j
					n++
				}
			}
			active = active[:n]
			for _, j := range active {
				if ov := p.intersection(&p.shapes[all[j]], sh); ov > 0 {
					uf.Union(j, k)
				}
			}
			for j := k - 1; j >= 0 && p.shapes[all[j]].start == sh.start; j-- {
				if p.sameParts(&p.shapes[all[j]], sh) {
					uf.Union(j, k)
				}
			}
			active = append(active, k)
		}
		for _, l := range byDoc[d] {
			uf.Union(local[l.a], local[l.b])
		}
		groups := map[int][]int32{}
		var roots []int
		for k, s := range all {
			root := uf.Find(k)
			if _, ok := groups[root]; !ok {
				roots = append(roots, root)
			}
			groups[root] = append(groups[root], s)
		}
		var offs *annotation.Offsets // the document's, made when first needed
		for _, root := range roots {
			g := groups[root]
			if dis, ok := r.judge(d, g, partners, compared, nCompared, &offs); ok {
				out = append(out, dis)
			}
		}
	}
	slices.SortStableFunc(out, func(x, y Disagreement) int {
		if c := strings.Compare(c.Documents[x.Doc].Name, c.Documents[y.Doc].Name); c != 0 {
			return c
		}
		if c := cmp.Compare(x.Start, y.Start); c != 0 {
			return c
		}
		return cmp.Compare(x.End, y.End)
	})
	return out, nil
}

// judge returns the group as a disagreement, or ok = false when it is an
// agreement.
func (r *Result) judge(d int, g []int32, partners map[int32]int32, compared []bool, nCompared int, offs **annotation.Offsets) (Disagreement, bool) {
	p := r.prep
	c := r.corpus
	agree := true
	sameLabel, sameParts0 := true, true
	first := &p.shapes[g[0]]
	dis := Disagreement{Doc: d, Start: first.start, End: first.end, Spans: make([][]int, len(c.Annotators)), Compared: compared}
	for _, s := range g {
		sh := &p.shapes[s]
		if int(partners[s]) != nCompared-1 {
			agree = false
		}
		if sh.label != first.label {
			sameLabel = false
		}
		if !p.sameParts(sh, first) {
			sameParts0 = false
		}
		dis.Start = min(dis.Start, sh.start)
		dis.End = max(dis.End, sh.end)
		a := c.Spans[s].Annotator
		dis.Spans[a] = append(dis.Spans[a], int(s))
	}
	if agree && sameLabel {
		return dis, false
	}
	missing := false
	counts := map[int]bool{}
	for a, ss := range dis.Spans {
		if !compared[a] {
			continue
		}
		if len(ss) == 0 {
			missing = true
		}
		counts[len(ss)] = true
	}
	if missing {
		dis.Kinds = append(dis.Kinds, "missing")
	}
	if !sameParts0 {
		dis.Kinds = append(dis.Kinds, "extent")
	}
	if !sameLabel {
		dis.Kinds = append(dis.Kinds, "label")
	}
	if len(dis.Kinds) == 0 {
		dis.Kinds = append(dis.Kinds, "count")
	}
	doc := &c.Documents[d]
	if doc.HasText && !doc.Time {
		if *offs == nil {
			*offs, _ = annotation.NewOffsets(doc.Text, annotation.CodePoint)
		}
		if *offs != nil {
			dis.Text = (*offs).Text(int(dis.Start), int(dis.End))
		}
	} else {
		for _, s := range g {
			sp := &c.Spans[s]
			if sp.Text != "" && len(sp.Parts) == 0 && sp.Start == dis.Start && sp.End == dis.End {
				dis.Text = sp.Text
				break
			}
		}
	}
	return dis, true
}
