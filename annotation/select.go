package annotation

import (
	"fmt"
	"slices"
)

// Select returns the part of c in one layer: the spans of the layer, the
// document labels of the layer, and the relations of the layer — those
// whose Layer is layer (with their ends, whatever their layers) and those
// between two spans of the layer. Documents, annotators and notes are
// kept (shared with c, not copied). A full type name finds its layer as
// LayerName says. A layer that no span, label or relation has is an error
// listing the layers there are.
func (c *Corpus) Select(layer string) (*Corpus, error) {
	layer = LayerName(c.allLayers(), layer)
	keep := make([]int, len(c.Spans)) // 1 + the new index; 0: left out
	found := false
	for i := range c.Spans {
		if c.Spans[i].Layer == layer {
			keep[i], found = 1, true
		}
	}
	for _, r := range c.Relations {
		if r.Layer == layer {
			keep[r.Source], keep[r.Target], found = 1, 1, true
		}
	}
	for _, l := range c.Labels {
		found = found || l.Layer == layer
	}
	if !found {
		return nil, fmt.Errorf("no span, document label or relation is in layer %q (%s)", layer, c.layerList())
	}
	out := &Corpus{Documents: c.Documents, Annotators: c.Annotators, Notes: c.Notes, docIndex: c.docIndex, annIndex: c.annIndex}
	for i := range c.Spans {
		if keep[i] != 0 {
			out.Spans = append(out.Spans, c.Spans[i])
			keep[i] = len(out.Spans)
		}
	}
	for _, l := range c.Labels {
		if l.Layer == layer {
			out.Labels = append(out.Labels, l)
		}
	}
	for _, r := range c.Relations {
		if r.Layer == layer || c.Spans[r.Source].Layer == layer && c.Spans[r.Target].Layer == layer {
			r.Source, r.Target = keep[r.Source]-1, keep[r.Target]-1
			out.Relations = append(out.Relations, r)
		}
	}
	return out, nil
}

// allLayers returns the distinct layers of spans, labels and relations.
func (c *Corpus) allLayers() []string {
	var out []string
	seen := map[string]bool{}
	add := func(l string) {
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	for i := range c.Spans {
		add(c.Spans[i].Layer)
	}
	for _, l := range c.Labels {
		add(l.Layer)
	}
	for _, r := range c.Relations {
		add(r.Layer)
	}
	return out
}

// layerList describes the layers of c's spans, labels and relations.
func (c *Corpus) layerList() string {
	var spans, labels, rels []string
	for _, s := range c.Spans {
		if !slices.Contains(spans, s.Layer) {
			spans = append(spans, s.Layer)
		}
	}
	for _, l := range c.Labels {
		if !slices.Contains(labels, l.Layer) {
			labels = append(labels, l.Layer)
		}
	}
	for _, r := range c.Relations {
		if !slices.Contains(rels, r.Layer) {
			rels = append(rels, r.Layer)
		}
	}
	s := ""
	for _, p := range []struct {
		what   string
		layers []string
	}{{"span layers", spans}, {"document label layers", labels}, {"relation layers", rels}} {
		if len(p.layers) == 0 {
			continue
		}
		if s != "" {
			s += "; "
		}
		s += p.what + ": " + quoteList(p.layers)
	}
	if s == "" {
		return "the data has no spans, labels or relations"
	}
	return s
}
