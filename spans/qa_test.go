package spans

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"agree/annotation"
	"agree/inference"
	"agree/internal/spangen"
)

// TestRelationsBruteForce: with spans that can be matched in one way only
// (exact matching, no two spans of an annotator with the same extent but
// for identical copies, which are one end for relations), two
// relations can be paired when their sources have the same extent and
// their targets too (and, with --labels strict, the ends' labels and the
// types agree); the matched relations are the largest one-to-one matching
// of those pairs, found here by enumeration.
func TestRelationsBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 10))
	type rel struct {
		src, tgt [2]int
		sl, tl   string
		typ      string
	}
	for trial := range 300 {
		nAnn := 2 + rng.IntN(2)
		c := &annotation.Corpus{}
		d := c.Document("d")
		rels := make([][]rel, nAnn)
		for a := range nAnn {
			c.Annotator(fmt.Sprintf("a%d", a))
			// distinct extents from a small pool, so that annotators share some
			pool := rng.Perm(6)[:2+rng.IntN(4)]
			span := map[int][]int{} // extent → the span and its identical copies
			for _, x := range pool {
				label := string(rune('P' + rng.IntN(2)))
				for copies := 1 + rng.IntN(3)/2; copies > 0; copies-- {
					span[x] = append(span[x], len(c.Spans))
					c.Spans = append(c.Spans, annotation.Span{Doc: d, Annotator: a, Start: float64(3 * x), End: float64(3*x + 2), Label: label})
				}
			}
			pick := func(x int) int { return span[x][rng.IntN(len(span[x]))] }
			for range rng.IntN(5) {
				s, tg := pool[rng.IntN(len(pool))], pool[rng.IntN(len(pool))]
				typ := string(rune('x' + rng.IntN(2)))
				r := annotation.Relation{Doc: d, Annotator: a, Source: pick(s), Target: pick(tg), Type: typ}
				c.Relations = append(c.Relations, r)
				rels[a] = append(rels[a], rel{[2]int{3 * s, 3*s + 2}, [2]int{3 * tg, 3*tg + 2}, c.Spans[r.Source].Label, c.Spans[r.Target].Label, typ})
			}
		}
		if len(c.Relations) == 0 {
			continue
		}
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
		for _, mode := range []LabelMode{Strict, Ignore} {
			rr, err := CompareRelations(context.Background(), c, Options{Labels: mode})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range rr.Pairs {
				A, B := rels[p.Annotators[0]], rels[p.Annotators[1]]
				ok := func(x, y rel) bool {
					if x.src != y.src || x.tgt != y.tgt {
						return false
					}
					return mode == Ignore || (x.sl == y.sl && x.tl == y.tl && x.typ == y.typ)
				}
				used := make([]bool, len(B))
				best := 0
				var rec func(i, n int)
				rec = func(i, n int) {
					if i == len(A) {
						best = max(best, n)
						return
					}
					rec(i+1, n)
					for j := range B {
						if !used[j] && ok(A[i], B[j]) {
							used[j] = true
							rec(i+1, n+1)
							used[j] = false
						}
					}
				}
				rec(0, 0)
				want := Counts{best, len(A), len(B)}
				if p.Counts != want {
					t.Fatalf("trial %d, %s, pair %v: %+v, brute force %+v\nA %v\nB %v", trial, mode, p.Annotators, p.Counts, want, A, B)
				}
			}
		}
	}
}

// TestPerDocumentIsDocumentAlone: a document's row of PerDocument is the
// comparison of that document alone (the same annotators, in the same
// order), under every rule and label mode.
func TestPerDocumentIsDocumentAlone(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	ctx := context.Background()
	for trial := range 30 {
		rows := randomCorpus(rng, 2+rng.IntN(4), 2+rng.IntN(3), 1+rng.IntN(6))
		full := corpus(t, rows...)
		for _, match := range []string{"exact", "overlap", "iou:0.5", "boundary-tolerance:1"} {
			m, _ := ParseMatch(match)
			for _, mode := range []LabelMode{Strict, Ignore} {
				r, err := Compare(ctx, full, Options{Match: m, Labels: mode})
				if err != nil {
					t.Fatal(err)
				}
				per := r.PerDocument()
				macro, n := 0.0, 0
				for d, doc := range full.Documents {
					alone := &annotation.Corpus{}
					for _, a := range full.Annotators {
						alone.Annotator(a)
					}
					alone.Document(doc.Name)
					for _, s := range full.Spans {
						if s.Doc == d {
							s.Doc = 0
							alone.Spans = append(alone.Spans, s)
						}
					}
					ra, err := Compare(ctx, alone, Options{Match: m, Labels: mode})
					if err != nil {
						t.Fatal(err)
					}
					what := fmt.Sprintf("trial %d %s %s document %s", trial, match, mode, doc.Name)
					if per[d].Counts != ra.Micro || per[d].Pairs != len(ra.Pairs) {
						t.Fatalf("%s: %+v (%d pairs), alone %+v (%d pairs)", what, per[d].Counts, per[d].Pairs, ra.Micro, len(ra.Pairs))
					}
					if per[d].Reason == "" {
						near(t, what+" F1", per[d].F1, ra.Micro.F1(), 0)
						near(t, what+" average F1", per[d].AverageF1, ra.AverageF1, 1e-12)
						macro += per[d].F1
						n++
					}
				}
				f1, docs, _ := r.CorpusF1(Macro)
				near(t, "macro corpus F1", f1, macro/float64(n), 1e-12)
				if docs != n {
					t.Errorf("macro over %d documents, want %d", docs, n)
				}
				f1, _, _ = r.CorpusF1(Micro)
				near(t, "micro corpus F1", f1, r.Micro.F1(), 0)
			}
		}
	}
}

// TestBootstrapWorkers: the document bootstrap gives bit-identical
// results whatever the number of workers, for spans and relations alike,
// and its allocations do not grow with the resamples beyond the tails a
// percentile interval keeps.
func TestBootstrapWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	c := corpus(t, randomCorpus(rng, 12, 3, 5)...)
	ctx := context.Background()
	for _, mode := range []LabelMode{Strict, Ignore} {
		r, err := Compare(ctx, c, Options{Match: Match{Kind: Overlap}, Labels: mode})
		if err != nil {
			t.Fatal(err)
		}
		var first string
		for _, w := range []int{1, 2, 3, 8} {
			iv, err := r.Bootstrap(ctx, inference.Options{Resamples: 500, Seed: 9, Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, x := range append(iv.Pairs, iv.AverageF1, iv.MicroF1, iv.MacroF1) {
				fmt.Fprintf(&b, "%v %v %v %v|", x.Estimate, x.SE, x.CI.Low, x.CI.High)
			}
			if first == "" {
				first = b.String()
			} else if b.String() != first {
				t.Fatalf("%s: %d workers give\n%s\nnot\n%s", mode, w, b.String(), first)
			}
		}
	}
	// Allocations: each resample gets its own generator (a few dozen
	// bytes, garbage at once); nothing per document or pair is allocated,
	// and only the tails of the percentile interval are kept.
	big := corpus(t, randomCorpus(rng, 300, 3, 5)...)
	r := compare(t, big, "overlap", Strict)
	alloc := func(resamples int) float64 {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		if _, err := r.Bootstrap(ctx, inference.Options{Resamples: resamples, Seed: 1, Workers: 2}); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&m1)
		return float64(m1.TotalAlloc - m0.TotalAlloc)
	}
	small, large := alloc(1000), alloc(11000)
	if per := (large - small) / 10000; per > 120 {
		t.Errorf("the bootstrap allocates %.0f bytes per resample (300 documents: something per document?)", per)
	}
}

// TestMatchingPreferences: among matchings with the most pairs, the larger
// total overlap wins before equal labels, in characters and in seconds
// alike (label_agreement is computed on the chosen pairs).
func TestMatchingPreferences(t *testing.T) {
	for _, tc := range []struct {
		why      string
		rows     []string
		agreeing int
	}{
		{"characters: one more shared character beats an equal label",
			[]string{"d,A,0,100,X", "d,B,0,99,Y", "d,B,0,98,X"}, 0},
		{"seconds: 0.01 s more overlap beats an equal label (was the other way round: the label bonus outweighed fractional overlaps)",
			[]string{"d,A,0,1,X", "d,B,0,0.99,Y", "d,B,0,0.98,X"}, 0},
		{"seconds, assignment path (no star): more overlap first",
			[]string{"d,A,0,1,X", "d,A,2,3,Y", "d,B,0,0.99,Y", "d,B,0,0.98,X", "d,B,2,2.99,X", "d,B,2,2.98,Y", "d,B,0.5,2.5,X"}, 0},
		{"seconds: overlaps within a microsecond are equal, and the equal label decides",
			[]string{"d,A,0,1,X", "d,B,0.0000001,1,Y", "d,B,0.0000002,1,X"}, 1},
		{"equal overlaps: the equal label decides",
			[]string{"d,A,0,10,X", "d,B,0,5,Y", "d,B,5,10,X"}, 1},
	} {
		r := compare(t, corpus(t, tc.rows...), "overlap", Ignore)
		if la := labelsOf(t, &r.Summary, 0); la.Agreeing != tc.agreeing {
			t.Errorf("%s: %d of %d matched pairs agree on the label, want %d", tc.why, la.Agreeing, la.Pairs, tc.agreeing)
		}
	}
}

// TestRelationsThroughDuplicateEnds: a relation whose end is one of two
// identical spans of its annotator (a span marked twice, as brat allows)
// is matched through either copy, whichever copy the span matching paired;
// before, the copy with the smaller id was matched and a relation on the
// other one found no partner (F1 0 for identical relations).
func TestRelationsThroughDuplicateEnds(t *testing.T) {
	type end struct {
		id         string
		start, end float64
		label      string
	}
	type ann struct {
		spans []end
		rels  [][2]string // source id, target id (type "met")
	}
	ada, ada2, bob := end{"T1", 0, 3, "PER"}, end{"T2", 0, 3, "PER"}, end{"T3", 8, 11, "PER"}
	adaOrg := end{"T2", 0, 3, "ORG"}
	for _, tc := range []struct {
		why     string
		a, b    ann
		labels  LabelMode
		matched int
	}{
		{"the relation starts at the second copy of a span marked twice",
			ann{[]end{ada, ada2, bob}, [][2]string{{"T2", "T3"}}}, ann{[]end{ada, bob}, [][2]string{{"T1", "T3"}}}, Strict, 1},
		{"the same with the copies in the other order",
			ann{[]end{ada2, ada, bob}, [][2]string{{"T2", "T3"}}}, ann{[]end{ada, bob}, [][2]string{{"T1", "T3"}}}, Strict, 1},
		{"both annotators marked the span twice and used different copies",
			ann{[]end{ada, ada2, bob}, [][2]string{{"T2", "T3"}}}, ann{[]end{ada, ada2, bob}, [][2]string{{"T1", "T3"}}}, Ignore, 1},
		{"two relations on the two copies still match one relation only (one to one)",
			ann{[]end{ada, ada2, bob}, [][2]string{{"T1", "T3"}, {"T2", "T3"}}}, ann{[]end{ada, bob}, [][2]string{{"T1", "T3"}}}, Strict, 1},
		{"a span of the same extent with another label is another end: not matched under strict labels",
			ann{[]end{ada, adaOrg, bob}, [][2]string{{"T2", "T3"}}}, ann{[]end{ada, bob}, [][2]string{{"T1", "T3"}}}, Strict, 0},
	} {
		c := &annotation.Corpus{}
		d := c.Document("d")
		for _, who := range []struct {
			name string
			x    ann
		}{{"A", tc.a}, {"B", tc.b}} {
			a := c.Annotator(who.name)
			ids := map[string]int{}
			for _, s := range who.x.spans {
				ids[s.id] = len(c.Spans)
				c.Spans = append(c.Spans, annotation.Span{Doc: d, Annotator: a, ID: s.id, Start: s.start, End: s.end, Label: s.label})
			}
			for _, r := range who.x.rels {
				c.Relations = append(c.Relations, annotation.Relation{Doc: d, Annotator: a, Source: ids[r[0]], Target: ids[r[1]], Type: "met"})
			}
		}
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
		rr, err := CompareRelations(context.Background(), c, Options{Labels: tc.labels})
		if err != nil {
			t.Fatal(err)
		}
		if got := rr.Pairs[0].Matched; got != tc.matched {
			t.Errorf("%s: %d relations matched, want %d", tc.why, got, tc.matched)
		}
		if tc.matched == 1 && len(tc.a.rels) == 1 && len(tc.b.rels) == 1 {
			if ds := rr.Disagreements(); len(ds) != 0 {
				t.Errorf("%s: disagreements %+v on matched relations", tc.why, ds)
			}
		}
	}
}

// TestCompareMemory: Compare allocates a few dozen bytes per span (the
// 24-byte shape, its index, the documents' counts), not a coding item per
// matched pair: the agreement on labels goes through the engine's
// statistics (it allocated about 170 bytes per matched pair of every pair
// of annotators, 190 MB of the 1M-span benchmark).
func TestCompareMemory(t *testing.T) {
	perSpan := func(docs int) float64 {
		c := spangenCorpus(docs)
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		if _, err := Compare(context.Background(), c, Options{Labels: Ignore, Workers: 2}); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&m1)
		return float64(m1.TotalAlloc-m0.TotalAlloc) / float64(len(c.Spans))
	}
	small, large := perSpan(200), perSpan(2000)
	t.Logf("%.0f bytes per span (200 documents), %.0f (2000)", small, large)
	if large > 80 {
		t.Errorf("Compare allocates %.0f bytes per span", large)
	}
}

func spangenCorpus(docs int) *annotation.Corpus {
	return spangen.Corpus(spangen.Config{Documents: docs, Annotators: 5, Spans: 20, Labels: 6, Seed: 1})
}

// TestCompareRefuses: what cannot be compared is an error, not a table of
// zeros.
func TestCompareRefuses(t *testing.T) {
	noSpans := &annotation.Corpus{}
	noSpans.Annotator("a")
	noSpans.Annotator("b")
	noSpans.Document("d")
	one := &annotation.Corpus{}
	one.Annotator("a")
	one.Document("d")
	one.Spans = []annotation.Span{{End: 1, Label: "X"}}
	for _, tc := range []struct {
		why  string
		c    *annotation.Corpus
		want string
	}{
		{"no spans at all (gave F1 0 for every pair, and a macro average over no label)", noSpans, "no spans"},
		{"one annotator", one, "two annotators"},
	} {
		_, err := Compare(context.Background(), tc.c, Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", tc.why, err, tc.want)
		}
	}
	one.Relations = []annotation.Relation{{Type: "r"}}
	for _, tc := range []struct {
		why  string
		c    *annotation.Corpus
		want string
	}{
		{"relations of one annotator (the message spoke of spans)", one, "relation agreement needs at least two annotators"},
		{"no relations", noSpans, "no relations"},
	} {
		_, err := CompareRelations(context.Background(), tc.c, Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", tc.why, err, tc.want)
		}
	}
}

// TestRepeatedSpans: spans marked twice by one annotator are counted (the
// command says so in a note): each copy counts and is matched once.
func TestRepeatedSpans(t *testing.T) {
	for _, tc := range []struct {
		why      string
		rows     []string
		repeated int
		counts   Counts
	}{
		{"a span marked twice: one repeat, the copy unmatched lowers recall",
			[]string{"d,A,0,5,X", "d,A,0,5,X", "d,B,0,5,X"}, 1, Counts{1, 2, 1}},
		{"three copies: two repeats",
			[]string{"d,A,0,5,X", "d,A,0,5,X", "d,A,0,5,X", "d,B,0,5,X"}, 2, Counts{1, 3, 1}},
		{"the same extent with another label is no repeat",
			[]string{"d,A,0,5,X", "d,A,0,5,Y", "d,B,0,5,X"}, 0, Counts{1, 2, 1}},
		{"the same span of two annotators is agreement, not a repeat",
			[]string{"d,A,0,5,X", "d,B,0,5,X"}, 0, Counts{1, 1, 1}},
		{"the same span in two documents is no repeat",
			[]string{"d,A,0,5,X", "e,A,0,5,X", "d,B,0,5,X"}, 0, Counts{1, 2, 1}},
	} {
		r := compare(t, corpus(t, tc.rows...), "exact", Strict)
		if r.Repeated != tc.repeated || r.Pairs[0].Counts != tc.counts {
			t.Errorf("%s: %d repeated, %+v; want %d, %+v", tc.why, r.Repeated, r.Pairs[0].Counts, tc.repeated, tc.counts)
		}
	}
}
