package gamma

import (
	"bufio"
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"agree/distance"
	"agree/unitizing"
)

// Dissimilarity is the cost d(u, v) ≥ 0 of aligning two real units, together
// with Δ∅, the cost of any pair that involves the empty pseudo-unit
// (Mathet et al. 2015, §4.2–4.3). Implementations must be symmetric.
type Dissimilarity interface {
	// Between returns d(u, v).
	Between(u, v unitizing.Unit) float64
	// Empty returns Δ∅ > 0.
	Empty() float64
	// Window returns w ≥ 0 such that d(u, v) > bound for every unit v with
	// |v.Start − u.Start| > w and v.Len() ≤ maxLen. It lets the aligner
	// generate candidates by a sweep over sorted starts; +Inf disables the
	// sweep (every pair is examined).
	Window(u unitizing.Unit, maxLen, bound float64) float64
}

// Sporadic returns the positional dissimilarity for sporadic units, in
// multiples of Δ∅ (Mathet et al. 2015, §4.3.1):
//
//	d_pos(u, v) = ((|s_u − s_v| + |e_u − e_v|) / ((e_u − s_u) + (e_v − s_v)))².
func Sporadic(u, v unitizing.Unit) float64 {
	r := (math.Abs(u.Start-v.Start) + math.Abs(u.End-v.End)) / (u.Len() + v.Len())
	return r * r
}

// Categorical is a distance between category labels, in [0, 1], symmetric
// with a zero diagonal.
type Categorical interface {
	// Name names the distance in messages and reports.
	Name() string
	// Table returns dist[i][j] for the categories cats. A category the
	// distance cannot place (absent from a matrix or a declared order) is an
	// error naming it.
	Table(cats []string) ([][]float64, error)
}

// Combined is the dissimilarity of Mathet et al. (2015, §4.3.3):
//
//	d(u, v) = α·d_pos(u, v) + β·d_cat(u, v),
//	d_pos = Sporadic(u, v)·Δ∅,  d_cat = dist(cat_u, cat_v)·Δ∅,
//
// with Δ∅ applied to both parts in every code path (pygamma applies it to
// the categorical part in only one of them). Build it with NewCombined.
type Combined struct {
	Alpha, Beta, DeltaEmpty float64
	// Cat says how γ-cat and γ-k weigh pairs of units (catconv.go; the
	// paper's by default).
	Cat   CatConvention
	cat   Categorical
	cats  []string
	index map[string]int
	table [][]float64
}

// NewCombined returns α·d_pos + β·d_cat with the categorical distance cat
// (Nominal when nil) bound to the categories cats (every category the data
// uses). Defaults in the paper and pygamma: α = β = Δ∅ = 1; the original
// Java software uses α = 3.
func NewCombined(alpha, beta, deltaEmpty float64, cat Categorical, cats []string) (*Combined, error) {
	for _, p := range []struct {
		name string
		v    float64
	}{{"alpha", alpha}, {"beta", beta}, {"delta-empty", deltaEmpty}} {
		if math.IsNaN(p.v) || math.IsInf(p.v, 0) || p.v < 0 {
			return nil, fmt.Errorf("%s = %v; want a finite number ≥ 0", p.name, p.v)
		}
	}
	if deltaEmpty == 0 {
		return nil, errors.New("delta-empty must be > 0")
	}
	if cat == nil {
		cat = Nominal()
	}
	t, err := cat.Table(cats)
	if err != nil {
		return nil, fmt.Errorf("categorical distance %s: %w", cat.Name(), err)
	}
	c := &Combined{Alpha: alpha, Beta: beta, DeltaEmpty: deltaEmpty, cat: cat, cats: cats, index: make(map[string]int, len(cats)), table: t}
	for i, k := range cats {
		c.index[k] = i
	}
	return c, nil
}

// Categorical returns the categorical distance.
func (c *Combined) Categorical() Categorical { return c.cat }

// Positional returns d_pos(u, v) = Sporadic(u, v)·Δ∅.
func (c *Combined) Positional(u, v unitizing.Unit) float64 { return Sporadic(u, v) * c.DeltaEmpty }

// CategoryDistance returns d_cat(u, v) = dist(cat_u, cat_v)·Δ∅; a category
// not bound by NewCombined gives NaN.
func (c *Combined) CategoryDistance(u, v unitizing.Unit) float64 {
	i, ok1 := c.index[u.Category]
	j, ok2 := c.index[v.Category]
	if !ok1 || !ok2 {
		return math.NaN()
	}
	return c.table[i][j] * c.DeltaEmpty
}

// Between returns α·d_pos + β·d_cat.
func (c *Combined) Between(u, v unitizing.Unit) float64 {
	return c.Alpha*c.Positional(u, v) + c.Beta*c.CategoryDistance(u, v)
}

// Empty returns Δ∅.
func (c *Combined) Empty() float64 { return c.DeltaEmpty }

// Window: d ≥ α·d_pos and |s_u − s_v| ≤ |s_u − s_v| + |e_u − e_v|, so
// d ≤ bound implies |s_u − s_v| ≤ √(bound/(α·Δ∅))·(len_u + maxLen).
func (c *Combined) Window(u unitizing.Unit, maxLen, bound float64) float64 {
	if c.Alpha == 0 {
		return math.Inf(1)
	}
	return math.Sqrt(bound/(c.Alpha*c.DeltaEmpty)) * (u.Len() + maxLen) * (1 + 1e-12)
}

// catID returns the index of a bound category, or -1.
func (c *Combined) catID(k string) int {
	if i, ok := c.index[k]; ok {
		return i
	}
	return -1
}

type nominal struct{}

// Nominal is the nominal categorical distance: 0 for equal labels, 1 otherwise.
func Nominal() Categorical { return nominal{} }

func (nominal) Name() string { return "nominal" }
func (nominal) Table(cats []string) ([][]float64, error) {
	return tableOf(len(cats), func(i, j int) float64 { return 1 }), nil
}

func tableOf(k int, f func(i, j int) float64) [][]float64 {
	t := make([][]float64, k)
	for i := range t {
		t[i] = make([]float64, k)
		for j := range t[i] {
			if i != j {
				t[i][j] = f(i, j)
			}
		}
	}
	return t
}

type ordinal struct{ order []string }

// Ordinal is the distance between ranks in a declared order:
// |p_i − p_j| / (k − 1) for k declared categories (positions in the order
// given, never alphabetical — a defect of a peer implementation).
func Ordinal(order []string) Categorical { return ordinal{order} }

func (o ordinal) Name() string { return "ordinal" }
func (o ordinal) Table(cats []string) ([][]float64, error) {
	pos := make(map[string]int, len(o.order))
	for i, k := range o.order {
		if _, dup := pos[k]; dup {
			return nil, fmt.Errorf("category %q declared twice in the order", k)
		}
		pos[k] = i
	}
	p := make([]float64, len(cats))
	for i, k := range cats {
		r, ok := pos[k]
		if !ok {
			return nil, fmt.Errorf("category %q is not in the declared order %q", k, o.order)
		}
		p[i] = float64(r)
	}
	span := float64(len(o.order) - 1)
	return tableOf(len(cats), func(i, j int) float64 { return math.Abs(p[i]-p[j]) / span }), nil
}

type numeric struct{}

// Numeric is the distance between categories that are numbers:
// |x_i − x_j| / (max − min) over the categories present.
func Numeric() Categorical { return numeric{} }

func (numeric) Name() string { return "numeric" }
func (numeric) Table(cats []string) ([][]float64, error) {
	x := make([]float64, len(cats))
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, k := range cats {
		v, err := strconv.ParseFloat(k, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("category %q is not a finite number", k)
		}
		x[i] = v
		lo, hi = min(lo, v), max(hi, v)
	}
	if hi == lo { // distinct labels of one number ("1", "1.0")
		return tableOf(len(cats), func(i, j int) float64 { return 0 }), nil
	}
	return tableOf(len(cats), func(i, j int) float64 { return math.Abs(x[i]-x[j]) / (hi - lo) }), nil
}

type levenshtein struct{}

// Levenshtein is the edit distance between the labels (in runes) divided by
// the length of the longer label.
func Levenshtein() Categorical { return levenshtein{} }

func (levenshtein) Name() string { return "levenshtein" }
func (levenshtein) Table(cats []string) ([][]float64, error) {
	return tableOf(len(cats), func(i, j int) float64 { return editRatio(cats[i], cats[j]) }), nil
}

func editRatio(a, b string) float64 {
	x, y := []rune(a), []rune(b)
	if len(x) == 0 && len(y) == 0 {
		return 0
	}
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			sub := prev[j-1]
			if x[i-1] != y[j-1] {
				sub++
			}
			cur[j] = min(sub, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return float64(prev[len(y)]) / float64(max(len(x), len(y)))
}

type matrix struct{ m *distance.MatrixSpec }

// Matrix uses a user-supplied category distance matrix (read with
// distance.ReadMatrix); its entries must lie in [0, 1].
func Matrix(m *distance.MatrixSpec) Categorical { return matrix{m} }

func (m matrix) Name() string { return m.m.Name() }
func (m matrix) Table(cats []string) ([][]float64, error) {
	met, err := m.m.Bind(cats, nil)
	if err != nil {
		return nil, err
	}
	var bad error
	t := tableOf(len(cats), func(i, j int) float64 {
		d := met.Distance(i, j)
		if d > 1 && bad == nil {
			bad = fmt.Errorf("distance %q–%q is %v; γ needs distances in [0, 1]", cats[i], cats[j], d)
		}
		return d
	})
	return t, bad
}

// ErrCategoricalSpec is wrapped by the errors of ParseCategorical about
// the spelling of the distance (an unknown name, a missing argument), as
// opposed to errors reading a matrix file.
var ErrCategoricalSpec = errors.New("bad categorical distance")

// ParseCategorical returns the categorical distance named by spec:
// "nominal", "numeric", "levenshtein", "ordinal:C1,C2,…" (the declared
// order, categories trimmed) or "matrix:FILE" (a CSV distance matrix read
// with distance.ReadMatrix, entries in [0, 1]).
func ParseCategorical(spec string) (Categorical, error) {
	name, arg, hasArg := strings.Cut(spec, ":")
	noArg := func(c Categorical) (Categorical, error) {
		if hasArg {
			return nil, fmt.Errorf("%w: %q takes no argument (%q)", ErrCategoricalSpec, name, spec)
		}
		return c, nil
	}
	switch name {
	case "nominal":
		return noArg(Nominal())
	case "numeric":
		return noArg(Numeric())
	case "levenshtein":
		return noArg(Levenshtein())
	case "ordinal":
		if strings.TrimSpace(arg) == "" {
			return nil, fmt.Errorf("%w: ordinal needs the declared order: ordinal:low,mid,high", ErrCategoricalSpec)
		}
		var order []string
		for _, c := range strings.Split(arg, ",") {
			order = append(order, strings.TrimSpace(c))
		}
		return Ordinal(order), nil
	case "matrix":
		if arg == "" {
			return nil, fmt.Errorf("%w: matrix needs a file: matrix:FILE", ErrCategoricalSpec)
		}
		fh, err := os.Open(arg)
		if err != nil {
			return nil, err
		}
		defer fh.Close()
		m, err := distance.ReadMatrix(bufio.NewReader(fh), arg)
		if err != nil {
			return nil, err
		}
		return Matrix(m), nil
	}
	return nil, fmt.Errorf("%w: unknown %q (want nominal, ordinal:…, numeric, levenshtein or matrix:FILE)", ErrCategoricalSpec, spec)
}
