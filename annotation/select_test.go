package annotation

import (
	"strings"
	"testing"
)

func TestSelect(t *testing.T) {
	c := &Corpus{}
	d, a := c.Document("d"), c.Annotator("A")
	add := func(start float64, label, layer string) int {
		c.Spans = append(c.Spans, Span{Doc: d, Annotator: a, Start: start, End: start + 1, Label: label, Layer: layer})
		return len(c.Spans) - 1
	}
	per := add(0, "PER", "NamedEntity")
	coref := add(0, "nam", "CoreferenceLink")
	loc := add(5, "LOC", "NamedEntity")
	gov := add(9, "VERB", "POS")
	c.Relations = []Relation{
		{Doc: d, Annotator: a, Source: per, Target: loc, Type: "located_in"},                 // between two entities
		{Doc: d, Annotator: a, Source: per, Target: coref, Type: "same"},                     // across layers
		{Doc: d, Annotator: a, Source: gov, Target: per, Type: "nsubj", Layer: "Dependency"}, // a relation layer
	}
	c.Labels = []Label{{Doc: d, Annotator: a, Layer: "Sentiment", Value: "pos"}}
	for _, tc := range []struct {
		why, layer, spans, relations, labels, err string
	}{
		{"a span layer keeps its spans and the relations between them", "NamedEntity", "PER LOC", "located_in:PER>LOC", "", ""},
		{"another span layer: the relation across layers goes with neither", "CoreferenceLink", "nam", "", "", ""},
		{"a relation layer keeps its relations and their ends", "Dependency", "PER VERB", "nsubj:VERB>PER", "", ""},
		{"a document label layer keeps its labels", "Sentiment", "", "", "pos", ""},
		{"an unknown layer lists those there are", "Entity", "", "", "", `no span, document label or relation is in layer "Entity" (span layers: "NamedEntity", "CoreferenceLink", "POS"; document label layers: "Sentiment"; relation layers: "", "Dependency")`},
	} {
		s, err := c.Select(tc.layer)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s: err %v, want %s", tc.why, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.why, err)
			continue
		}
		var spans, rels, labels []string
		for _, sp := range s.Spans {
			spans = append(spans, sp.Label)
		}
		for _, r := range s.Relations {
			rels = append(rels, r.Type+":"+s.Spans[r.Source].Label+">"+s.Spans[r.Target].Label)
		}
		for _, l := range s.Labels {
			labels = append(labels, l.Value)
		}
		if got := [3]string{strings.Join(spans, " "), strings.Join(rels, " "), strings.Join(labels, " ")}; got != [3]string{tc.spans, tc.relations, tc.labels} {
			t.Errorf("%s: got %q, want %q", tc.why, got, [3]string{tc.spans, tc.relations, tc.labels})
		}
		if err := s.Validate(); err != nil {
			t.Errorf("%s: the selection is not a valid corpus: %v", tc.why, err)
		}
	}
}

// TestLayerName: --layer takes the full UIMA type names the files carry
// as well as the short names the readers give layers (issue 18 §5).
func TestLayerName(t *testing.T) {
	layers := []string{"NamedEntity", "Sentiment", "Annotation", "a.b.Span", "c.d.Span"}
	for _, c := range []struct{ want, got, why string }{
		{"NamedEntity", "NamedEntity", "a layer name as it is"},
		{"de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity", "NamedEntity", "a full DKPro type name: its local name"},
		{"webanno.custom.Sentiment", "Sentiment", "a WebAnno custom layer"},
		{"uima.tcas.Annotation", "Annotation", "the UIMA base type"},
		{"a.b.Span", "a.b.Span", "two types share a local name: the readers keep full names"},
		{"Span", "Span", "the short name of two full names is ambiguous: unchanged (the lookup lists both)"},
		{"x.y.Other", "x.y.Other", "no such layer: unchanged"},
		{"", "", "no layer asked"},
	} {
		if got := LayerName(layers, c.want); got != c.got {
			t.Errorf("%s: LayerName(%q) = %q, want %q", c.why, c.want, got, c.got)
		}
	}
	if got := LayerName([]string{"de.x.Sentiment"}, "Sentiment"); got != "de.x.Sentiment" {
		t.Errorf("a short name for a full-named layer: %q", got)
	}
}
