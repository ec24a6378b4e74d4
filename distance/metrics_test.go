package distance

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func bind(t *testing.T, s Spec, labels []string, w []float64) Metric {
	t.Helper()
	if w == nil {
		w = make([]float64, len(labels))
		for i := range w {
			w[i] = 1
		}
	}
	m, err := s.Bind(labels, w)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestBipolarWidestScale: the bipolar distance does not change under an
// affine rescaling of the values and the scale, and stays finite on the
// widest scale allowed (bounds of magnitude MaxNumber): [0,4] with 1 and 4
// is 0.6; scaled by 5e99 and shifted to [-MaxNumber, MaxNumber] too.
func TestBipolarWidestScale(t *testing.T) {
	f := func(x float64) string { return strconv.FormatFloat(x*5e99-MaxNumber, 'g', -1, 64) }
	m := bind(t, Bipolar(-MaxNumber, MaxNumber), []string{f(1), f(4), f(0)}, nil)
	if got := m.Distance(0, 1); math.Abs(got-0.6) > 1e-12 {
		t.Errorf("d = %v, want 0.6", got)
	}
	if got := m.Distance(2, 1); math.Abs(got-1) > 1e-12 {
		t.Errorf("the two ends: d = %v, want 1", got)
	}
}

func TestKrippendorffMetricValues(t *testing.T) {
	// Definitions (Krippendorff 2004, §11.3.4), checked on hand-computed values.
	labels := []string{"1", "2", "4", "0"}
	cases := []struct {
		name string
		spec Spec
		a, b int
		want float64
	}{
		{"nominal, different", Nominal(), 0, 1, 1},
		{"nominal, same", Nominal(), 2, 2, 0},
		{"interval (1−4)² = 9", Interval(), 0, 2, 9},
		{"linear |1−4| = 3", Linear(), 0, 2, 3},
		{"ratio ((1−4)/(1+4))² = 0.36", Ratio(), 0, 2, 0.36},
		{"ratio 0 and 0 is 0", Ratio(), 3, 3, 0},
		{"ratio 0 and 4 is 1", Ratio(), 3, 2, 1},
		{"circular U=8: sin²(π·3/8)", Circular(8), 0, 2, math.Pow(math.Sin(math.Pi*3/8), 2)},
		{"circular U=4: opposite points are 1", Circular(4), 3, 1, 1},
		{"bipolar [0,4]: (1−4)²/((1+4)(8−5)) = 0.6", Bipolar(0, 4), 0, 2, 0.6},
		{"bipolar: the two ends are 1", Bipolar(0, 4), 3, 2, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := bind(t, c.spec, labels, nil)
			if got := m.Distance(c.a, c.b); math.Abs(got-c.want) > 1e-12 {
				t.Errorf("d = %v, want %v", got, c.want)
			}
			if m.Distance(c.a, c.b) != m.Distance(c.b, c.a) {
				t.Errorf("not symmetric")
			}
		})
	}
}

func TestOrdinalMatchesCumulativeDefinition(t *testing.T) {
	// d(a,b) = (Σ_{g=a..b} n_g − (n_a + n_b)/2)² with values in their order.
	labels := []string{"3", "1", "4", "2", "5"}
	w := []float64{7, 2, 0, 5, 3} // frequencies of 3, 1, 4, 2, 5
	m := bind(t, Ordinal(nil), labels, w)
	order := []int{1, 3, 0, 2, 4} // 1, 2, 3, 4, 5
	for i, a := range order {
		for j, b := range order {
			lo, hi := min(i, j), max(i, j)
			s := 0.0
			for g := lo; g <= hi; g++ {
				s += w[order[g]]
			}
			want := s - (w[a]+w[b])/2
			want *= want
			if a == b {
				want = 0
			}
			if got := m.Distance(a, b); math.Abs(got-want) > 1e-9 {
				t.Errorf("d(%s,%s) = %v, want %v", labels[a], labels[b], got, want)
			}
		}
	}
	// A declared order overrides numbers, and values outside it are errors.
	d := bind(t, Ordinal([]string{"low", "mid", "high"}), []string{"high", "low"}, []float64{1, 1})
	if d.Distance(0, 1) != 1 { // (1 + 0 + 1 − 1)² = 1
		t.Errorf("declared order: d(high, low) = %v, want 1", d.Distance(0, 1))
	}
	if _, err := Ordinal([]string{"low"}).Bind([]string{"lwo"}, []float64{1}); err == nil || !strings.Contains(err.Error(), "not among the ordered categories") {
		t.Errorf("undeclared value: err = %v", err)
	}
}

func TestCrossClosedFormsMatchDoubleSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	labels := make([]string, 40)
	for i := range labels {
		labels[i] = fmt.Sprint(1e6 + rng.Float64()*20) // large offset: tests the centring
	}
	vec := func() Vector {
		w := make([]float64, len(labels))
		for i := range w {
			if rng.IntN(3) > 0 {
				w[i] = rng.Float64() * 5
			}
		}
		return Dense(w)
	}
	for _, s := range []Spec{Nominal(), Interval(), Linear(), Circular(7), Ordinal(nil), Ratio()} {
		m := bind(t, s, labels, nil)
		for range 20 {
			p, q := vec(), vec()
			want := 0.0
			for i, a := range p.ID {
				for j, b := range q.ID {
					want += p.W[i] * q.W[j] * m.Distance(a, b)
				}
			}
			got := Cross(m, p, q)
			if math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
				t.Errorf("%s: Cross = %v, double sum = %v", s.Name(), got, want)
			}
		}
		ids := make([]int, len(labels))
		for i := range ids {
			ids[i] = i
		}
		best := 0.0
		for _, a := range ids {
			for _, b := range ids {
				best = math.Max(best, m.Distance(a, b))
			}
		}
		if got := Max(m, ids); math.Abs(got-best) > 1e-9*best {
			t.Errorf("%s: Max = %v, want %v", s.Name(), got, best)
		}
	}
}

func TestParse(t *testing.T) {
	// Each case says why: the error must name the spec and what is wrong.
	for _, c := range []struct{ in, name, err string }{
		{"nominal", "nominal", ""},
		{"Interval", "interval", ""},
		{" ratio ", "ratio", ""},
		{"circular:24", "circular:24", ""},
		{"bipolar:-3,3", "bipolar:-3,3", ""},
		{"masi", "masi", ""},
		{"jaccard:;", "jaccard:;", ""},
		{"circular:x", "", `"circular:x": circular:U needs a positive period`},
		{"circular:-1", "", "positive period"},
		{"bipolar:3,1", "", "min < max"},
		{"bipolar:-Inf,1", "", "finite"},
		{"bipolar:-1e308,1e308", "", "magnitude at most 1e+100"}, // the products overflowed: every distance was 0
		{"bipolar:-1e100,1e100", "bipolar:-1e+100,1e+100", ""},
		{"circular:1e300", "", "at most 1e+100"},
		{"interval:2", "", `"interval:2": interval takes no parameter`},
		{"matrix", "", `"matrix": matrix:FILE needs a file`},
		{"masi:foo", "", `"masi:foo": masi:SEP takes the one character`},
		{"melamed-resnik", "", "needs a taxonomy"},
		{"extended:masi", "", "needs a taxonomy"},
		{"", "", "no distance named"},
		{"cosine", "", `"cosine": unknown distance (want nominal`},
	} {
		s, err := Parse(c.in)
		if c.err != "" {
			var se *SpecError
			if err == nil || !strings.Contains(err.Error(), c.err) || !errors.As(err, &se) {
				t.Errorf("Parse(%q) error = %v, want a *SpecError with %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || s.Name() != c.name {
			t.Errorf("Parse(%q) = %v, %v; want %s", c.in, s, err, c.name)
		}
	}
}

func TestParseWithOptions(t *testing.T) {
	// Declared categories give the ordinal order; the set separator comes
	// from the options and a spec's own must agree; matrix:FILE is opened
	// with opt.Open and its errors are the file's (not a SpecError).
	sp, err := ParseWith("ordinal", ParseOptions{Categories: []string{"low", "mid", "high"}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := sp.Bind([]string{"high", "low", "mid"}, []float64{1, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	// Declared order low < mid < high with one value each: the ordinal
	// distance of low and high covers all three (1 + 1 + 1 − (1+1)/2 = 2,
	// squared = 4), of low and mid 1 + 1 − 1 = 1.
	if d, e := m.Distance(1, 0), m.Distance(1, 2); d != 4 || e != 1 {
		t.Errorf("ordinal distances low–high %v, low–mid %v; want 4 and 1", d, e)
	}
	sp, err = ParseWith("masi", ParseOptions{SetSeparator: ";"})
	if err != nil || sp.Name() != "masi:;" {
		t.Errorf("masi with separator ';': %v, %v", sp, err)
	}
	if _, err := ParseWith("masi:,", ParseOptions{SetSeparator: ";"}); err == nil || !strings.Contains(err.Error(), "differs") {
		t.Errorf("conflicting separators: %v", err)
	}
	files := map[string]string{"d.csv": ",a,b\na,0,0.5\nb,0.5,0\n", "bad.csv": ",a,b\na,0,x\nb,0.5,0\n"}
	open := func(name string) (io.ReadCloser, error) {
		s, ok := files[name]
		if !ok {
			return nil, fs.ErrNotExist
		}
		return io.NopCloser(strings.NewReader(s)), nil
	}
	sp, err = ParseWith("matrix:d.csv", ParseOptions{Open: open})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := sp.Bind([]string{"a", "b"}, nil); err != nil || m.Distance(0, 1) != 0.5 {
		t.Errorf("matrix distance a–b: %v", err)
	}
	var se *SpecError
	if _, err := ParseWith("matrix:bad.csv", ParseOptions{Open: open}); err == nil || errors.As(err, &se) || !strings.Contains(err.Error(), "bad.csv:2") {
		t.Errorf("bad matrix file: %v, want the file's positioned error", err)
	}
	if _, err := ParseWith("matrix:none.csv", ParseOptions{Open: open}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing matrix file: %v", err)
	}
}

func TestNumericErrors(t *testing.T) {
	for _, c := range []struct {
		spec   Spec
		labels []string
		want   string
	}{
		{Interval(), []string{"1", "two"}, `value "two": not a number`},
		{Ratio(), []string{"1", "-2"}, "needs values ≥ 0"},
		{Bipolar(0, 1), []string{"2"}, "outside the bipolar scale"},
		{Interval(), []string{"NaN"}, "not a number"},
	} {
		_, err := c.spec.Bind(c.labels, make([]float64, len(c.labels)))
		var ve *ValueError
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %v: err = %v, want %q", c.spec.Name(), c.labels, err, c.want)
		} else if !errorsAs(err, &ve) {
			t.Errorf("%s: error is not a *ValueError", c.spec.Name())
		}
	}
}

func TestNumbersRefuseOverflow(t *testing.T) {
	// Values whose squared differences could overflow are refused with the
	// value named (issue 14: 1e308 made α NaN without a reason), and so is
	// a number beyond float64's range; 1e100 itself is accepted.
	for _, c := range []struct{ label, want string }{
		{"1e308", "magnitude above 1e+100"},
		{"-1e101", "magnitude above 1e+100"},
		{"1e400", "too large to represent"},
		{"NaN", "not a number"},
		{"Inf", "too large to represent"},
		{"x", "not a number"},
	} {
		_, err := Numbers([]string{"1", c.label})
		var ve *ValueError
		if !errors.As(err, &ve) || ve.Index != 1 || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Numbers(%q): %v, want a *ValueError at index 1 with %q", c.label, err, c.want)
		}
	}
	if _, err := Interval().Bind([]string{"1e100", "-1e100"}, nil); err != nil {
		t.Errorf("±1e100: %v", err)
	}
	if _, err := NewMatrix("m", []string{"a", "b"}, [][]float64{{0, 1e300}, {1e300, 0}}); err == nil {
		t.Error("a matrix distance of 1e300 accepted")
	}
}

// TestOrdinalLargeNumbers: the ordinal distance uses only the order of the
// numbers, so values beyond MaxNumber (which the numeric distances refuse)
// are ranked like any others; a label that is no number is still refused.
func TestOrdinalLargeNumbers(t *testing.T) {
	w := []float64{1, 1, 1}
	small := bind(t, Ordinal(nil), []string{"1", "2", "3"}, w)
	large := bind(t, Ordinal(nil), []string{"1e200", "2e200", "1e400"}, w)
	for _, p := range [][2]int{{0, 1}, {0, 2}, {1, 2}} {
		if a, b := small.Distance(p[0], p[1]), large.Distance(p[0], p[1]); a != b {
			t.Errorf("d%v: %v with 1, 2, 3 but %v with 1e200, 2e200, 1e400", p, a, b)
		}
	}
	if _, err := Ordinal(nil).Bind([]string{"1", "x"}, []float64{1, 1}); err == nil || !strings.Contains(err.Error(), "not a number") {
		t.Errorf("a label that is no number: %v", err)
	}
}

// The ratio metric has no closed form: its Cross is the double sum over
// plain numbers, which must give the generic double sum to the bit (the
// same operations in the same order), zeros included (d(0, 0) = 0).
func TestRatioCrossIsTheDoubleSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	labels := []string{"0", "0.0", "1", "2.5", "1e-300", "7", "1e90"}
	for range 50 {
		labels = append(labels, fmt.Sprint(rng.Float64()*100))
	}
	m := bind(t, Ratio(), labels, nil)
	for trial := range 30 {
		w := [2][]float64{make([]float64, len(labels)), make([]float64, len(labels))}
		for k := range w {
			for i := range w[k] {
				if rng.IntN(3) > 0 {
					w[k][i] = float64(rng.IntN(9))
				}
			}
		}
		p, q := Dense(w[0]), Dense(w[1])
		if got, want := Cross(m, p, q), doubleSum(m, p, q); got != want {
			t.Fatalf("trial %d: Cross = %v, double sum = %v", trial, got, want)
		}
	}
}
