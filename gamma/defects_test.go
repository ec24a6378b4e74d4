package gamma

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"agree/internal/longtest"
	"agree/unitizing"
)

// The peers' known defects listed in gamma.md, each with a test that would
// catch it. (Δ∅ scaling: TestDeltaEmptyScale; ordinal order:
// TestCategoricalDistances; duplicates: TestReferenceCases and the reader's
// tests; the precision loop: TestPrecisionLoop.)

// TestManyCategories: 300 categories (8-bit category indices wrap). Unit i
// of A and of B have category c_i, except that B's unit 200 is labelled c72:
// exactly one categorical disagreement must be found, whatever the indices.
func TestManyCategories(t *testing.T) {
	c := &unitizing.Continuum{Annotators: []string{"A", "B"}}
	for i := 0; i < 300; i++ {
		s := float64(i * 10)
		cb := fmt.Sprint("c", i)
		if i == 200 {
			cb = "c72" // 200 − 128: the label an 8-bit index of "c200" could alias
		}
		c.Units = append(c.Units,
			unitizing.Unit{Annotator: 0, Category: fmt.Sprint("c", i), Start: s, End: s + 5},
			unitizing.Unit{Annotator: 1, Category: cb, Start: s, End: s + 5})
	}
	d := combinedFor(t, c, 1, 1, 1)
	al, err := BestAlignment(c, d)
	if err != nil {
		t.Fatal(err)
	}
	// 299 pairs at cost 0 and one pair at d_cat = 1 (< 2Δ∅, so still paired):
	// Σ = 1, x̄ = 300 → 1/300.
	if !near(al.Disorder, 1.0/300, 1e-12) {
		t.Errorf("disorder %v, want 1/300", al.Disorder)
	}
}

// TestManyUnits: more than 65 536 units (16-bit unit indices wrap).
// A and B each mark 40 000 identical units except the last, which B shifts
// by 1 on a length of 4: d_pos = ((1+1)/8)² = 1/16; x̄ = 40 000.
func TestManyUnits(t *testing.T) {
	const n = 40000
	c := &unitizing.Continuum{Annotators: []string{"A", "B"}}
	c.Units = make([]unitizing.Unit, 0, 2*n)
	for i := 0; i < n; i++ {
		s := float64(i * 10)
		sh := 0.0
		if i == n-1 {
			sh = 1
		}
		c.Units = append(c.Units, unitizing.Unit{Annotator: 0, Category: "x", Start: s, End: s + 4},
			unitizing.Unit{Annotator: 1, Category: "x", Start: s + sh, End: s + 4 + sh})
	}
	d := combinedFor(t, c, 1, 1, 1)
	al, err := BestAlignment(c, d)
	if err != nil {
		t.Fatal(err)
	}
	if !near(al.Disorder, 1.0/16/n, 1e-9) || len(al.Unitary) != n {
		t.Errorf("disorder %v with %d unitary alignments, want %v with %d", al.Disorder, len(al.Unitary), 1.0/16/n, n)
	}
}

// TestMillisecondCoordinates: positions near 3.6e9 (a 1000-hour recording
// in milliseconds) with a 1 ms disagreement on 1000 ms units: d_pos =
// ((1+1)/2000)² = 1e-6. float32 coordinates (24-bit mantissa, spacing 256
// at 3.6e9) would round the shift away and report 0.
func TestMillisecondCoordinates(t *testing.T) {
	base := 3.6e9
	c := &unitizing.Continuum{Annotators: []string{"A", "B"}, Units: []unitizing.Unit{
		{Annotator: 0, Category: "x", Start: base, End: base + 1000},
		{Annotator: 1, Category: "x", Start: base + 1, End: base + 1001},
	}}
	d := combinedFor(t, c, 1, 1, 1)
	al, err := BestAlignment(c, d)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(al.Disorder-1e-6) > 1e-15 {
		t.Errorf("disorder %v, want 1e-6", al.Disorder)
	}
}

// TestTwoAnnotatorsOneHugeComponent: 2 × 2000 heavily overlapping units
// ([i, i+60) and [i+0.5, i+60.5)) form a single component with ~240 000
// candidate pairs; the sparse assignment solves it without a 2000×2000
// matrix. Every unit has a partner shifted by 0.5: d_pos = (1/120)², so
// δ(â) = 2000·(1/120)²/2000 = 1/14400.
func TestTwoAnnotatorsOneHugeComponent(t *testing.T) {
	c := &unitizing.Continuum{Annotators: []string{"A", "B"}}
	for i := 0; i < 2000; i++ {
		s := float64(i)
		c.Units = append(c.Units, unitizing.Unit{Annotator: 0, Category: "x", Start: s, End: s + 60},
			unitizing.Unit{Annotator: 1, Category: "x", Start: s + 0.5, End: s + 60.5})
	}
	d := combinedFor(t, c, 1, 1, 1)
	al, err := BestAlignment(c, d)
	if err != nil {
		t.Fatal(err)
	}
	if al.Components != 1 || !near(al.Disorder, 1.0/14400, 1e-9) {
		t.Errorf("%d components, disorder %v; want 1 and 1/14400", al.Components, al.Disorder)
	}
	t.Logf("%d candidates", al.Candidates)
}

// TestManyAnnotators: 11 annotators (the split test then only detaches
// single units) marking one unit each around the same place: brute force
// over all 678 570 partitions agrees.
func TestManyAnnotators(t *testing.T) {
	longtest.Skip(t) // brute force over Bell(11) partitions
	rng := rand.New(rand.NewPCG(31, 31))
	c := &unitizing.Continuum{}
	for a := 0; a < 11; a++ {
		c.Annotators = append(c.Annotators, fmt.Sprint("A", a))
		s := float64(rng.IntN(6))
		c.Units = append(c.Units, unitizing.Unit{Annotator: a, Category: []string{"x", "y"}[rng.IntN(2)], Start: s, End: s + 5 + float64(rng.IntN(6))})
	}
	d := combinedFor(t, c, 1, 1, 1)
	al, err := BestAlignment(c, d)
	if err != nil {
		t.Fatal(err)
	}
	checkAlignment(t, c, d, al)
	if bf := bruteForce(c, d); !near(al.Disorder, bf, 1e-9) {
		t.Errorf("disorder %v, brute force %v", al.Disorder, bf)
	}
	largest := 0
	for _, ua := range al.Unitary {
		largest = max(largest, len(ua.Units))
	}
	t.Logf("%d candidates; largest unitary alignment %d units", al.Candidates, largest)
}
