package segmentation

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// randomSets returns a random sets-format segmentation of n units with
// boundary types 1…types and boundary density p.
func randomSets(r *rand.Rand, n, types int, p float64) [][]int {
	sets := make([][]int, n-1)
	for i := range sets {
		if r.Float64() < p {
			for t := 1; t <= types; t++ {
				if t == 1 || r.Float64() < 0.4 {
					if r.IntN(types) == 0 || types == 1 || r.Float64() < 0.5 {
						sets[i] = append(sets[i], t)
					}
				}
			}
		}
	}
	return sets
}

// refEdits is a literal, dense transcription of sheet §2 with Go maps as
// sets and brute-force permutations for substitutions: an independent
// computation path for BoundaryEdits.
type refResult struct {
	adds, subs, trans, matches int
	ws, wt                     float64
}

func refEdits(a, b [][]int, nt int) refResult {
	toSet := func(xs []int) map[int]bool {
		m := map[int]bool{}
		for _, x := range xs {
			m[x] = true
		}
		return m
	}
	n := len(a)
	A, B := make([]map[int]bool, n), make([]map[int]bool, n)
	da, db := make([]map[int]bool, n), make([]map[int]bool, n)
	var res refResult
	types := map[int]bool{}
	for i := 0; i < n; i++ {
		A[i], B[i] = toSet(a[i]), toSet(b[i])
		da[i], db[i] = map[int]bool{}, map[int]bool{}
		for t := range A[i] {
			types[t] = true
			if B[i][t] {
				res.matches++
			} else {
				da[i][t] = true
			}
		}
		for t := range B[i] {
			types[t] = true
			if !A[i][t] {
				db[i][t] = true
			}
		}
	}
	xor := func(x, y map[int]bool, t int) bool { return x[t] != y[t] }
	sumT := 0
	for span := 2; span <= nt; span++ {
		for i := 0; i+span-1 < n; i++ {
			j := i + span - 1
			for t := 1; t <= MaxType; t++ {
				inD := func(k int) bool { return da[k][t] || db[k][t] }
				if !(inD(i) && inD(j) && xor(A[i], A[j], t) && xor(B[i], B[j], t)) {
					continue
				}
				if len(da[i]) > 0 && len(db[i]) > 0 && len(da[j]) > 0 && len(db[j]) > 0 {
					continue
				}
				delete(da[i], t)
				delete(db[i], t)
				delete(da[j], t)
				delete(db[j], t)
				res.trans++
				sumT += j - i
			}
		}
	}
	sumS := 0
	for i := 0; i < n; i++ {
		xa, xb := keys(da[i]), keys(db[i])
		if len(xa) > len(xb) {
			xa, xb = xb, xa
		}
		res.adds += len(xb) - len(xa)
		res.subs += len(xa)
		if len(xa) > 0 {
			best := math.MaxInt
			permute(xb, func(p []int) {
				c := 0
				for k := range xa {
					c += absInt(xa[k] - p[k])
				}
				best = min(best, c)
			})
			sumS += best
		}
	}
	res.wt = float64(sumT) / float64(nt)
	if res.subs > 0 {
		tl := keys(types)
		res.ws = float64(sumS) / float64(tl[len(tl)-1]-tl[0]+1)
	}
	return res
}

func keys(m map[int]bool) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func permute(xs []int, f func([]int)) {
	p := slices.Clone(xs)
	var rec func(k int)
	rec = func(k int) {
		if k == len(p) {
			f(p)
			return
		}
		for i := k; i < len(p); i++ {
			p[k], p[i] = p[i], p[k]
			rec(k + 1)
			p[k], p[i] = p[i], p[k]
		}
	}
	rec(0)
}

// TestBEDAgainstReference compares BoundaryEdits with the literal dense
// transcription on random segmentations with 1…4 types and n_t = 2…4.
func TestBEDAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 400; trial++ {
		n := 2 + r.IntN(30)
		types := 1 + r.IntN(4)
		nt := 2 + r.IntN(3)
		sa, sb := randomSets(r, n, types, r.Float64()), randomSets(r, n, types, r.Float64())
		e, err := BoundaryEdits(mustSets(t, sa...), mustSets(t, sb...), nt)
		if err != nil {
			t.Fatal(err)
		}
		want := refEdits(sa, sb, nt)
		got := refResult{len(e.Additions), len(e.Substitutions), len(e.Transpositions), e.Matches, e.SubstitutionWeight(), e.TranspositionWeight()}
		if got.adds != want.adds || got.subs != want.subs || got.trans != want.trans || got.matches != want.matches ||
			!close(got.ws, want.ws, 1e-12) || !close(got.wt, want.wt, 1e-12) {
			t.Fatalf("trial %d (n_t=%d)\na=%v\nb=%v\ngot  %+v\nwant %+v", trial, nt, sa, sb, got, want)
		}
	}
}

// TestWindowsAgainstPositions compares Pk and WindowDiff with their
// definitions on position labels (sheet §4), padding with k phantom units
// of label 0 for the Lamprier fix.
func TestWindowsAgainstPositions(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 300; trial++ {
		n := 1 + r.IntN(40)
		hyp := mustSets(t, randomSets(r, n, 1, r.Float64())...)
		ref := mustSets(t, randomSets(r, n, 1, r.Float64())...)
		k := 1 + r.IntN(6)
		hp, rp := hyp.Positions(), ref.Positions()
		changes := func(p []int, i, j int) int { // label changes among units i…j
			c := 0
			for x := i; x < j; x++ {
				if p[x] != p[x+1] {
					c++
				}
			}
			return c
		}
		var pkErr, wdErr int
		for i := 0; i+k < n; i++ {
			if (hp[i] == hp[i+k]) != (rp[i] == rp[i+k]) {
				pkErr++
			}
			if changes(hp, i, i+k) != changes(rp, i, i+k) {
				wdErr++
			}
		}
		pad := func(p []int) []int {
			out := make([]int, k, n+2*k)
			out = append(out, p...)
			return append(out, make([]int, k)...)
		}
		hl, rl := pad(hp), pad(rp)
		lErr := 0
		for i := 0; i+k < len(hl); i++ {
			if changes(hl, i, i+k) != changes(rl, i, i+k) {
				lErr++
			}
		}
		pk, _ := Pk(hyp, ref, k)
		wd, _ := WindowDiff(hyp, ref, WindowOptions{K: k})
		wdl, _ := WindowDiff(hyp, ref, WindowOptions{K: k, Lamprier: true})
		if n-k <= 0 {
			if !math.IsNaN(pk.Value) || pk.Reason == "" || !math.IsNaN(wd.Value) {
				t.Errorf("n=%d k=%d: want undefined, got %+v %+v", n, k, pk, wd)
			}
		} else if pk.Errors != pkErr || wd.Errors != wdErr || pk.Windows != n-k {
			t.Errorf("n=%d k=%d: Pk %d WD %d, want %d %d", n, k, pk.Errors, wd.Errors, pkErr, wdErr)
		}
		if wdl.Errors != lErr || wdl.Windows != n+k+1 {
			t.Errorf("n=%d k=%d: Lamprier %d/%d, want %d/%d", n, k, wdl.Errors, wdl.Windows, lErr, n+k+1)
		}
	}
}

// TestIdentityAndSymmetry: identical segmentations have B = S = 1 and
// Pk = WD = GHD = 0; B, S, BED counts and F₁ are symmetric, and so are Pk
// and WD for a fixed window and GHD with equal insertion and deletion costs.
func TestIdentityAndSymmetry(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 200; trial++ {
		n := 2 + r.IntN(60)
		types := 1 + r.IntN(3)
		a := mustSets(t, randomSets(r, n, types, r.Float64())...)
		b := mustSets(t, randomSets(r, n, types, r.Float64())...)
		e, _ := BoundaryEdits(a, a, 0)
		pk, _ := Pk(a, a, 0)
		wd, _ := WindowDiff(a, a, WindowOptions{Lamprier: trial%2 == 0})
		g, _ := GHD(a, a, NLTKGHDCosts())
		if e.B() != 1 || e.S() != 1 || e.Weight() != 0 || (pk.Value != 0 && !math.IsNaN(pk.Value)) || (wd.Value != 0 && !math.IsNaN(wd.Value)) || g != 0 {
			t.Fatalf("identity %v: B %v S %v Pk %v WD %v GHD %v", a, e.B(), e.S(), pk.Value, wd.Value, g)
		}
		ab, _ := BoundaryEdits(a, b, 0)
		ba, _ := BoundaryEdits(b, a, 0)
		if !close(ab.B(), ba.B(), 1e-15) || !close(ab.S(), ba.S(), 1e-15) ||
			len(ab.Additions) != len(ba.Additions) || len(ab.Substitutions) != len(ba.Substitutions) ||
			len(ab.Transpositions) != len(ba.Transpositions) || !close(ab.Confusion().F(1, 1), ba.Confusion().F(1, 1), 1e-15) {
			t.Fatalf("asymmetric BED on %v / %v", a, b)
		}
		if !close(ab.Confusion().Precision(AllTypes), ba.Confusion().Recall(AllTypes), 1e-15) {
			t.Fatalf("P(a,b) ≠ R(b,a) on %v / %v", a, b)
		}
		k := 1 + r.IntN(5)
		p1, _ := Pk(a, b, k)
		p2, _ := Pk(b, a, k)
		w1, _ := WindowDiff(a, b, WindowOptions{K: k, Lamprier: true})
		w2, _ := WindowDiff(b, a, WindowOptions{K: k, Lamprier: true})
		g1, _ := GHD(a, b, GHDCosts{1.5, 1.5, 0.7})
		g2, _ := GHD(b, a, GHDCosts{1.5, 1.5, 0.7})
		if !close(p1.Value, p2.Value, 0) || w1.Value != w2.Value || !close(g1, g2, 1e-12) {
			t.Fatalf("asymmetric window/GHD: %v %v, %v %v, %v %v", p1.Value, p2.Value, w1.Value, w2.Value, g1, g2)
		}
		if v := ab.B(); v < 0 || v > 1 {
			t.Fatalf("B = %v out of [0, 1]", v)
		}
	}
}

// TestConversions round-trips the four representations.
func TestConversions(t *testing.T) {
	s := mustMasses(t, 2, 3, 6)
	if got := s.BoundaryString(); got != "0100100000" {
		t.Errorf("BoundaryString = %q", got)
	}
	if got := s.Positions(); !equalSlices(got, []int{1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 3}) {
		t.Errorf("Positions = %v", got)
	}
	if got := mustMasses(t, 5, 3, 5).Slots(); !equalSlices(got, []int{4, 7}) {
		t.Errorf("(5,3,5) slots = %v, want [4 7] (sheet §1)", got)
	}
	if got := mustString(t, "0100100000").Masses(); !equalSlices(got, []int{2, 3, 6}) {
		t.Errorf("masses of '0100100000' = %v, want (2,3,6) (sheet §1)", got)
	}
	r := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 100; trial++ {
		n := 1 + r.IntN(50)
		sets := randomSets(r, n, 3, r.Float64())
		s := mustSets(t, sets...)
		back := s.Sets()
		for i := range sets {
			want := keys(func() map[int]bool {
				m := map[int]bool{}
				for _, x := range sets[i] {
					m[x] = true
				}
				return m
			}())
			if !equalSlices(back[i], want) {
				t.Fatalf("Sets round trip slot %d: %v, want %v", i, back[i], want)
			}
		}
		m := s.Masses()
		sum := 0
		for _, x := range m {
			sum += x
		}
		fm := mustMasses(t, m...)
		fp, _ := FromPositions(s.Positions())
		fs := mustString(t, s.BoundaryString())
		if sum != n || !equalSlices(fm.slots, s.slots) || !equalSlices(fp.slots, s.slots) || !equalSlices(fs.slots, s.slots) || fs.n != n {
			t.Fatalf("round trip of %v failed", s)
		}
	}
}

// TestBadInput checks that invalid input gives errors, never a panic or a number.
func TestBadInput(t *testing.T) {
	for _, m := range [][]int{nil, {0}, {3, -1}, {2, 0, 4}} {
		if _, err := FromMasses(m); err == nil {
			t.Errorf("FromMasses(%v): want an error", m)
		}
	}
	if _, err := FromMasses([]int{math.MaxInt32, 5}); err == nil {
		t.Error("FromMasses overflow: want an error")
	}
	if _, err := FromPositions(nil); err == nil {
		t.Error("FromPositions(nil): want an error")
	}
	if _, err := FromBoundaryString("01x0"); err == nil || !strings.Contains(err.Error(), "character 3") {
		t.Errorf("FromBoundaryString(01x0): %v", err)
	}
	for _, s := range [][][]int{{{0}}, {{65}}, {nil, {-2}}} {
		if _, err := FromSets(s); err == nil {
			t.Errorf("FromSets(%v): want an error", s)
		}
	}
	a, b := mustMasses(t, 2, 3, 6), mustMasses(t, 5, 5)
	if _, err := BoundaryEdits(a, b, 0); err == nil || !strings.Contains(err.Error(), "unequal length") {
		t.Errorf("BoundaryEdits unequal: %v", err)
	}
	if _, err := Pk(a, b, 0); err == nil {
		t.Error("Pk unequal: want an error")
	}
	if _, err := WindowDiff(a, b, WindowOptions{}); err == nil {
		t.Error("WindowDiff unequal: want an error")
	}
	if _, err := GHD(a, b, NLTKGHDCosts()); err == nil {
		t.Error("GHD unequal: want an error")
	}
	if _, err := GHD(a, a, GHDCosts{-1, 2, 1}); err == nil {
		t.Error("GHD negative cost: want an error")
	}
	if _, err := BoundaryEdits(a, a, 1); err == nil {
		t.Error("n_t = 1: want an error")
	}
	if _, err := Pk(a, a, -2); err == nil {
		t.Error("k = -2: want an error")
	}
	if _, err := BoundaryEdits(Segmentation{}, a, 0); err == nil {
		t.Error("zero Segmentation: want an error")
	}
	// Undefined, not an error: k ≥ N.
	w, err := Pk(mustMasses(t, 2), mustMasses(t, 2), 0)
	if err != nil || !math.IsNaN(w.Value) || w.Reason == "" {
		t.Errorf("Pk N=2 k=2: %+v %v, want NaN with a reason", w, err)
	}

	var d Dataset
	if err := d.Validate(); err == nil {
		t.Error("empty dataset: want an error")
	}
	_ = d.Add("i1", "c1", a)
	if _, err := DatasetAgreement(&d, AgreementOptions{}); err == nil {
		t.Error("one coder: want an error")
	}
	_ = d.Add("i1", "c2", b)
	if err := d.Validate(); err == nil || !strings.Contains(err.Error(), "equal total mass") {
		t.Errorf("unequal lengths in dataset: %v", err)
	}
	var d2 Dataset
	_ = d2.Add("i1", "c1", a)
	_ = d2.Add("i1", "c2", a)
	_ = d2.Add("i2", "c1", a)
	if err := d2.Validate(); err != nil || d2.Complete() || !slices.Equal(d2.Single(), []string{"i2"}) {
		t.Errorf("an item one coder segmented: %v, complete %v, single %v; want it valid, incomplete, i2 single", err, d2.Complete(), d2.Single())
	}
	var d3 Dataset
	_ = d3.Add("i1", "c1", a)
	_ = d3.Add("i2", "c2", a)
	if err := d3.Validate(); err == nil || !strings.Contains(err.Error(), "no item was segmented by two coders") {
		t.Errorf("no item of two coders: %v", err)
	}
	if err := d2.Add("i1", "c1", a); err == nil {
		t.Error("duplicate: want an error")
	}
}

// TestDatasetInvariance: agreement does not depend on the order of items or
// coders.
func TestDatasetInvariance(t *testing.T) {
	raw := g5()
	base, _ := DatasetAgreement(raw.build(t), AgreementOptions{})
	r := rand.New(rand.NewPCG(9, 10))
	for trial := 0; trial < 5; trial++ {
		p := raw
		p.items = slices.Clone(raw.items)
		p.coders = slices.Clone(raw.coders)
		r.Shuffle(len(p.items), func(i, j int) { p.items[i], p.items[j] = p.items[j], p.items[i] })
		r.Shuffle(len(p.coders), func(i, j int) { p.coders[i], p.coders[j] = p.coders[j], p.coders[i] })
		ag, _ := DatasetAgreement(p.build(t), AgreementOptions{})
		if !close(ag.Actual, base.Actual, 1e-12) || !close(ag.Pi, base.Pi, 1e-12) || !close(ag.Kappa, base.Kappa, 1e-12) || !close(ag.Bias, base.Bias, 1e-12) {
			t.Errorf("order %v %v: %+v, want %+v", p.items, p.coders, ag, base)
		}
	}
	// Perfect agreement → A_a = π = κ = 1.
	var d Dataset
	for i := 0; i < 3; i++ {
		for _, c := range []string{"x", "y", "z"} {
			_ = d.Add(fmt.Sprint("item", i), c, mustMasses(t, 3, i+1, 4))
		}
	}
	ag, _ := DatasetAgreement(&d, AgreementOptions{})
	if ag.Actual != 1 || !close(ag.Pi, 1, 1e-15) || !close(ag.Kappa, 1, 1e-15) {
		t.Errorf("perfect agreement: %+v", ag)
	}
}
