package spans

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"agree/annotation"
)

// This file checks Compare against an independent computation: spans as
// sets of characters, every one-to-one matching enumerated, the best one
// chosen by the documented order (most pairs, then most shared characters,
// then — for the matching by extent — most pairs with equal labels).

// bfSpan is a span as the brute force sees it.
type bfSpan struct {
	parts [][2]int
	label string
}

func (s bfSpan) chars() map[int]bool {
	m := map[int]bool{}
	for _, p := range s.parts {
		for x := p[0]; x < p[1]; x++ {
			m[x] = true
		}
	}
	return m
}

func bfSameParts(a, b bfSpan) bool {
	if len(a.parts) != len(b.parts) {
		return false
	}
	for k := range a.parts {
		if a.parts[k] != b.parts[k] {
			return false
		}
	}
	return true
}

// bfPairs is the rule of the README, restated on character sets.
func bfPairs(rule string, param float64, a, b bfSpan) (bool, int) {
	ca, cb := a.chars(), b.chars()
	inter := 0
	for x := range ca {
		if cb[x] {
			inter++
		}
	}
	union := len(ca) + len(cb) - inter
	switch rule {
	case "exact":
		return bfSameParts(a, b), inter
	case "overlap":
		return inter > 0 || bfSameParts(a, b), inter
	case "iou":
		return bfSameParts(a, b) || (union > 0 && float64(inter)/float64(union) >= param), inter
	case "tolerance":
		if len(a.parts) != len(b.parts) {
			return false, inter
		}
		for k := range a.parts {
			if abs(a.parts[k][0]-b.parts[k][0]) > int(param) || abs(a.parts[k][1]-b.parts[k][1]) > int(param) {
				return false, inter
			}
		}
		return true, inter
	}
	panic(rule)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// bfBest enumerates every one-to-one matching of A and B under ok and
// returns the lexicographically best (pairs, overlap, same labels).
func bfBest(A, B []bfSpan, ok func(a, b bfSpan) (bool, int)) (n, overlap, same int) {
	used := make([]bool, len(B))
	best := [3]int{-1, -1, -1}
	var rec func(i int, cur [3]int)
	rec = func(i int, cur [3]int) {
		if i == len(A) {
			if cur[0] > best[0] || (cur[0] == best[0] && (cur[1] > best[1] || (cur[1] == best[1] && cur[2] > best[2]))) {
				best = cur
			}
			return
		}
		rec(i+1, cur)
		for j, b := range B {
			if used[j] {
				continue
			}
			if yes, ov := ok(A[i], b); yes {
				used[j] = true
				s := 0
				if A[i].label == b.label {
					s = 1
				}
				rec(i+1, [3]int{cur[0] + 1, cur[1] + ov, cur[2] + s})
				used[j] = false
			}
		}
	}
	rec(0, [3]int{})
	return best[0], best[1], best[2]
}

// randomBF draws the spans of one annotator: contiguous or two-part spans
// on a short text, empty spans, exact duplicates, two labels.
func randomBF(rng *rand.Rand, n int) []bfSpan {
	var out []bfSpan
	for len(out) < n {
		if len(out) > 0 && rng.IntN(8) == 0 { // an identical duplicate
			out = append(out, out[rng.IntN(len(out))])
			continue
		}
		label := string(rune('A' + rng.IntN(2)))
		start := rng.IntN(12)
		end := start + rng.IntN(5)
		if rng.IntN(12) == 0 {
			end = start // empty
		}
		s := bfSpan{parts: [][2]int{{start, end}}, label: label}
		if rng.IntN(4) == 0 && end > start {
			s2 := end + 1 + rng.IntN(3)
			s.parts = append(s.parts, [2]int{s2, s2 + rng.IntN(4)})
		}
		out = append(out, s)
	}
	return out
}

func TestCompareBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(2024, 10))
	rules := []struct {
		spec, rule string
		param      float64
	}{
		{"exact", "exact", 0},
		{"overlap", "overlap", 0},
		{"iou:0.5", "iou", 0.5},
		{"iou:0.3", "iou", 0.3},
		{"iou:1", "iou", 1},
		{"boundary-tolerance:0", "tolerance", 0},
		{"boundary-tolerance:1", "tolerance", 1},
		{"boundary-tolerance:3", "tolerance", 3},
	}
	trials := 400
	if testing.Short() {
		trials = 60
	}
	for trial := range trials {
		nAnn := 2 + rng.IntN(2)
		nDocs := 1 + rng.IntN(2)
		c := &annotation.Corpus{}
		data := make([][][]bfSpan, nDocs) // [doc][annotator]
		for a := range nAnn {
			c.Annotator(fmt.Sprintf("a%d", a))
		}
		for d := range nDocs {
			doc := c.Document(fmt.Sprintf("d%d", d))
			data[d] = make([][]bfSpan, nAnn)
			for a := range nAnn {
				data[d][a] = randomBF(rng, rng.IntN(6))
				for _, s := range data[d][a] {
					sp := annotation.Span{Doc: doc, Annotator: a, Label: s.label,
						Start: float64(s.parts[0][0]), End: float64(s.parts[len(s.parts)-1][1])}
					if len(s.parts) > 1 {
						for _, p := range s.parts {
							sp.Parts = append(sp.Parts, annotation.Part{Start: float64(p[0]), End: float64(p[1])})
						}
					}
					c.Spans = append(c.Spans, sp)
				}
			}
		}
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
		if len(c.Spans) == 0 {
			continue
		}
		// The same spans on a time line, a character being 1/64 s (exact in
		// binary): overlaps are fractions, and must rank matchings as they
		// do in characters.
		tc := &annotation.Corpus{Annotators: c.Annotators, Documents: slices.Clone(c.Documents), Spans: slices.Clone(c.Spans)}
		const second = 1.0 / 64
		for d := range tc.Documents {
			tc.Documents[d].Time = true
		}
		for i := range tc.Spans {
			s := &tc.Spans[i]
			s.Start, s.End = s.Start*second, s.End*second
			s.Parts = slices.Clone(s.Parts)
			for k := range s.Parts {
				s.Parts[k].Start, s.Parts[k].End = s.Parts[k].Start*second, s.Parts[k].End*second
			}
		}
		for _, r := range rules {
			m, err := ParseMatch(r.spec)
			if err != nil {
				t.Fatal(err)
			}
			for _, mode := range []LabelMode{Strict, Ignore} {
				for _, onTime := range []bool{false, true} {
					opt := Options{Match: m, Labels: mode, Workers: 1 + rng.IntN(3)}
					in := c
					if onTime {
						in = tc
						if m.Kind == Tolerance {
							opt.Match.Param *= second
						}
					}
					res, err := Compare(context.Background(), in, opt)
					if err != nil {
						t.Fatal(err)
					}
					for k, p := range res.Pairs {
						la := labelsOf(t, &res.Summary, k)
						i, j := p.Annotators[0], p.Annotators[1]
						var want Counts
						var extent, agreeing int
						perLabel := map[string]*Counts{}
						for d := range nDocs {
							A, B := data[d][i], data[d][j]
							want.Reference += len(A)
							want.Response += len(B)
							for _, s := range A {
								if perLabel[s.label] == nil {
									perLabel[s.label] = &Counts{}
								}
								perLabel[s.label].Reference++
							}
							for _, s := range B {
								if perLabel[s.label] == nil {
									perLabel[s.label] = &Counts{}
								}
								perLabel[s.label].Response++
							}
							strict := 0
							for l := range perLabel {
								var la, lb []bfSpan
								for _, s := range A {
									if s.label == l {
										la = append(la, s)
									}
								}
								for _, s := range B {
									if s.label == l {
										lb = append(lb, s)
									}
								}
								n, _, _ := bfBest(la, lb, func(a, b bfSpan) (bool, int) { return bfPairs(r.rule, r.param, a, b) })
								perLabel[l].Matched += n
								strict += n
							}
							n, _, same := bfBest(A, B, func(a, b bfSpan) (bool, int) { return bfPairs(r.rule, r.param, a, b) })
							extent += n
							agreeing += same
							if mode == Strict {
								want.Matched += strict
							} else {
								want.Matched += n
							}
						}
						what := fmt.Sprintf("trial %d, %s, labels %s, time %v, pair %d-%d", trial, r.spec, mode, onTime, i, j)
						if p.Counts != want {
							t.Fatalf("%s: counts %+v, brute force %+v\n%v", what, p.Counts, want, data)
						}
						if la.Pairs != extent || la.Agreeing != agreeing {
							t.Fatalf("%s: label agreement on %d pairs, %d agreeing; brute force %d, %d\n%v", what,
								la.Pairs, la.Agreeing, extent, agreeing, data)
						}
						got := map[string]Counts{}
						for _, l := range p.PerLabel {
							got[l.Label] = l.Counts
						}
						for l, w := range perLabel {
							if w.Reference+w.Response == 0 {
								continue
							}
							if got[l] != *w {
								t.Fatalf("%s: label %s: %+v, brute force %+v\n%v", what, l, got[l], *w, data)
							}
						}
					}
				}
			}
		}
	}
}
