package shuffle

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"agree/unitizing"
)

// naiveSplit and naiveFalsePositives are the direct O(n²) versions of split
// and addFalsePositives (candidates rescanned at every cut, every unit
// checked for overlap), kept as the reference the fast versions must match
// draw for draw.
func naiveSplit(us []unitizing.Unit, model Model, n int, rng *rand.Rand) []unitizing.Unit {
	minLen := model.minLen()
	var cand []int
	for ; n > 0; n-- {
		cand = cand[:0]
		for i, u := range us {
			if u.Len() >= 2*minLen {
				cand = append(cand, i)
			}
		}
		if len(cand) == 0 {
			break
		}
		i := cand[rng.IntN(len(cand))]
		u := us[i]
		cut := model.uniform(rng, u.Start+minLen, u.End-minLen)
		us[i].End = cut
		us = append(us, unitizing.Unit{Category: u.Category, Start: cut, End: u.End})
	}
	return us
}

func naiveFalsePositives(s Shuffler, us []unitizing.Unit, ref Reference, n int, rng *rand.Rand) []unitizing.Unit {
	model := ref.Model
	overlapsAny := func(u unitizing.Unit) bool {
		for _, v := range us {
			if v.Start < u.End && u.Start < v.End {
				return true
			}
		}
		return false
	}
	for ; n > 0; n-- {
		c := model.Categories[model.category(rng)]
		l := min(model.uniform(rng, c.MinLen, c.MaxLen), ref.Extent.Len())
		for try := 0; try < 20; try++ {
			st := model.uniform(rng, ref.Extent.Begin, ref.Extent.End-l)
			u := unitizing.Unit{Category: c.Name, Start: st, End: st + l}
			if s.Disjoint && overlapsAny(u) {
				continue
			}
			us = append(us, u)
			break
		}
	}
	return us
}

func TestFastSplitAndFalsePositivesMatchNaive(t *testing.T) {
	// Two paths: the Fenwick split and the interval-set overlap check give
	// exactly the units of the direct versions, for discrete and continuous
	// models, overlapping references (Overlap 0.5) and both Disjoint
	// settings.
	for seed := range uint64(30) {
		m := DefaultModel()
		m.Continuous = seed%2 == 0
		if seed%3 == 0 {
			m.Overlap = 0.5
		}
		ref, err := m.Draw(rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		sh := Shuffler{Disjoint: seed%4 != 1}.withDefaults()
		n := 1 + int(seed)*7
		a := sh.split(append([]unitizing.Unit(nil), ref.Units...), m, n, rand.New(rand.NewPCG(seed, 2)))
		b := naiveSplit(append([]unitizing.Unit(nil), ref.Units...), m, n, rand.New(rand.NewPCG(seed, 2)))
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("seed %d: split differs from the direct version", seed)
		}
		a = sh.addFalsePositives(append([]unitizing.Unit(nil), ref.Units...), ref, n, rand.New(rand.NewPCG(seed, 3)))
		b = naiveFalsePositives(sh, append([]unitizing.Unit(nil), ref.Units...), ref, n, rand.New(rand.NewPCG(seed, 3)))
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("seed %d (disjoint %v): false positives differ from the direct version (%d vs %d units)", seed, sh.Disjoint, len(a), len(b))
		}
	}
}

func TestSweepLimits(t *testing.T) {
	// Issue 14: sizes that used to hang or exhaust memory are refused by
	// Validate (and so by Run) before any work, naming what is too large.
	ms := []Measure{{Name: "one", Func: func(Set, *rand.Rand) (float64, error) { return 1, nil }}}
	base := func() Sweep {
		return Sweep{Model: DefaultModel(), Shuffler: Shuffler{Annotators: 3}, Errors: []ErrorType{Position}, Measures: ms}
	}
	cases := []struct {
		name string
		edit func(*Sweep)
		want string
	}{
		{"model with 10⁶+1 units", func(s *Sweep) { s.Model.Units = MaxUnits + 1 }, "units; want 1 to"},
		{"10⁶ units × 3 annotators", func(s *Sweep) { s.Model.Units = MaxUnits }, "units (1 continua × 3 annotators × 1000000 reference units"},
		{"1000 annotators", func(s *Sweep) { s.Shuffler.Annotators = 1000 }, "1000 annotators; want 2 to 100"},
		{"false-positive scale 1e9", func(s *Sweep) { s.Errors = []ErrorType{FalsePositive}; s.Shuffler.FalsePositiveScale = 1e9 }, "false-positive scale 1e+09 not in [0, 1000]"},
		{"split scale NaN", func(s *Sweep) { s.Shuffler.SplitScale = nan() }, "split scale NaN"},
		{"step 1e-9", func(s *Sweep) { s.Step = 1e-9 }, "step 1e-09 not in [0.0001, 1]"},
		{"20000 continua", func(s *Sweep) { s.Continua = 20000 }, "20000 continua per set"},
		{"splits and false positives past the set budget", func(s *Sweep) {
			s.Errors = []ErrorType{Split | FalsePositive}
			s.Shuffler.SplitScale, s.Shuffler.FalsePositiveScale, s.Model.Units = 500, 500, 2000
		}, "a simulated set would hold about"},
	}
	for _, c := range cases {
		s := base()
		c.edit(&s)
		err := s.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
			continue
		}
		if _, err := s.Run(context.Background()); err == nil {
			t.Errorf("%s: Run accepted it", c.name)
		}
	}
	if err := base().Validate(); err != nil {
		t.Errorf("default sweep: %v", err)
	}
}

func TestSweepStreamsSets(t *testing.T) {
	// 10⁹ sets per magnitude: Run generates sets as they are needed, so it
	// starts at once and stays small; the progress callback cancels it
	// after the first batch. Memory allocated is a few MB, not the ~11 GB
	// the old per-set slots took.
	ms := []Measure{{Name: "n", Func: func(s Set, _ *rand.Rand) (float64, error) { return float64(len(s.Continua[0].Units)), nil }}}
	ctx, cancel := context.WithCancel(context.Background())
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	calls := 0
	_, err := Sweep{Model: DefaultModel(), Shuffler: Shuffler{Annotators: 2}, Errors: []ErrorType{Position},
		Sets: 1_000_000_000, Workers: 2, Measures: ms, Progress: func(done, total int) {
			calls++
			if total != 21*1_000_000_000 {
				t.Errorf("total %d", total)
			}
			cancel()
		}}.Run(ctx)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, context.Canceled) || calls != 1 {
		t.Fatalf("got %v after %d progress calls, want context.Canceled after 1", err, calls)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
		t.Errorf("allocated %d MB before the first progress report", grew>>20)
	}
}

func nan() float64 { var z float64; return z / z }

// BenchmarkAnnotateSplitsAndFalsePositives20k: 2·10⁴ reference units, 2
// annotators, splits and false positives at magnitude 1 (5 and 1 per unit,
// Disjoint): about 2.4·10⁵ units per set. The direct versions were
// quadratic in the units; these are O(n log n).
func BenchmarkAnnotateSplitsAndFalsePositives20k(b *testing.B) {
	m := DefaultModel()
	m.Units = 20_000
	ref, err := m.Draw(rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		b.Fatal(err)
	}
	sh := Shuffler{Annotators: 2, Disjoint: true, Errors: Split | FalsePositive}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sh.Annotate(ref, 1, rand.New(rand.NewPCG(2, 2))); err != nil {
			b.Fatal(err)
		}
	}
}
