package coref

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"agree/annotation"
	"agree/coref"
)

// writeRandomBrat writes two annotators' brat collections of two documents
// under dir: words of a fixed text marked as entities, some discontinuous
// (two or three fragments), some event triggers, chained by Equiv lines
// and Coreference relations at random (a discontinuous mention in a chain
// or alone).
func writeRandomBrat(t *testing.T, dir string, rng *rand.Rand) {
	t.Helper()
	words := strings.Fields("Ada met Bob in Rome and she gave him the old map that he kept")
	text := strings.Join(words, " ")
	start := make([]int, len(words))
	for i, pos := 1, len(words[0])+1; i < len(words); i++ {
		start[i] = pos
		pos += len(words[i]) + 1
	}
	for _, ann := range []string{"alice", "bob"} {
		for _, doc := range []string{"d1", "d2"} {
			var b strings.Builder
			var ts []int
			next := 0
			for w := 0; w < len(words); w++ {
				if rng.IntN(3) == 0 {
					continue
				}
				next++
				id := next
				typ := "PER"
				if rng.IntN(5) == 0 {
					typ = "Meet" // an event trigger below
				}
				frags := []int{w}
				for k := 0; k < 2 && w+2 < len(words) && rng.IntN(4) == 0; k++ {
					w += 2
					frags = append(frags, w)
				}
				var offs, cov []string
				for _, f := range frags {
					offs = append(offs, fmt.Sprintf("%d %d", start[f], start[f]+len(words[f])))
					cov = append(cov, words[f])
				}
				fmt.Fprintf(&b, "T%d\t%s %s\t%s\n", id, typ, strings.Join(offs, ";"), strings.Join(cov, " "))
				if typ == "Meet" {
					fmt.Fprintf(&b, "E%d\tMeet:T%d\n", id, id)
					continue
				}
				ts = append(ts, id)
			}
			for k := 0; k+1 < len(ts); k++ {
				switch rng.IntN(4) {
				case 0:
					fmt.Fprintf(&b, "*\tEquiv T%d T%d\n", ts[k], ts[k+1])
				case 1:
					fmt.Fprintf(&b, "R%d\tCoreference Arg1:T%d Arg2:T%d\n", k+1, ts[k], ts[rng.IntN(len(ts))])
				}
			}
			os.MkdirAll(filepath.Join(dir, ann), 0o755)
			os.WriteFile(filepath.Join(dir, ann, doc+".ann"), []byte(b.String()), 0o644)
			os.WriteFile(filepath.Join(dir, ann, doc+".txt"), []byte(text), 0o644)
		}
	}
}

// partitions prints every annotator's chains of every document.
func partitions(c *coref.Corpus) string {
	var s strings.Builder
	for a, ann := range c.Annotators() {
		for d, doc := range c.Documents() {
			fmt.Fprintf(&s, "%s/%s: %s\n", ann, doc, chains(c, a, d))
		}
	}
	return s.String()
}

// TestBratRoutes: brat read for coreference directly (ReadBratDirTo and
// BratMentions) gives the same mentions and chains as the same files
// converted to the JSONL and to the span CSV and read back (Mentions): a
// discontinuous mention is one mention, identified by all its parts, on
// every route, and the event triggers' layer is left out on every route
// when only the entities are chained.
func TestBratRoutes(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 3))
	discontinuous := 0
	for it := range 40 {
		dir := t.TempDir()
		writeRandomBrat(t, dir, rng)
		bc := &annotation.Corpus{}
		for _, ann := range []string{"alice", "bob"} {
			if err := ReadBratDirTo(bc, filepath.Join(dir, ann), ann, BratOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		var jsonl, csv bytes.Buffer
		if err := annotation.WriteJSONL(&jsonl, bc); err != nil {
			t.Fatal(err)
		}
		if err := annotation.WriteCSV(&csv, bc); err != nil {
			t.Fatal(err)
		}
		for i := range bc.Spans {
			if len(bc.Spans[i].Parts) > 0 {
				discontinuous++
			}
		}
		direct := build(t, func(b *coref.Builder) error { return BratMentions(bc, b, "") })
		for _, route := range []struct {
			name string
			read func() (*annotation.Corpus, error)
		}{
			{"jsonl", func() (*annotation.Corpus, error) { return annotation.ReadJSONL(&jsonl, "c.jsonl") }},
			{"csv", func() (*annotation.Corpus, error) { return annotation.ReadCSV(&csv, "c.csv") }},
		} {
			c, err := route.read()
			if err != nil {
				t.Fatal(err)
			}
			got := build(t, func(b *coref.Builder) error { return Mentions(c, b, "") })
			if partitions(got) != partitions(direct) {
				t.Fatalf("case %d: %s route:\n%s\ndirect:\n%s", it, route.name, partitions(got), partitions(direct))
			}
		}
	}
	if discontinuous == 0 {
		t.Error("no discontinuous mention generated")
	}
}

// TestMentionLayer: the mentions' layer is the one given, the only one, or
// the only one with chains; otherwise an error lists the layers.
func TestMentionLayer(t *testing.T) {
	corpus := func(spans ...annotation.Span) *annotation.Corpus {
		return &annotation.Corpus{Documents: []annotation.Document{{Name: "d"}}, Annotators: []string{"a"}, Spans: spans}
	}
	ent := annotation.Span{Layer: "entity", Chain: "c", End: 1}
	trig := annotation.Span{Layer: "event", Start: 2, End: 3}
	trigChained := annotation.Span{Layer: "event", Start: 2, End: 3, Chain: "e"}
	for _, tc := range []struct {
		why   string
		c     *annotation.Corpus
		layer string
		want  string // the layer, or an error's start
	}{
		{"one layer", corpus(ent), "", "entity"},
		{"only the entities are chained", corpus(ent, trig), "", "entity"},
		{"the layer given", corpus(ent, trig), "event", "event"},
		{"both layers chained", corpus(ent, trigChained), "", `error: the spans are in 2 layers ("entity", "event") and those of "entity", "event" are in chains`},
		{"no chain", corpus(trig, annotation.Span{Layer: "entity"}), "", `error: the spans are in 2 layers ("event", "entity"), none in a chain`},
		{"unknown layer", corpus(ent), "x", `error: no span is in layer "x"`},
	} {
		got, err := MentionLayer(tc.c, tc.layer)
		if err != nil {
			got = "error: " + err.Error()
		}
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.why, got, tc.want)
		}
	}
}
