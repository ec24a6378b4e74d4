package gamma

import (
	"agree/internal/longtest"
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"agree/unitizing"
)

// TestScratchReuse: a worker's scratch (tuples, arena, memo of the
// programme) reused from one alignment to the next, in any order, gives
// exactly the alignments of fresh aligners. The samples are shuffles of a
// 5-annotator continuum, whose components go through enumeration, the
// programme's state limit and column generation.
func TestScratchReuse(t *testing.T) {
	c := genContinuum(1, realistic(5, 60))
	d := combinedFor(t, c, 1, 1, 1)
	st := []contStats{statsOf(c)}
	var samples []unitizing.Continuum
	for i := range 8 {
		conts, err := Shuffle.draw(rand.New(rand.NewPCG(7, uint64(i))), []unitizing.Continuum{*c}, st)
		if err != nil {
			t.Fatal(err)
		}
		samples = append(samples, conts[0])
	}
	samples = append(samples, *c) // and the observed continuum
	fresh := make([]*Alignment, len(samples))
	cg := 0
	for i := range samples {
		a, err := newAligner(&samples[i], d)
		if err != nil {
			t.Fatal(err)
		}
		if fresh[i], err = a.solve(); err != nil {
			t.Fatal(err)
		}
		cg += a.stats.cg
	}
	if cg == 0 {
		t.Fatalf("no sample went through column generation: the test does not exercise the memo")
	}
	ws := new(scratch)
	for _, order := range [][]int{{0, 1, 2, 3, 4, 5, 6, 7, 8}, {8, 3, 7, 0, 6, 2, 5, 1, 4}} {
		for _, i := range order {
			ac := &alignCtl{ctx: context.Background(), ws: ws}
			got, err := ac.align(&samples[i], d)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, fresh[i]) {
				t.Errorf("sample %d with a reused scratch: disorder %v, %d unitary alignments; fresh: %v, %d",
					i, got.Disorder, len(got.Unitary), fresh[i].Disorder, len(fresh[i].Unitary))
			}
		}
	}
}

// TestMemoTable checks the programme's memo against a map through
// insertions, updates, growth (with and without a state limit, high words
// of the masks set) and resets.
func TestMemoTable(t *testing.T) {
	var tab memoTable
	rng := rand.New(rand.NewPCG(1, 1))
	for round := range 6 {
		limit := []int{0, 0, 0, 0, 300, 2000}[round]
		tab.reset(limit)
		ref := map[mkey]bEntry{}
		n := 100 << (2 * min(round, 3))
		for i := range n {
			u := int32(rng.IntN(50))
			if i%7 == 0 { // the largest unit index the slot holds
				u = maxMemoUnit - u
			}
			k := mkey{u, mask128{rng.Uint64() & 0xff, rng.Uint64() & 3}}
			e := bEntry{val: float64(i), choice: int32(i%5) - 1, exact: i%2 == 0}
			tab.put(k, e)
			ref[k] = e
		}
		if tab.len() != len(ref) {
			t.Errorf("round %d: %d entries, want %d", round, tab.len(), len(ref))
		}
		for k, e := range ref {
			if got, ok := tab.get(k); !ok || got != e {
				t.Errorf("round %d: %v → %v %v, want %v", round, k, got, ok, e)
			}
		}
		if _, ok := tab.get(mkey{-1, mask128{}}); ok {
			t.Errorf("round %d: absent key found", round)
		}
	}
}

// TestMemoTableGenerations: after any number of resets (the generation
// stamp wraps every memoGens), no entry of an earlier generation is seen.
func TestMemoTableGenerations(t *testing.T) {
	var tab memoTable
	for round := range 3*memoGens + 7 {
		tab.reset(0)
		for i := range 3 {
			k := mkey{int32(i), mask128{lo: uint64(round % 2)}}
			if _, ok := tab.get(k); ok {
				t.Fatalf("reset %d: %v found in an empty table", round, k)
			}
			tab.put(k, bEntry{val: float64(round), choice: int32(round)})
		}
		if e, ok := tab.get(mkey{1, mask128{lo: uint64(round % 2)}}); !ok || e.val != float64(round) || e.choice != int32(round) || e.exact {
			t.Fatalf("reset %d: %v %v", round, e, ok)
		}
	}
}

// TestMemoTableLimit: the entry past the programme's state limit, on
// which it gives up, and the few put while it unwinds do not double the
// table; column generation's largest programme fits 2²⁰ slots.
func TestMemoTableLimit(t *testing.T) {
	for _, c := range []struct {
		limit, slots int
	}{
		{maxDPStates, 2 * maxDPStates}, // solveDPOnly
		{maxCGStates / 4, 1 << 18},     // the relaxation's support
		{maxCGStates, 1 << 20},         // the restricted programmes
	} {
		if c.limit == maxCGStates && !longtest.Enabled() {
			continue // a second of filling
		}
		var tab memoTable
		tab.reset(c.limit)
		n := c.limit + 1 + 64
		for i := range n {
			tab.put(mkey{int32(i), mask128{hi: uint64(i)}}, bEntry{val: float64(i)})
		}
		if len(tab.slots) != c.slots {
			t.Errorf("limit %d: %d slots for %d entries, want %d", c.limit, len(tab.slots), n, c.slots)
		}
		for i := range n {
			if e, ok := tab.get(mkey{int32(i), mask128{hi: uint64(i)}}); !ok || e.val != float64(i) {
				t.Fatalf("limit %d: entry %d: %v %v", c.limit, i, e, ok)
			}
		}
	}
}

// TestDenseComponentSkipsProgramme: shuffled samples of a 5by100.csv-like
// continuum (30 units per annotator) form a component with more than
// maxDPDensity candidate tuples per unit, which goes to column generation without the programme's try
// (maxDPDensity); its alignment costs what the set-partitioning LP over
// the same enumerated tuples (branch and bound of internal/lp) proves
// optimal.
func TestDenseComponentSkipsProgramme(t *testing.T) {
	c := generated(2, 5, 30)
	d := combinedFor(t, c, 1, 1, 1)
	st := []contStats{statsOf(c)}
	skips := 0
	for i := range 3 {
		conts, err := Shuffle.draw(rand.New(rand.NewPCG(1, uint64(i))), []unitizing.Continuum{*c}, st)
		if err != nil {
			t.Fatal(err)
		}
		a, err := newAligner(&conts[0], d)
		if err != nil {
			t.Fatal(err)
		}
		al, err := a.solve()
		if err != nil {
			t.Fatal(err)
		}
		skips += a.stats.denseSkips
		b, _ := newAligner(&conts[0], d)
		b.useLP = true
		viaLP, err := b.solve()
		if err != nil {
			t.Fatal(err)
		}
		if !al.Exact || !near(al.Disorder, viaLP.Disorder, 1e-9) {
			t.Errorf("sample %d: column generation %v (exact %v), LP %v", i, al.Disorder, al.Exact, viaLP.Disorder)
		}
	}
	if skips == 0 {
		t.Errorf("no component was denser than maxDPDensity: the test does not exercise the rule")
	}
}
