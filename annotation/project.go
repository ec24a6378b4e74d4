package annotation

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"agree/coding"
	"agree/coref"
	"agree/unitizing"
)

// SpanLayer chooses the layer whose spans a measure reads: layer itself
// when it is not empty (an error if no span has it; a full UIMA type name
// finds the layer of its local name, see LayerName), else the only layer
// the spans have (an error listing them when there are several).
func (c *Corpus) SpanLayer(layer string) (string, error) {
	layers := c.Layers()
	layer = LayerName(layers, layer)
	if layer != "" {
		if !slices.Contains(layers, layer) {
			return "", fmt.Errorf("no span is in layer %q (layers: %s)", layer, quoteList(layers))
		}
		return layer, nil
	}
	if len(layers) > 1 {
		return "", fmt.Errorf("the spans are in %d layers (%s): choose one with Options.Layer", len(layers), quoteList(layers))
	}
	if len(layers) == 1 {
		return layers[0], nil
	}
	return "", nil
}

// LayerName returns the name among layers that want designates: want
// itself when it is one of them, else, for a type name with a package
// (de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity, uima.tcas.Annotation,
// webanno.custom.Sentiment: the names UIMA, INCEpTION and WebAnno files
// carry), the one layer named by its local name (NamedEntity), or the one
// full name whose local name want is (the readers name a layer by its
// local name unless two types share it). Otherwise want is returned
// unchanged, and the caller's lookup fails listing the layers.
func LayerName(layers []string, want string) string {
	if want == "" || slices.Contains(layers, want) {
		return want
	}
	local := func(s string) string {
		if i := strings.LastIndexAny(s, ".:"); i >= 0 {
			return s[i+1:]
		}
		return s
	}
	var found []string
	for _, l := range layers {
		if l == local(want) || local(l) == want {
			found = append(found, l)
		}
	}
	if len(found) == 1 {
		return found[0]
	}
	return want
}

func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = strconv.Quote(x)
	}
	return strings.Join(q, ", ")
}

// Continua projects the spans of one layer (see SpanLayer) onto continua
// for γ and the unitizing measures: one continuum per document (in
// document order) whose annotators are those compared on the document
// under scope (Compared: those who annotated it, or every annotator), named as
// in the corpus, and one unit per span (one per part of a discontinuous
// span), its label as category. Documents no annotator annotated are left
// out whatever the scope.
func (c *Corpus) Continua(layer string, scope Scope) (unitizing.Corpus, error) {
	layer, err := c.SpanLayer(layer)
	if err != nil {
		return unitizing.Corpus{}, err
	}
	annotated := c.Annotated()
	compared := c.Compared(scope)
	out := unitizing.Corpus{Continua: make([]unitizing.Continuum, 0, len(c.Documents))}
	units := make([][]unitizing.Unit, len(c.Documents))
	for i := range c.Spans {
		s := &c.Spans[i]
		if s.Layer != layer {
			continue
		}
		// the annotator's index in the continuum: its rank among the
		// document's annotators (sorted)
		k, _ := slices.BinarySearch(compared[s.Doc], s.Annotator)
		for _, p := range s.PartsOrSelf() {
			units[s.Doc] = append(units[s.Doc], unitizing.Unit{Annotator: k, Category: s.Label, Start: p.Start, End: p.End})
		}
	}
	for d, anns := range compared {
		if len(annotated[d]) == 0 {
			continue
		}
		cont := unitizing.Continuum{Name: c.Documents[d].Name, Units: units[d]}
		for _, a := range anns {
			cont.Annotators = append(cont.Annotators, c.Annotators[a])
		}
		out.Continua = append(out.Continua, cont)
	}
	return out, nil
}

// Coding projects the document labels of one layer onto reliability data:
// items are the documents (in document order) — or, for labels that answer
// questions about a document (Label.Item), each question, named "document
// item", after the document's own item when it has one — coders the
// annotators (in corpus order), and the value of (item, annotator) is its
// label; an annotator's several labels of one item form a set, written as
// the sorted distinct labels joined by setSep (for the set distances, e.g.
// MASI). Labels of other layers are ignored; layer "" with labels in
// several layers is an error listing them.
//
// coding.Data is a dense table of items × annotators: for crowd data
// (many annotators, each labelling a few documents) it is far larger than
// the labels. CodingStats gives the same analysis in memory proportional to
// the labels; Coding is for what needs the items themselves (resampling,
// Dawid–Skene).
func (c *Corpus) Coding(layer, setSep string) (*coding.Data, error) {
	cells, err := c.labelCells(layer, setSep)
	if err != nil {
		return nil, err
	}
	b := coding.NewBuilder()
	for _, a := range c.Annotators {
		b.Coder(a)
	}
	err = c.labelItems(cells, func(name string, lo, hi int) error {
		item := b.Item(name)
		for _, cell := range cells[lo:hi] {
			if err := b.Set(item, cell.annotator, cell.value, coding.Pos{}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return b.Build()
}

// CodingStats is Coding summarised as it is built: the sufficient
// statistics of the same data (coding.Stats; coding.AnalyzeStats gives the
// results of coding.Analyze on Coding's data), in time and memory
// proportional to the labels, not to documents × annotators. opt sets what
// the Accumulator keeps for ranking items (KeepItems, Rank); its Source,
// Coders, Categories and Closed are set here (the coders are the
// annotators, in corpus order).
func (c *Corpus) CodingStats(layer, setSep string, opt coding.StatsOptions) (*coding.Stats, error) {
	cells, err := c.labelCells(layer, setSep)
	if err != nil {
		return nil, err
	}
	opt.Coders, opt.Categories, opt.Closed = c.Annotators, nil, false
	acc, err := coding.NewAccumulator(opt)
	if err != nil {
		return nil, err
	}
	var cv []int32
	err = c.labelItems(cells, func(name string, lo, hi int) error {
		cv = cv[:0]
		for _, cell := range cells[lo:hi] {
			v, err := acc.Value(cell.value, coding.Pos{})
			if err != nil {
				return err
			}
			cv = append(cv, int32(cell.annotator), int32(v))
		}
		return acc.Add(name, cv)
	})
	if err != nil {
		return nil, err
	}
	return acc.Stats(), nil
}

// labelItems calls f with each item of the coding projection, in order,
// and the range [lo, hi) of its cells: a document without labels, or with
// labels about itself, is the item named as the document; each question
// (Label.Item) is the item "document question".
func (c *Corpus) labelItems(cells []labelCell, f func(name string, lo, hi int) error) error {
	k := 0
	for d, doc := range c.Documents {
		if k == len(cells) || cells[k].doc != d {
			if err := f(doc.Name, k, k); err != nil {
				return err
			}
			continue
		}
		for k < len(cells) && cells[k].doc == d {
			lo, item := k, cells[k].item
			for k < len(cells) && cells[k].doc == d && cells[k].item == item {
				k++
			}
			name := doc.Name
			if item != "" {
				name += " " + item
			}
			if err := f(name, lo, k); err != nil {
				return err
			}
		}
	}
	return nil
}

// labelCell is the value an annotator gave a document, or a question
// about it (item).
type labelCell struct {
	doc       int
	item      string
	rank      int // the item's order in its document: -1 for "", then first appearance
	annotator int
	value     string
}

// labelCells returns the cells of the document labels of one layer (see
// Coding), sorted by document, item and annotator.
func (c *Corpus) labelCells(layer, setSep string) ([]labelCell, error) {
	var layers []string
	for _, l := range c.Labels {
		if !slices.Contains(layers, l.Layer) {
			layers = append(layers, l.Layer)
		}
	}
	layer = LayerName(layers, layer)
	switch {
	case len(layers) == 0:
		return nil, fmt.Errorf("no document labels (the data has %d spans: use a span measure)", len(c.Spans))
	case layer == "" && len(layers) > 1:
		return nil, fmt.Errorf("the document labels are in %d layers (%s): choose one with Options.Layer", len(layers), quoteList(layers))
	case layer == "":
		layer = layers[0]
	case !slices.Contains(layers, layer):
		return nil, fmt.Errorf("no document label is in layer %q (layers: %s)", layer, quoteList(layers))
	}
	type key struct {
		doc  int
		item string
		ann  int
	}
	type question struct {
		doc  int
		item string
	}
	sets := make(map[key][]string)
	rank := map[question]int{}
	perDoc := map[int]int{}
	for _, l := range c.Labels {
		if l.Layer != layer {
			continue
		}
		q := question{l.Doc, l.Item}
		if _, ok := rank[q]; !ok {
			if l.Item == "" {
				rank[q] = -1
			} else {
				rank[q] = perDoc[l.Doc]
				perDoc[l.Doc]++
			}
		}
		k := key{l.Doc, l.Item, l.Annotator}
		if !slices.Contains(sets[k], l.Value) {
			sets[k] = append(sets[k], l.Value)
		}
	}
	// the cells in (document, item, annotator) order, visiting only those
	// that have labels (not documents × annotators)
	cells := make([]labelCell, 0, len(sets))
	vals := make([][]string, 0, len(sets))
	for k, v := range sets {
		cells = append(cells, labelCell{k.doc, k.item, rank[question{k.doc, k.item}], k.ann, ""})
		vals = append(vals, v)
	}
	order := make([]int, len(cells))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int {
		x, y := &cells[i], &cells[j]
		if x.doc != y.doc {
			return x.doc - y.doc
		}
		if x.rank != y.rank {
			return x.rank - y.rank
		}
		return x.annotator - y.annotator
	})
	sorted := make([]labelCell, len(cells))
	for n, i := range order {
		cell, v := cells[i], vals[i]
		if len(v) > 1 && setSep == "" {
			what := fmt.Sprintf("document %q", c.Documents[cell.doc].Name)
			if cell.item != "" {
				what += " " + cell.item
			}
			return nil, fmt.Errorf("annotator %q gave %s %d labels (%s): multi-label data needs a set separator", c.Annotators[cell.annotator], what, len(v), quoteList(v))
		}
		slices.Sort(v)
		cell.value = strings.Join(v, setSep)
		sorted[n] = cell
	}
	cells = sorted
	return cells, nil
}

// Coref adds the spans of one layer (see SpanLayer) to a coreference
// builder as mentions: a mention is identified in its document by its
// offsets ("start-end", parts joined by ";"), so that annotators who marked
// the same stretch mark the same mention; its chain is the span's Chain,
// and a span in no chain is a singleton. Chain ids are made unique per
// annotator and document. Who annotated each document (Document.AnnotatedBy)
// is passed on (coref.Builder.MarkAnnotated).
func (c *Corpus) Coref(b *coref.Builder, layer string) error {
	layer, err := c.SpanLayer(layer)
	if err != nil {
		return err
	}
	for _, a := range c.Annotators {
		b.Annotator(a)
	}
	for _, d := range c.Documents {
		b.Document(d.Name)
		for _, a := range d.AnnotatedBy {
			b.MarkAnnotated(c.Annotators[a], d.Name)
		}
	}
	for i := range c.Spans {
		s := &c.Spans[i]
		if s.Layer != layer {
			continue
		}
		var m strings.Builder
		for k, p := range s.PartsOrSelf() {
			if k > 0 {
				m.WriteByte(';')
			}
			m.WriteString(formatOffset(p.Start) + "-" + formatOffset(p.End))
		}
		chain := s.Chain
		if chain == "" {
			chain = "(singleton " + strconv.Itoa(i) + ")"
		}
		if err := b.Add(c.Annotators[s.Annotator], c.Documents[s.Doc].Name, m.String(), chain, s.Pos); err != nil {
			return s.Pos.Errorf("%w", err)
		}
	}
	return nil
}
