package shuffle

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"math"
	"strings"
	"testing"

	"agree/unitizing"
)

func smallModel() Model {
	m := DefaultModel()
	m.Units = 25
	return m
}

func TestModelValidate(t *testing.T) {
	cases := []struct {
		name string
		edit func(*Model)
	}{
		{"no category", func(m *Model) { m.Categories = nil }},
		{"no unit", func(m *Model) { m.Units = 0 }},
		{"duplicate category", func(m *Model) { m.Categories[1].Name = m.Categories[0].Name }},
		{"negative prevalence", func(m *Model) { m.Categories[0].Prevalence = -1 }},
		{"zero prevalences", func(m *Model) {
			for i := range m.Categories {
				m.Categories[i].Prevalence = 0
			}
		}},
		{"min length 0", func(m *Model) { m.Categories[0].MinLen = 0 }},
		{"max < min", func(m *Model) { m.Categories[0].MaxLen = 1 }},
		{"fractional length in a discrete model", func(m *Model) { m.Categories[0].MaxLen = 7.5 }},
		{"negative gap", func(m *Model) { m.MinGap = -1 }},
		{"overlap probability > 1", func(m *Model) { m.Overlap = 2 }},
		{"prevalences summing past the largest float64 (the draws then always gave one category, silently)", func(m *Model) {
			m.Categories[0].Prevalence, m.Categories[1].Prevalence = 1e308, 1e308
		}},
	}
	for _, tc := range cases {
		m := DefaultModel()
		tc.edit(&m)
		if err := m.Validate(); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
	if err := DefaultModel().Validate(); err != nil {
		t.Errorf("default model: %v", err)
	}
}

func TestReference(t *testing.T) {
	m := smallModel()
	ref, err := m.Draw(stream(1, 0))
	if err != nil {
		t.Fatal(err)
	}
	if len(ref.Units) != m.Units {
		t.Fatalf("%d units, want %d", len(ref.Units), m.Units)
	}
	for i, u := range ref.Units {
		if u.Start != math.Trunc(u.Start) || u.End != math.Trunc(u.End) {
			t.Errorf("unit %d [%v, %v): positions must be integers in a discrete model", i, u.Start, u.End)
		}
		if i > 0 && u.Start < ref.Units[i-1].End+m.MinGap {
			t.Errorf("unit %d starts at %v, before the previous end %v plus the minimum gap", i, u.Start, ref.Units[i-1].End)
		}
		if u.Start < ref.Extent.Begin || u.End > ref.Extent.End {
			t.Errorf("unit %d outside the extent", i)
		}
	}
	// Overlap allowed: some unit starts inside its predecessor.
	m.Overlap = 0.5
	ref, err = m.Draw(stream(2, 0))
	if err != nil {
		t.Fatal(err)
	}
	overlaps := 0
	for i := 1; i < len(ref.Units); i++ {
		if ref.Units[i].Start < ref.Units[i-1].End {
			overlaps++
		}
	}
	if overlaps == 0 {
		t.Error("Overlap = 0.5 drew no overlapping unit in 25")
	}
}

func annotate(t *testing.T, e ErrorType, mag float64, disjoint bool, seed uint64) (Reference, unitizing.Continuum) {
	t.Helper()
	ref, err := smallModel().Draw(stream(seed, 0))
	if err != nil {
		t.Fatal(err)
	}
	c, err := Shuffler{Errors: e, Annotators: 3, Disjoint: disjoint}.Annotate(ref, mag, stream(seed, 1))
	if err != nil {
		t.Fatal(err)
	}
	return ref, c
}

func TestMagnitudeZeroCopiesReference(t *testing.T) {
	for _, e := range []ErrorType{Position, Category, FalseNegative, FalsePositive, Split, Position | Category | FalseNegative | FalsePositive | Split} {
		ref, c := annotate(t, e, 0, false, 3)
		for a := range c.Annotators {
			got := c.UnitsOf(a)
			if len(got) != len(ref.Units) {
				t.Fatalf("%s at 0: annotator %d has %d units, want %d", e, a, len(got), len(ref.Units))
			}
			for i := range got {
				g, r := got[i], ref.Units[i]
				if g.Start != r.Start || g.End != r.End || g.Category != r.Category {
					t.Fatalf("%s at 0: annotator %d unit %d = %+v, want %+v", e, a, i, g, r)
				}
			}
		}
	}
}

func TestDisjointKeepsUnitsDisjoint(t *testing.T) {
	// Property: with Disjoint, no annotator's units overlap, at any magnitude,
	// for every error type and their combination; all units stay in the extent.
	for _, e := range []ErrorType{Position, FalsePositive, Split, Position | FalsePositive | Split | Category} {
		for _, mag := range []float64{0.3, 1} {
			for seed := uint64(0); seed < 5; seed++ {
				ref, c := annotate(t, e, mag, true, seed)
				for a := range c.Annotators {
					us := c.UnitsOf(a)
					for i, u := range us {
						if !(u.Start < u.End) || u.Start < ref.Extent.Begin || u.End > ref.Extent.End {
							t.Fatalf("%s m=%v: bad unit %+v (extent %+v)", e, mag, u, ref.Extent)
						}
						if i > 0 && u.Start < us[i-1].End {
							t.Fatalf("%s m=%v seed %d: annotator %d units %+v and %+v overlap", e, mag, seed, a, us[i-1], u)
						}
					}
				}
			}
		}
	}
}

func TestErrorRates(t *testing.T) {
	// False negatives: each unit is kept with probability 1 − m; over 3
	// annotators × 25 units × 40 references the kept share at m = 0.4 must be
	// 0.6 ± 0.05 (binomial sd ≈ 0.009).
	kept, total := 0, 0
	for seed := uint64(0); seed < 40; seed++ {
		ref, c := annotate(t, FalseNegative, 0.4, false, seed)
		kept += len(c.Units)
		total += 3 * len(ref.Units)
	}
	if share := float64(kept) / float64(total); math.Abs(share-0.6) > 0.05 {
		t.Errorf("false negatives at m=0.4 kept %.3f of the units, want 0.6 ± 0.05", share)
	}
	// Splits: about m·5·|ref| splits per annotator, each adding one unit
	// (units of length 1 cannot be split, so at most that many).
	ref, c := annotate(t, Split, 0.2, false, 7)
	want := 0.2 * 5 * float64(len(ref.Units))
	for a := range c.Annotators {
		extra := float64(len(c.UnitsOf(a)) - len(ref.Units))
		if extra > want+1 || extra < want-1 {
			t.Errorf("splits at m=0.2: annotator %d made %v splits, want %v ± 1", a, extra, want)
		}
	}
	// Category at m = 1: categories drawn by prevalence (A 0.4): share of A
	// among 3 × 25 × 40 units within ± 0.05.
	nA, n := 0, 0
	for seed := uint64(0); seed < 40; seed++ {
		_, c := annotate(t, Category, 1, false, seed)
		for _, u := range c.Units {
			if u.Category == "A" {
				nA++
			}
			n++
		}
	}
	if share := float64(nA) / float64(n); math.Abs(share-0.4) > 0.05 {
		t.Errorf("category errors at m=1: share of A %.3f, want 0.4 ± 0.05", share)
	}
}

func TestConfusionStructure(t *testing.T) {
	// With a confusion matrix that sends A only to B, at small magnitudes the
	// wrong categories of A units are (almost) all B: P(k|A) = (1−m)δ + m((1−m)S + m·p),
	// so at m = 0.2 P(B|A) = 0.2·(0.8 + 0.2·0.3) = 0.172 and P(C or D|A) = 0.2·0.2·0.3 = 0.012.
	conf := [][]float64{{0, 1, 0, 0}, {1, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 1, 0}}
	toB, toCD, nA := 0, 0, 0
	for seed := uint64(0); seed < 60; seed++ {
		ref, err := smallModel().Draw(stream(seed, 0))
		if err != nil {
			t.Fatal(err)
		}
		c, err := Shuffler{Errors: Category, Annotators: 2, Confusion: conf}.Annotate(ref, 0.2, stream(seed, 1))
		if err != nil {
			t.Fatal(err)
		}
		for a := range c.Annotators {
			for i, u := range c.UnitsOf(a) {
				if ref.Units[i].Category != "A" {
					continue
				}
				nA++
				switch u.Category {
				case "B":
					toB++
				case "C", "D":
					toCD++
				}
			}
		}
	}
	pB, pCD := float64(toB)/float64(nA), float64(toCD)/float64(nA)
	if math.Abs(pB-0.172) > 0.04 || pCD > 0.03 {
		t.Errorf("A→B %.3f (want 0.172 ± 0.04), A→C/D %.3f (want ≈ 0.012, < 0.03)", pB, pCD)
	}
	if err := (Shuffler{Errors: Category, Annotators: 2, Confusion: [][]float64{{1}}}).Validate(smallModel()); err == nil {
		t.Error("confusion matrix of the wrong size: no error")
	}
	C := len(smallModel().Categories)
	huge := make([][]float64, C)
	for i := range huge {
		huge[i] = make([]float64, C)
		huge[i][(i+1)%C], huge[i][(i+2)%C] = 1e308, 1e308
	}
	if err := (Shuffler{Errors: Category, Annotators: 2, Confusion: huge}).Validate(smallModel()); err == nil || !strings.Contains(err.Error(), "sums to more than") {
		t.Errorf("confusion weights summing past the largest float64: %v", err)
	}
}

func TestParseErrorType(t *testing.T) {
	e, err := ParseErrorType("position+fn+Split")
	if err != nil || e != Position|FalseNegative|Split || e.String() != "position+false_negative+split" {
		t.Errorf("ParseErrorType = %v (%s), %v", e, e, err)
	}
	if _, err := ParseErrorType("shift"); err == nil {
		t.Error("unknown error type: no error")
	}
}

func sweepFor(t *testing.T, errs []ErrorType, step float64, sets int, workers int, model Model, names ...string) []Point {
	t.Helper()
	var ms []Measure
	for _, n := range names {
		m, err := StandardMeasure(n)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	pts, err := Sweep{Model: model, Shuffler: Shuffler{Annotators: 3, Disjoint: true}, Errors: errs,
		Step: step, Sets: sets, Seed: 11, Workers: workers, Measures: ms}.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return pts
}

func TestSweepDeterministic(t *testing.T) {
	// The same seed gives the same points whatever the number of workers.
	a := sweepFor(t, []ErrorType{Position, Category}, 0.5, 3, 1, smallModel(), "u_alpha", "ser_agreement")
	b := sweepFor(t, []ErrorType{Position, Category}, 0.5, 3, 2, smallModel(), "u_alpha", "ser_agreement")
	if len(a) != len(b) || len(a) != 2*3*2 {
		t.Fatalf("%d and %d points, want 12", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] && !(math.IsNaN(a[i].Mean) && math.IsNaN(b[i].Mean)) {
			t.Fatalf("point %d: %+v with 1 worker, %+v with 2", i, a[i], b[i])
		}
	}
	if got := Magnitudes(0.05); len(got) != 21 || got[20] != 1 || math.Abs(got[7]-0.35) > 1e-15 {
		t.Errorf("Magnitudes(0.05) = %v", got)
	}
}

func mean(pts []Point, e ErrorType, measure string, mag float64) Point {
	for _, p := range pts {
		if p.Errors == e && p.Measure == measure && math.Abs(p.Magnitude-mag) < 1e-9 {
			return p
		}
	}
	return Point{Mean: math.NaN()}
}

// TestFindings reproduces qualitative findings of Mathet et al. (2015) §6.3
// that do not involve γ, on small corpora (25-unit references, 6 sets).
func TestFindings(t *testing.T) {
	pts := sweepFor(t, []ErrorType{Split, Category}, 0.5, 6, 2, smallModel(),
		"u_alpha", "cu_alpha", "kappa_d", "ser_agreement")
	// §6.3.4, Fig. 27: uα, c|uα and κ_d are not responsive to splits at all
	// and stay at 1 (tolerance 1e-9).
	for _, name := range []string{"u_alpha", "cu_alpha", "kappa_d"} {
		for _, mag := range []float64{0.5, 1} {
			if p := mean(pts, Split, name, mag); !near(p.Mean, 1, 1e-9) || p.Defined != p.Sets {
				t.Errorf("splits m=%v: %s = %v (%d/%d defined), want 1", mag, name, p.Mean, p.Defined, p.Sets)
			}
		}
	}
	// ... while SER does respond (it drops below 0.5 at m = 0.5).
	if p := mean(pts, Split, "ser_agreement", 0.5); !(p.Mean < 0.5) {
		t.Errorf("splits m=0.5: 1 − SER = %v, want < 0.5", p.Mean)
	}
	// §6.3.3, Fig. 25: with gaps, κ_d fails to reach 0 under category errors
	// (virtual agreement on gaps): κ_d(1) > 0.2, while c|uα reaches 0
	// (|c|uα(1)| < 0.1); SER (no chance correction) stays above 0.5.
	if p := mean(pts, Category, "kappa_d", 1); !(p.Mean > 0.2) {
		t.Errorf("category m=1 with gaps: κ_d = %v, want > 0.2", p.Mean)
	}
	if p := mean(pts, Category, "cu_alpha", 1); !(math.Abs(p.Mean) < 0.1) {
		t.Errorf("category m=1: c|uα = %v, want |·| < 0.1", p.Mean)
	}
	if p := mean(pts, Category, "ser_agreement", 1); !(p.Mean > 0.5) {
		t.Errorf("category m=1: 1 − SER = %v, want > 0.5", p.Mean)
	}
	// "... (but it would if there were no gaps)": with contiguous units κ_d(1) ≈ 0.
	noGaps := smallModel()
	noGaps.MinGap, noGaps.MaxGap = 0, 0
	pts = sweepFor(t, []ErrorType{Category}, 1, 6, 2, noGaps, "kappa_d")
	if p := mean(pts, Category, "kappa_d", 1); !(math.Abs(p.Mean) < 0.1) {
		t.Errorf("category m=1 without gaps: κ_d = %v, want |·| < 0.1", p.Mean)
	}
}

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

func TestWriteCSVAndSVG(t *testing.T) {
	pts := []Point{
		{Errors: Position, Magnitude: 0, Measure: "u_alpha", Mean: 1, SD: 0, Defined: 2, Sets: 2},
		{Errors: Position, Magnitude: 0.5, Measure: "u_alpha", Mean: -0.3, SD: 0.1, Defined: 2, Sets: 2},
		{Errors: Position, Magnitude: 1, Measure: "u_alpha", Mean: math.NaN(), SD: math.NaN(), Defined: 0, Sets: 2, Note: "undefined"},
		{Errors: Position, Magnitude: 0, Measure: "a<b", Mean: 1, Defined: 2, Sets: 2},
	}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, pts); err != nil {
		t.Fatal(err)
	}
	want := "error_type,magnitude,measure,mean,sd,defined,sets,note\n" +
		"position,0.00,u_alpha,1.000000,0.000000,2,2,\n" +
		"position,0.50,u_alpha,-0.300000,0.100000,2,2,\n" +
		"position,1.00,u_alpha,,,0,2,undefined\n" +
		"position,0.00,a<b,1.000000,0.000000,2,2,\n"
	if buf.String() != want {
		t.Errorf("CSV:\n%s\nwant:\n%s", buf.String(), want)
	}
	buf.Reset()
	if err := WriteSVG(&buf, Position, pts); err != nil {
		t.Fatal(err)
	}
	// Well-formed XML, one line for u_alpha broken by its NaN point (two
	// points, one segment), none for the second measure (a lone point is a
	// marker only), the name escaped and the y axis down to −0.5 (a tick at
	// −0.4).
	dec := xml.NewDecoder(bytes.NewReader(buf.Bytes()))
	var lines []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG not well-formed: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "path" {
			var d, fill string
			for _, a := range se.Attr {
				switch a.Name.Local {
				case "d":
					d = a.Value
				case "fill":
					fill = a.Value
				}
			}
			if fill == "none" {
				lines = append(lines, d)
			}
		}
	}
	if len(lines) != 1 || strings.Count(lines[0], "M") != 1 || strings.Count(lines[0], "L") != 1 ||
		!strings.Contains(buf.String(), "a&lt;b") || !strings.Contains(buf.String(), ">-0.4<") {
		t.Errorf("SVG: lines %q (want one of two points), escaped name and a y axis below −0.3 (ticks to −0.4):\n%s", lines, buf.String())
	}
	if err := WriteSVG(&buf, Split, pts); err == nil {
		t.Error("SVG of an error type without points: no error")
	}
}

func BenchmarkAnnotate(b *testing.B) {
	ref, err := DefaultModel().Draw(stream(1, 0))
	if err != nil {
		b.Fatal(err)
	}
	s := Shuffler{Errors: Position | Category | FalseNegative | FalsePositive | Split, Annotators: 3, Disjoint: true}
	rng := stream(1, 1)
	for b.Loop() {
		if _, err := s.Annotate(ref, 0.5, rng); err != nil {
			b.Fatal(err)
		}
	}
}

func TestShiftBoundariesTiles(t *testing.T) {
	// Pure segmentation: after position errors each annotator's units still
	// tile the reference's stretch, with no more units than the reference.
	for seed := uint64(0); seed < 10; seed++ {
		ref, err := SegmentationModel().Draw(stream(seed, 0))
		if err != nil {
			t.Fatal(err)
		}
		for _, mag := range []float64{0.2, 1} {
			c, err := Shuffler{Errors: Position, Annotators: 2, Disjoint: true}.Annotate(ref, mag, stream(seed, 1))
			if err != nil {
				t.Fatal(err)
			}
			for a := range c.Annotators {
				us := c.UnitsOf(a)
				if len(us) == 0 || len(us) > len(ref.Units) || us[0].Start != ref.Units[0].Start || us[len(us)-1].End != ref.Units[len(ref.Units)-1].End {
					t.Fatalf("seed %d m=%v: %d units from %v to %v; want ≤ %d tiling [%v, %v)", seed, mag, len(us), us[0].Start, us[len(us)-1].End,
						len(ref.Units), ref.Units[0].Start, ref.Units[len(ref.Units)-1].End)
				}
				for i := 1; i < len(us); i++ {
					if us[i].Start != us[i-1].End || !(us[i].Len() >= 1) {
						t.Fatalf("seed %d m=%v: units %+v and %+v do not tile", seed, mag, us[i-1], us[i])
					}
				}
			}
		}
	}
}

func TestGammaMeasureWeights(t *testing.T) {
	// The standard measure equals GammaMeasure(3, 1) on the same stream, and
	// other weights give another value.
	ref, err := smallModel().Draw(stream(4, 0))
	if err != nil {
		t.Fatal(err)
	}
	var set Set
	for i := 0; i < 3; i++ {
		c, err := Shuffler{Errors: Position, Annotators: 3}.Annotate(ref, 0.3, stream(4, uint64(i+1)))
		if err != nil {
			t.Fatal(err)
		}
		set.Continua = append(set.Continua, c)
		set.Extents = append(set.Extents, ref.Extent)
	}
	std, _ := StandardMeasure("gamma")
	a, err := std.Func(set, stream(9, 9))
	if err != nil {
		t.Fatal(err)
	}
	b, err := GammaMeasure("g", 3, 1).Func(set, stream(9, 9))
	if err != nil || a != b {
		t.Errorf("standard γ %v, GammaMeasure(3, 1) %v (%v)", a, b, err)
	}
	one, err := GammaMeasure("g1", 1, 1).Func(set, stream(9, 9))
	if err != nil || !(one > -1 && one < 1) || one == a {
		t.Errorf("γ with α = 1: %v (%v); want a different value in (−1, 1)", one, err)
	}
}
