// Package unitgen generates unitizing data for benchmarks and tests of γ:
// a continuum whose annotators each copy most of a common set of true
// units, with jittered boundaries and some changed categories, and add
// false positives of their own — the shape of real unitizing studies
// (the "realistic generator" of issues 12 and 19). Every parameter is a
// field of Spec (and a flag of bench/gen.go's gamma workload).
package unitgen

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"

	"agree/unitizing"
)

// Spec describes a generated continuum.
type Spec struct {
	// Annotators and Units (true units; each annotator marks about
	// Units·(1 − Miss·…) of them, plus false positives).
	Annotators, Units int
	// Categories is the number of categories (named c0, c1, …).
	Categories int
	// Jitter is the standard deviation of the boundary noise (each
	// boundary moves by a rounded N(0, Jitter²)).
	Jitter float64
	// Miss is the probability that an annotator drops a true unit,
	// FalsePositive that it adds a unit of its own after one (1–5 after
	// its end, 1–10 long, a random category), Recategorise that it gives
	// a true unit another (random) category.
	Miss, FalsePositive, Recategorise float64
	// Dense: the true units overlap heavily (starts 1–4 apart, lengths
	// 4–40: about nine cover each point); otherwise they follow one
	// another (gaps and lengths of 2–20).
	Dense bool
}

// Realistic is the generator of issues 12 and 19: n annotators, k true
// units with gaps and lengths of 2–20, boundaries jittered by N(0, 2)
// (rounded), 10 % missed, 5 % false positives, 10 % category changes,
// 3–5 categories (3 + k mod 3).
func Realistic(n, k int) Spec {
	return Spec{Annotators: n, Units: k, Categories: 3 + k%3, Jitter: 2, Miss: 0.10, FalsePositive: 0.05, Recategorise: 0.1}
}

// Dense is Realistic with overlapping true units.
func Dense(n, k int) Spec {
	s := Realistic(n, k)
	s.Dense = true
	return s
}

// Check reports an out-of-range field.
func (s Spec) Check() error {
	switch {
	case s.Annotators < 1 || s.Annotators > 1000:
		return fmt.Errorf("annotators %d: want 1 to 1000", s.Annotators)
	case s.Units < 0 || s.Units > 10_000_000:
		return fmt.Errorf("units %d: want 0 to 10⁷", s.Units)
	case s.Categories < 1 || s.Categories > 1000:
		return fmt.Errorf("categories %d: want 1 to 1000", s.Categories)
	case !(s.Jitter >= 0 && s.Jitter <= 1e6):
		return fmt.Errorf("jitter %v: want 0 to 10⁶", s.Jitter)
	}
	for _, p := range []float64{s.Miss, s.FalsePositive, s.Recategorise} {
		if !(p >= 0 && p <= 1) {
			return fmt.Errorf("probability %v: want 0 to 1", p)
		}
	}
	return nil
}

// Generate returns the continuum of spec s drawn with seed (the same
// seed and spec give the same continuum).
func Generate(seed uint64, s Spec) *unitizing.Continuum {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	cats := make([]string, s.Categories)
	for i := range cats {
		cats[i] = fmt.Sprint("c", i)
	}
	type ref struct {
		s, e float64
		cat  string
	}
	refs := make([]ref, 0, s.Units)
	pos := 0.0
	for range s.Units {
		var l float64
		if s.Dense {
			pos += float64(1 + rng.IntN(4))
			l = float64(4 + rng.IntN(37))
		} else {
			pos += float64(2 + rng.IntN(19))
			l = float64(2 + rng.IntN(19))
		}
		refs = append(refs, ref{pos, pos + l, cats[rng.IntN(len(cats))]})
		if !s.Dense {
			pos += l
		}
	}
	c := &unitizing.Continuum{Name: fmt.Sprintf("generated-%dx%d", s.Annotators, s.Units)}
	for a := 0; a < s.Annotators; a++ {
		c.Annotators = append(c.Annotators, fmt.Sprint("A", a))
		for _, r := range refs {
			if rng.Float64() < s.Miss {
				continue
			}
			st := r.s + math.Round(rng.NormFloat64()*s.Jitter)
			en := r.e + math.Round(rng.NormFloat64()*s.Jitter)
			if en <= st {
				en = st + 1
			}
			cat := r.cat
			if rng.Float64() < s.Recategorise {
				cat = cats[rng.IntN(len(cats))]
			}
			c.Units = append(c.Units, unitizing.Unit{Annotator: a, Category: cat, Start: st, End: en})
			if rng.Float64() < s.FalsePositive {
				x := r.e + float64(1+rng.IntN(5))
				c.Units = append(c.Units, unitizing.Unit{Annotator: a, Category: cats[rng.IntN(len(cats))], Start: x, End: x + float64(1+rng.IntN(10))})
			}
		}
	}
	return c
}

// WriteCSV writes the units of c as the unit CSV that agree gamma reads
// (annotator,category,start,end, no header).
func WriteCSV(w io.Writer, c *unitizing.Continuum) error {
	bw := bufio.NewWriter(w)
	var buf []byte
	for _, u := range c.Units {
		buf = append(buf[:0], c.Annotators[u.Annotator]...)
		buf = append(buf, ',')
		buf = append(buf, u.Category...)
		buf = append(buf, ',')
		buf = strconv.AppendFloat(buf, u.Start, 'g', -1, 64)
		buf = append(buf, ',')
		buf = strconv.AppendFloat(buf, u.End, 'g', -1, 64)
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}
