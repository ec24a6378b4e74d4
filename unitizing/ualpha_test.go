package unitizing

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// span is (annotator, label, start, end), the layout of sheet §8.5.
type span struct {
	a    string
	c    string
	s, e float64
}

func fromSpans(name string, sp ...span) *Continuum {
	c := &Continuum{Name: name}
	for _, x := range sp {
		c.Units = append(c.Units, Unit{Annotator: c.AnnotatorIndex(x.a), Category: x.c, Start: x.s, End: x.e})
	}
	return c
}

func TestUAlphaCrossChecked(t *testing.T) {
	// Sheet §8.5, cross-checked vector (two independent implementations agree), L = 20.
	c := fromSpans("2016",
		span{"Alex", "1", 2, 5}, span{"Alex", "1", 9, 11}, span{"Alex", "2", 12, 20},
		span{"Paul", "1", 2, 5}, span{"Paul", "2", 7, 15},
		span{"Susan", "1", 2, 5}, span{"Susan", "2", 10, 15})
	r, err := UAlpha(c, Extent{0, 20})
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want float64
	}{
		{"uα", r.U, 0.4739130434782609},
		{"|uα", r.Binary, 0.43281249999999993},
		{"c|uα", r.CU, 0.7788819875776397},
		{"coverage", r.Coverage, 0.3833333333333333},
		{"(1)uα", r.Categories[0].Alpha, 0.7692517006802722},
		{"(2)uα", r.Categories[1].Alpha, 0.7869714285714285},
	}
	for _, ch := range checks {
		if !near(ch.got, ch.want, 1e-12) {
			t.Errorf("%s = %.16f, want %.16f ± 1e-12", ch.name, ch.got, ch.want)
		}
	}
}

func TestUAlphaSecondVector(t *testing.T) {
	// Sheet §8.5, second example; the sheet marks it "unverified, single
	// implementation", so it is checked only to the 12 printed digits. The
	// sheet gives no length; the coverage 7.78% = l'/(m·L) with l' = 14 (by
	// hand: the three [2,5) units give 6 ordered pairs × 3 = 18, Paul [10,20)
	// with Susan [15,20) gives 2 × 5 = 10; (18 + 10)/(m−1) = 14)
	// fixes L = 60, the README's length.
	c := fromSpans("2016b",
		span{"Alex", "1", 2, 5}, span{"Paul", "1", 2, 5}, span{"Paul", "2", 10, 20},
		span{"Susan", "2", 2, 5}, span{"Susan", "2", 15, 20})
	r, err := UAlpha(c, Extent{0, 60})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("uα %.12f |uα %.12f c|uα %.12f cov %.4f (1) %.12f (2) %.12f", r.U, r.Binary, r.CU, r.Coverage, r.Categories[0].Alpha, r.Categories[1].Alpha)
	checks := []struct {
		name      string
		got, want float64
	}{
		{"uα", r.U, 0.398298142379},
		{"|uα", r.Binary, 0.523801044634},
		{"c|uα", r.CU, 0.357142857143},
		{"coverage", r.Coverage, 0.0778},
		{"(1)uα", r.Categories[0].Alpha, 0.3125},
		{"(2)uα", r.Categories[1].Alpha, 0.390625},
	}
	for _, ch := range checks {
		tol := 1e-11
		if ch.name == "coverage" {
			tol = 1e-4
		}
		if !near(ch.got, ch.want, tol) {
			t.Errorf("%s = %.12f, want %v ± %v", ch.name, ch.got, ch.want, tol)
		}
	}
}

// randomPartition draws non-overlapping integer units for m annotators on [0, L).
func randomPartition(rng *rand.Rand, m int, L int, cats []string) *Continuum {
	c := &Continuum{Name: "random"}
	for a := 0; a < m; a++ {
		c.Annotators = append(c.Annotators, string(rune('a'+a)))
		pos := rng.IntN(3)
		for pos < L-1 {
			l := 1 + rng.IntN(5)
			if pos+l > L {
				l = L - pos
			}
			c.Units = append(c.Units, Unit{Annotator: a, Category: cats[rng.IntN(len(cats))], Start: float64(pos), End: float64(pos + l)})
			pos += l + rng.IntN(4)
		}
	}
	return c
}

func TestUAlphaProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 50; trial++ {
		c := randomPartition(rng, 2+rng.IntN(3), 40, []string{"x", "y", "z"})
		ext := Extent{0, 40}
		r, err := UAlpha(c, ext)
		if err != nil {
			t.Fatal(err)
		}
		// Annotator order and category renaming must not matter.
		p := &Continuum{Name: "perm", Annotators: append([]string(nil), c.Annotators...)}
		perm := rng.Perm(len(c.Annotators))
		rename := map[string]string{"x": "zz", "y": "aa", "z": "mm"}
		for _, u := range c.Units {
			u.Annotator = perm[u.Annotator]
			u.Category = rename[u.Category]
			p.Units = append(p.Units, u)
		}
		rng.Shuffle(len(p.Units), func(i, j int) { p.Units[i], p.Units[j] = p.Units[j], p.Units[i] })
		q, err := UAlpha(p, ext)
		if err != nil {
			t.Fatal(err)
		}
		for _, pair := range [][2]float64{{r.U, q.U}, {r.Binary, q.Binary}, {r.CU, q.CU}, {r.Coverage, q.Coverage}} {
			if !near(pair[1], pair[0], 1e-9) {
				t.Fatalf("trial %d: permuted annotators/renamed categories changed a value: %v vs %v", trial, pair[0], pair[1])
			}
		}
		// Perfect agreement: every annotator copies annotator 0 → all 1.
		cp := &Continuum{Name: "copy", Annotators: c.Annotators}
		for _, u := range c.UnitsOf(0) {
			for a := range c.Annotators {
				u.Annotator = a
				cp.Units = append(cp.Units, u)
			}
		}
		pr, err := UAlpha(cp, ext)
		if err != nil {
			t.Fatal(err)
		}
		if pr.UReason == "" && !near(pr.U, 1, 1e-12) {
			t.Fatalf("trial %d: identical annotators: uα = %v, want 1", trial, pr.U)
		}
		if pr.BinaryReason == "" && !near(pr.Binary, 1, 1e-12) {
			t.Fatalf("trial %d: identical annotators: |uα = %v, want 1", trial, pr.Binary)
		}
		if pr.CUReason == "" && !near(pr.CU, 1, 1e-12) {
			t.Fatalf("trial %d: identical annotators: c|uα = %v, want 1", trial, pr.CU)
		}
	}
}

func TestUAlphaSplitsInvisible(t *testing.T) {
	// Mathet et al. 2015 §6.1.5: c|uα counts the same observed coincidences
	// whether an annotator marks one unit or several contiguous units of the
	// same category on the same span; uα's observed coincidences do not change
	// either (Fig. 19). Here: one annotator splits [2,10) into [2,5)+[5,10).
	whole := fromSpans("whole", span{"a", "x", 2, 10}, span{"a", "y", 12, 18}, span{"b", "x", 2, 10}, span{"b", "y", 13, 18})
	split := fromSpans("split", span{"a", "x", 2, 5}, span{"a", "x", 5, 10}, span{"a", "y", 12, 18}, span{"b", "x", 2, 10}, span{"b", "y", 13, 18})
	rw, err := UAlpha(whole, Extent{0, 20})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := UAlpha(split, Extent{0, 20})
	if err != nil {
		t.Fatal(err)
	}
	// c|uα: both values 1 (all valued intersections agree on the category).
	if !near(rw.CU, 1, 1e-12) || !near(rs.CU, 1, 1e-12) {
		t.Errorf("c|uα whole %v split %v, want 1 and 1", rw.CU, rs.CU)
	}
	// uα's observed disagreement is unchanged; only the expected one (through
	// Σ len² of units) moves, by a little.
	if math.Abs(rw.U-rs.U) > 0.05 {
		t.Errorf("uα whole %v split %v: want nearly equal", rw.U, rs.U)
	}
}

func TestUAlphaErrors(t *testing.T) {
	over := fromSpans("over", span{"a", "x", 0, 5}, span{"a", "y", 3, 8}, span{"b", "x", 0, 5})
	_, err := UAlpha(over, Extent{0, 10})
	var oe *OverlapError
	if !errors.As(err, &oe) || oe.Annotator != "a" {
		t.Errorf("overlapping units of different categories: err = %v, want *OverlapError for annotator a", err)
	}
	nested := fromSpans("nested", span{"a", "x", 0, 5}, span{"a", "x", 1, 2}, span{"b", "x", 0, 5})
	if _, err := UAlpha(nested, Extent{0, 10}); !errors.As(err, &oe) {
		t.Errorf("nested units: err = %v, want *OverlapError", err)
	}
	// Undefined values come with reasons.
	none := &Continuum{Name: "none", Annotators: []string{"a", "b"}}
	r, err := UAlpha(none, Extent{0, 10})
	if err != nil {
		t.Fatal(err)
	}
	if !math.IsNaN(r.U) || r.UReason == "" || !math.IsNaN(r.CU) || r.CUReason == "" || !math.IsNaN(r.Binary) || r.BinaryReason == "" {
		t.Errorf("no units: %+v, want NaN with reasons", r)
	}
	disjoint := fromSpans("disjoint", span{"a", "x", 0, 5}, span{"b", "x", 5, 10})
	r, err = UAlpha(disjoint, Extent{0, 10})
	if err != nil {
		t.Fatal(err)
	}
	if !math.IsNaN(r.CU) || r.CUReason == "" {
		t.Errorf("no intersecting units: c|uα = %v (%q), want NaN with a reason", r.CU, r.CUReason)
	}
}

func BenchmarkUAlpha(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	c := randomPartition(rng, 3, 3000, []string{"a", "b", "c", "d"})
	for b.Loop() {
		if _, err := UAlpha(c, Extent{0, 3000}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAlpha1995(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	c := randomPartition(rng, 3, 3000, []string{"a", "b", "c", "d"})
	for b.Loop() {
		if _, err := Alpha1995(c, Extent{0, 3000}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestCUAlphaOverlapping(t *testing.T) {
	// On disjoint units the overlap-tolerant path equals UAlpha's c|uα and
	// (k)uα (two computations of the same coincidences).
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := 0; trial < 50; trial++ {
		c := randomPartition(rng, 2+rng.IntN(3), 40, []string{"x", "y", "z"})
		r, err := UAlpha(c, Extent{0, 40})
		if err != nil {
			t.Fatal(err)
		}
		q, err := CUAlphaOverlapping(c, Extent{0, 40})
		if err != nil {
			t.Fatal(err)
		}
		if !near(q.CU, r.CU, 1e-12) || !near(q.Coverage, r.Coverage, 1e-12) {
			t.Fatalf("trial %d: c|uα %v cov %v, UAlpha gives %v cov %v", trial, q.CU, q.Coverage, r.CU, r.Coverage)
		}
		for k := range r.Categories {
			if !near(q.Categories[k].Alpha, r.Categories[k].Alpha, 1e-12) {
				t.Fatalf("trial %d: (%s)uα %v, UAlpha gives %v", trial, r.Categories[k].Category, q.Categories[k].Alpha, r.Categories[k].Alpha)
			}
		}
		if !math.IsNaN(q.U) || q.UReason == "" || !math.IsNaN(q.Binary) || q.BinaryReason == "" {
			t.Fatalf("uα/|uα must be undefined with reasons: %+v", q)
		}
	}
	// Sheet §8.5 vector through this path.
	c := fromSpans("2016",
		span{"Alex", "1", 2, 5}, span{"Alex", "1", 9, 11}, span{"Alex", "2", 12, 20},
		span{"Paul", "1", 2, 5}, span{"Paul", "2", 7, 15},
		span{"Susan", "1", 2, 5}, span{"Susan", "2", 10, 15})
	q, err := CUAlphaOverlapping(c, Extent{0, 20})
	if err != nil || !near(q.CU, 0.7788819875776397, 1e-12) {
		t.Errorf("§8.5 c|uα = %v (err %v), want 0.7788819875776397", q.CU, err)
	}
	// Embedded units that two annotators agree on fully (§6.1.8, Fig. 22):
	// A1 ⊃ A2, B1 ⊃ B2 with the same spans; c|uα counts A1∩B2 and A2∩B1
	// too. By hand: categories p (outer [0,10)) and q (inner [2,4)):
	// l_pp = 10·2/(m−1=1) = 20, l_qq = 2·2 = 4, l_pq = l_qp = 2·2 = 4 (A1∩B2
	// and A2∩B1, both orders); l' = 32; so c|uα < 1 although the annotators agree.
	emb := fromSpans("embedded", span{"A", "p", 0, 10}, span{"A", "q", 2, 4}, span{"B", "p", 0, 10}, span{"B", "q", 2, 4})
	q, err = CUAlphaOverlapping(emb, Extent{0, 10})
	if err != nil {
		t.Fatal(err)
	}
	if !(q.CU < 1) || !near(q.Coverage, 32.0/20, 1e-12) {
		t.Errorf("embedded: c|uα %v coverage %v; want < 1 and l'/l.. = 32/20", q.CU, q.Coverage)
	}
	if _, err := UAlpha(emb, Extent{0, 10}); err == nil {
		t.Error("UAlpha accepted nested units")
	}
}

func BenchmarkCUAlphaOverlapping(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	c := randomPartition(rng, 3, 3000, []string{"a", "b", "c", "d"})
	for b.Loop() {
		if _, err := CUAlphaOverlapping(c, Extent{0, 3000}); err != nil {
			b.Fatal(err)
		}
	}
}
