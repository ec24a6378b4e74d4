package spans

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestSolverBruteForce compares the solver with an enumeration of every
// matching on small random graphs: the same number of pairs and, among
// matchings of that size, the same best total overlap, then number of
// equal labels, then closeness (lexicographically).
func TestSolverBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var s solver
	for trial := range 3000 {
		nA, nB := 1+rng.IntN(6), 1+rng.IntN(6)
		var edges []edge
		seen := map[[2]int32]bool{}
		for k := rng.IntN(nA*nB + 1); k > 0; k-- {
			e := edge{a: int32(rng.IntN(nA)), b: int32(rng.IntN(nB)), overlap: float64(rng.IntN(4)),
				same: rng.IntN(2) == 0, close: 1 / float64(1+rng.IntN(4))}
			if !seen[[2]int32{e.a, e.b}] {
				seen[[2]int32{e.a, e.b}] = true
				edges = append(edges, e)
			}
		}
		got := s.match(nA, nB, ones(nA), ones(nB), edges, nil)
		byPair := map[[2]int32]edge{}
		for _, e := range edges {
			byPair[[2]int32{e.a, e.b}] = e
		}
		usedA, usedB := map[int32]bool{}, map[int32]bool{}
		var gotV value
		for _, f := range got {
			m := [2]int32{f.a, f.b}
			if usedA[m[0]] || usedB[m[1]] || f.n != 1 {
				t.Fatalf("trial %d: %v is not one to one", trial, got)
			}
			usedA[m[0]], usedB[m[1]] = true, true
			e, ok := byPair[m]
			if !ok {
				t.Fatalf("trial %d: %v is not an edge", trial, m)
			}
			gotV = gotV.plus(e)
		}
		best := bruteForce(edges, 0, map[int32]bool{}, map[int32]bool{})
		if !gotV.equal(best) {
			t.Fatalf("trial %d (%d×%d, %v): %+v, brute force %+v", trial, nA, nB, edges, gotV, best)
		}
	}
}

func ones(n int) []int32 {
	m := make([]int32, n)
	for i := range m {
		m[i] = 1
	}
	return m
}

// TestSolverClassesBruteForce: with classes of identical spans
// (multiplicities), the flows of the solver are as good as the best
// matching of the spans themselves (every copy with its class's edges),
// enumerated: the same number of pairs, total overlap, equal labels and
// closeness; they respect the multiplicities and use only edges.
func TestSolverClassesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 6))
	var s solver
	for trial := range 3000 {
		nA, nB := 1+rng.IntN(4), 1+rng.IntN(4)
		multA, multB := make([]int32, nA), make([]int32, nB)
		unitsA, unitsB := 0, 0
		for i := range multA {
			multA[i] = 1 + int32(rng.IntN(3))
			unitsA += int(multA[i])
		}
		for i := range multB {
			multB[i] = 1 + int32(rng.IntN(3))
			unitsB += int(multB[i])
		}
		if unitsA > 7 || unitsB > 7 {
			continue // the brute force enumerates matchings of the copies
		}
		var edges []edge
		seen := map[[2]int32]bool{}
		for k := rng.IntN(nA*nB + 1); k > 0; k-- {
			e := edge{a: int32(rng.IntN(nA)), b: int32(rng.IntN(nB)), overlap: float64(rng.IntN(4)),
				same: rng.IntN(2) == 0, close: 1 / float64(1+rng.IntN(4))}
			if !seen[[2]int32{e.a, e.b}] {
				seen[[2]int32{e.a, e.b}] = true
				edges = append(edges, e)
			}
		}
		got := s.match(nA, nB, multA, multB, edges, nil)
		byPair := map[[2]int32]edge{}
		for _, e := range edges {
			byPair[[2]int32{e.a, e.b}] = e
		}
		outA, inB := make([]int32, nA), make([]int32, nB)
		var gotV value
		for _, f := range got {
			e, ok := byPair[[2]int32{f.a, f.b}]
			if !ok || f.n < 1 {
				t.Fatalf("trial %d: flow %+v is not on an edge", trial, f)
			}
			outA[f.a] += f.n
			inB[f.b] += f.n
			for range f.n {
				gotV = gotV.plus(e)
			}
		}
		for i := range outA {
			if outA[i] > multA[i] {
				t.Fatalf("trial %d: class %d sends %d of %d spans", trial, i, outA[i], multA[i])
			}
		}
		for i := range inB {
			if inB[i] > multB[i] {
				t.Fatalf("trial %d: class %d takes %d of %d spans", trial, i, inB[i], multB[i])
			}
		}
		// the copies: span k of the expanded graph belongs to class classOf[k]
		var classA, classB []int32
		for i, m := range multA {
			for range m {
				classA = append(classA, int32(i))
			}
		}
		for i, m := range multB {
			for range m {
				classB = append(classB, int32(i))
			}
		}
		var copies []edge
		for x, ca := range classA {
			for y, cb := range classB {
				if e, ok := byPair[[2]int32{ca, cb}]; ok {
					e.a, e.b = int32(x), int32(y)
					copies = append(copies, e)
				}
			}
		}
		best := bruteForce(copies, 0, map[int32]bool{}, map[int32]bool{})
		if !gotV.equal(best) {
			t.Fatalf("trial %d (classes %v × %v, %v): %+v, brute force on the copies %+v", trial, multA, multB, edges, gotV, best)
		}
	}
}

// value is what a matching is judged by, lexicographically.
type value struct {
	pairs   int
	overlap float64
	same    int
	close   float64
}

func (v value) plus(e edge) value {
	v.pairs++
	v.overlap += e.overlap
	if e.same {
		v.same++
	}
	v.close += e.close
	return v
}

func (v value) equal(w value) bool {
	return v.pairs == w.pairs && v.overlap == w.overlap && v.same == w.same && math.Abs(v.close-w.close) < 1e-9
}

func (v value) better(w value) bool {
	switch {
	case v.pairs != w.pairs:
		return v.pairs > w.pairs
	case v.overlap != w.overlap:
		return v.overlap > w.overlap
	case v.same != w.same:
		return v.same > w.same
	}
	return v.close > w.close+1e-9
}

func bruteForce(edges []edge, k int, usedA, usedB map[int32]bool) value {
	if k == len(edges) {
		return value{}
	}
	best := bruteForce(edges, k+1, usedA, usedB)
	e := edges[k]
	if !usedA[e.a] && !usedB[e.b] {
		usedA[e.a], usedB[e.b] = true, true
		v := bruteForce(edges, k+1, usedA, usedB).plus(e)
		usedA[e.a], usedB[e.b] = false, false
		if v.better(best) {
			best = v
		}
	}
	return best
}

// randomCorpus writes a span CSV of random spans: docs documents, anns
// annotators, about per spans of a common truth per document that each
// annotator keeps (70%), moves by one character or relabels, plus extra
// spans of their own; labels from a small set; some discontinuous.
func randomCorpus(rng *rand.Rand, docs, anns, per int) []string {
	var rows []string
	type sp struct {
		start, end, gap, end2 int
		label                 string
	}
	for d := range docs {
		var truth []sp
		for range per {
			start := rng.IntN(60)
			s := sp{start: start, end: start + rng.IntN(8), label: string(rune('P' + rng.IntN(3)))}
			if rng.IntN(8) == 0 {
				s.gap = 1 + rng.IntN(3)
				s.end2 = s.end + s.gap + 1 + rng.IntN(4)
			}
			truth = append(truth, s)
		}
		for a := range anns {
			mine := []sp{}
			for _, s := range truth {
				if rng.IntN(10) < 7 {
					switch rng.IntN(6) {
					case 0:
						s.end++
						if s.gap > 0 {
							s.end2++
						}
					case 1:
						s.label = string(rune('P' + rng.IntN(3)))
					}
					mine = append(mine, s)
				}
			}
			for range rng.IntN(3) {
				start := rng.IntN(60)
				mine = append(mine, sp{start: start, end: start + rng.IntN(8), label: string(rune('P' + rng.IntN(3)))})
			}
			if len(mine) == 0 {
				mine = append(mine, sp{start: 70, end: 71, label: "P"})
			}
			for k, s := range mine {
				if s.gap > 0 {
					id := fmt.Sprintf("p%d", k)
					rows = append(rows, fmt.Sprintf("doc%d,ann%d,%d,%d,%s,%s", d, a, s.start, s.end, s.label, id))
					rows = append(rows, fmt.Sprintf("doc%d,ann%d,%d,%d,%s,%s", d, a, s.end+s.gap, s.end2, s.label, id))
					continue
				}
				rows = append(rows, fmt.Sprintf("doc%d,ann%d,%d,%d,%s,", d, a, s.start, s.end, s.label))
			}
		}
	}
	return rows
}

func summary(r *Result) string {
	var b strings.Builder
	for k, p := range r.Pairs {
		la, err := r.LabelAgreement(k)
		if err != nil {
			panic(err)
		}
		fmt.Fprintf(&b, "%s-%s %v %v %d/%d κ=%.12g α=%.12g;", r.Annotators[p.Annotators[0]], r.Annotators[p.Annotators[1]],
			p.Counts, p.PerLabel, la.Pairs, la.Agreeing, la.Kappa.Value, la.Alpha.Value)
	}
	return b.String()
}

// TestProperties: F1 is symmetric in the pair; results do not depend on
// the order of documents and spans, nor on the number of workers; IoU 1.0
// is exact matching.
func TestProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	ctx := context.Background()
	for trial := range 40 {
		rows := randomCorpus(rng, 1+rng.IntN(4), 2+rng.IntN(3), 1+rng.IntN(6))
		if len(rows) == 0 {
			continue
		}
		for _, match := range []string{"exact", "overlap", "iou:0.5", "boundary-tolerance:2"} {
			for _, labels := range []LabelMode{Strict, Ignore} {
				c := corpus(t, rows...)
				m, _ := ParseMatch(match)
				r, err := Compare(ctx, c, Options{Match: m, Labels: labels, Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				// Shuffled rows: documents and spans come in another order.
				// The annotators keep theirs (the first is the reference):
				// each one's first row stays in front.
				sh := slices.Clone(rows)
				rng.Shuffle(len(sh), func(i, j int) { sh[i], sh[j] = sh[j], sh[i] })
				seen := map[string]bool{}
				var front []string
				for _, row := range rows {
					if a := strings.Split(row, ",")[1]; !seen[a] {
						seen[a] = true
						front = append(front, "front,"+a+",0,0,P,")
					}
				}
				c2 := corpus(t, append(front, sh...)...)
				c2.Spans = c2.Spans[len(front):] // the empty document stays, without spans
				if err := c2.Validate(); err != nil {
					t.Fatal(err)
				}
				r2, err := Compare(ctx, c2, Options{Match: m, Labels: labels, Workers: 3})
				if err != nil {
					t.Fatal(err)
				}
				byName := func(r *Result) map[string]string {
					out := map[string]string{}
					for k, p := range r.Pairs {
						la := labelsOf(t, &r.Summary, k)
						a, b := r.Annotators[p.Annotators[0]], r.Annotators[p.Annotators[1]]
						if a > b {
							a, b = b, a
							p.Counts.Reference, p.Counts.Response = p.Counts.Response, p.Counts.Reference
							p.PerLabel = slices.Clone(p.PerLabel)
							for k := range p.PerLabel {
								p.PerLabel[k].Reference, p.PerLabel[k].Response = p.PerLabel[k].Response, p.PerLabel[k].Reference
							}
						}
						out[a+"-"+b] = fmt.Sprintf("%v %v %d/%d κ=%.12g α=%.12g", p.Counts, p.PerLabel,
							la.Pairs, la.Agreeing, la.Kappa.Value, la.Alpha.Value)
					}
					return out
				}
				g1, g2 := byName(r), byName(r2)
				for k, v := range g1 {
					if g2[k] != v {
						t.Fatalf("trial %d %s %s: pair %s differs with shuffled input:\n%s\n%s", trial, match, labels, k, v, g2[k])
					}
				}
				near(t, "average F1 under shuffling", r2.AverageF1, r.AverageF1, 1e-12)
				// Symmetry: the reversed pair has precision and recall
				// swapped and the same F1.
				for _, p := range r.Pairs {
					rev := Counts{p.Matched, p.Response, p.Reference}
					near(t, "F1 symmetric", rev.F1(), p.F1(), 0)
					near(t, "P↔R", rev.Precision(), p.Recall(), 0)
				}
				if match == "exact" {
					ri := compare(t, c, "iou:1", labels)
					if summary(ri) != summary(r) {
						t.Fatalf("trial %d: IoU 1 differs from exact:\n%s\n%s", trial, summary(ri), summary(r))
					}
				}
			}
		}
	}
}

// TestReversedPair: comparing (B, A) instead of (A, B) swaps precision and
// recall and keeps F1, on a real matching (the annotator read first is the
// reference).
func TestReversedPair(t *testing.T) {
	rows := randomCorpus(rand.New(rand.NewPCG(1, 2)), 3, 2, 6)
	var first, second []string
	for _, row := range rows {
		if strings.Contains(row, ",ann0,") {
			first = append(first, row)
		} else {
			second = append(second, row)
		}
	}
	for _, match := range []string{"exact", "overlap", "iou:0.5", "boundary-tolerance:3"} {
		r := compare(t, corpus(t, append(slices.Clone(first), second...)...), match, Strict)
		r2 := compare(t, corpus(t, append(slices.Clone(second), first...)...), match, Strict)
		p, q := r.Pairs[0], r2.Pairs[0]
		if r.Annotators[p.Annotators[0]] == r2.Annotators[q.Annotators[0]] {
			t.Fatalf("the reference did not change: %v %v", r.Annotators, r2.Annotators)
		}
		if p.Matched == 0 {
			t.Fatalf("%s: nothing matched; the test shows nothing", match)
		}
		near(t, match+" F1", q.F1(), p.F1(), 0)
		near(t, match+" precision↔recall", q.Precision(), p.Recall(), 0)
		near(t, match+" recall↔precision", q.Recall(), p.Precision(), 0)
	}
}
