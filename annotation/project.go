package annotation

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"agree/coding"
	"agree/coref"
	"agree/unitizing"
)

// SpanLayer chooses the layer whose spans a measure reads: layer itself
// when it is not empty (an error if no span has it), else the only layer
// the spans have (an error listing them when there are several).
func (c *Corpus) SpanLayer(layer string) (string, error) {
	layers := c.Layers()
	if layer != "" {
		if !slices.Contains(layers, layer) {
			return "", fmt.Errorf("no span is in layer %q (layers: %s)", layer, quoteList(layers))
		}
		return layer, nil
	}
	if len(layers) > 1 {
		return "", fmt.Errorf("the spans are in %d layers (%s): choose one with --layer", len(layers), quoteList(layers))
	}
	if len(layers) == 1 {
		return layers[0], nil
	}
	return "", nil
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
// items are the documents (in document order), coders the annotators (in
// corpus order), and the value of (document, annotator) is its label; an
// annotator's several labels of one document form a set, written as the
// sorted distinct labels joined by setSep (for the set distances, e.g.
// MASI). Labels of other layers are ignored; layer "" with labels in
// several layers is an error listing them.
//
// coding.Data is a dense table of documents × annotators: for crowd data
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
	items := make([]int, len(c.Documents))
	for d, doc := range c.Documents {
		items[d] = b.Item(doc.Name)
	}
	for _, k := range cells {
		if err := b.Set(items[k.doc], k.annotator, k.value, coding.Pos{}); err != nil {
			return nil, err
		}
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
	k := 0
	for d, doc := range c.Documents {
		cv = cv[:0]
		for ; k < len(cells) && cells[k].doc == d; k++ {
			v, err := acc.Value(cells[k].value, coding.Pos{})
			if err != nil {
				return nil, err
			}
			cv = append(cv, int32(cells[k].annotator), int32(v))
		}
		if err := acc.Add(doc.Name, cv); err != nil {
			return nil, err
		}
	}
	return acc.Stats(), nil
}

// labelCell is the value an annotator gave a document.
type labelCell struct {
	doc, annotator int
	value          string
}

// labelCells returns the cells of the document labels of one layer (see
// Coding), sorted by document and annotator.
func (c *Corpus) labelCells(layer, setSep string) ([]labelCell, error) {
	var layers []string
	for _, l := range c.Labels {
		if !slices.Contains(layers, l.Layer) {
			layers = append(layers, l.Layer)
		}
	}
	switch {
	case len(layers) == 0:
		return nil, fmt.Errorf("no document labels (the data has %d spans: use a span measure)", len(c.Spans))
	case layer == "" && len(layers) > 1:
		return nil, fmt.Errorf("the document labels are in %d layers (%s): choose one with --layer", len(layers), quoteList(layers))
	case layer == "":
		layer = layers[0]
	case !slices.Contains(layers, layer):
		return nil, fmt.Errorf("no document label is in layer %q (layers: %s)", layer, quoteList(layers))
	}
	sets := make(map[[2]int][]string)
	for _, l := range c.Labels {
		if l.Layer != layer {
			continue
		}
		k := [2]int{l.Doc, l.Annotator}
		if !slices.Contains(sets[k], l.Value) {
			sets[k] = append(sets[k], l.Value)
		}
	}
	// the cells in (document, annotator) order, visiting only those that
	// have labels (not documents × annotators)
	keys := slices.Collect(maps.Keys(sets))
	slices.SortFunc(keys, func(x, y [2]int) int {
		if x[0] != y[0] {
			return x[0] - y[0]
		}
		return x[1] - y[1]
	})
	cells := make([]labelCell, 0, len(keys))
	for _, k := range keys {
		d, a := k[0], k[1]
		vals := sets[k]
		if len(vals) > 1 && setSep == "" {
			return nil, fmt.Errorf("annotator %q gave document %q %d labels (%s): multi-label data needs a set separator", c.Annotators[a], c.Documents[d].Name, len(vals), quoteList(vals))
		}
		slices.Sort(vals)
		cells = append(cells, labelCell{d, a, strings.Join(vals, setSep)})
	}
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
		if err := b.Add(c.Annotators[s.Annotator], c.Documents[s.Doc].Name, m.String(), chain, s.Pos.String()); err != nil {
			return fmt.Errorf("%v: %w", s.Pos, err)
		}
	}
	return nil
}
