package gamma

import (
	"fmt"
	"math"
	"math/rand/v2"

	"agree/unitizing"
)

// genSpec describes a generated continuum resembling real unitizing data:
// true units shared by every annotator, each annotator missing some, adding
// false positives, jittering boundaries and sometimes changing categories.
type genSpec struct {
	annotators, units int
	cats              int     // 3–5 in the benchmarks
	jitter            float64 // standard deviation of boundary noise
	miss, extra       float64 // probability of dropping a true unit / adding a false one
	recat             float64 // probability of changing a category
	dense             bool    // true units overlap heavily (starts 1–4 apart, lengths 4–40)
}

// realistic is the generator of issue 12's benchmarks: k true units with
// gaps and lengths of 2–20, boundaries jittered by N(0, 2) (rounded), 10 %
// missed, 5 % false positives, 10 % category changes, 3–5 categories.
func realistic(n, k int) genSpec {
	return genSpec{annotators: n, units: k, cats: 3 + k%3, jitter: 2, miss: 0.10, extra: 0.05, recat: 0.1}
}

// dense is realistic with overlapping true units (starts 1–4 apart,
// lengths 4–40): every unit overlaps many others.
func dense(n, k int) genSpec {
	s := realistic(n, k)
	s.dense = true
	return s
}

func genContinuum(seed uint64, s genSpec) *unitizing.Continuum {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	cats := make([]string, s.cats)
	for i := range cats {
		cats[i] = fmt.Sprint("c", i)
	}
	type ref struct {
		s, e float64
		cat  string
	}
	refs := make([]ref, 0, s.units)
	pos := 0.0
	for range s.units {
		var l float64
		if s.dense {
			pos += float64(1 + rng.IntN(4))
			l = float64(4 + rng.IntN(37))
		} else {
			pos += float64(2 + rng.IntN(19))
			l = float64(2 + rng.IntN(19))
		}
		refs = append(refs, ref{pos, pos + l, cats[rng.IntN(len(cats))]})
		if !s.dense {
			pos += l
		}
	}
	c := &unitizing.Continuum{Name: fmt.Sprintf("generated-%dx%d", s.annotators, s.units)}
	for a := 0; a < s.annotators; a++ {
		c.Annotators = append(c.Annotators, fmt.Sprint("A", a))
		for _, r := range refs {
			if rng.Float64() < s.miss {
				continue
			}
			st := r.s + math.Round(rng.NormFloat64()*s.jitter)
			en := r.e + math.Round(rng.NormFloat64()*s.jitter)
			if en <= st {
				en = st + 1
			}
			cat := r.cat
			if rng.Float64() < s.recat {
				cat = cats[rng.IntN(len(cats))]
			}
			c.Units = append(c.Units, unitizing.Unit{Annotator: a, Category: cat, Start: st, End: en})
			if rng.Float64() < s.extra {
				x := r.e + float64(1+rng.IntN(5))
				c.Units = append(c.Units, unitizing.Unit{Annotator: a, Category: cats[rng.IntN(len(cats))], Start: x, End: x + float64(1+rng.IntN(10))})
			}
		}
	}
	return c
}
