package gamma

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"agree/unitizing"
)

// Sampler names a way of drawing random annotations that keep the observed
// distributions, for the expected disorder δ_e.
type Sampler int

const (
	// Shuffle is the single-continuum sampler of Mathet et al. (2015, §5.2.1):
	// random annotator i is real annotator i's units circularly shifted on
	// the continuum by a random pivot (split at the pivot, swap the parts).
	// Two pivots are at least one average unit length apart, circularly
	// (the paper's rule; pygamma and the Java software use half of it). A
	// unit that straddles the pivot is kept whole, at its shifted start.
	// On a corpus every continuum is shuffled and the disorders pooled.
	Shuffle Sampler = iota
	// Corpus is the corpus sampler of §5.2.2: pick n different continua and
	// one random annotator of each; each chosen annotation is repeated end to
	// end (a mosaic) up to the length of the longest chosen continuum.
	Corpus
	// Statistical is modelled on pygamma's default sampler (not in the
	// paper): per random annotator, the number of units, the gaps between an
	// annotator's consecutive units (start − previous end) and the unit
	// lengths are drawn from normal distributions fitted to the data (lengths
	// at least the shortest observed one, starts not before the continuum),
	// the categories from their observed frequencies. It is not numerically
	// identical to pygamma's: on pygamma's fixtures 1 and 3 it gives expected
	// disorders 0.43 and 0.68 where pygamma reports 0.54 and 1.05.
	Statistical
)

// ParseSampler parses "shuffle", "corpus" or "statistical".
func ParseSampler(s string) (Sampler, error) {
	switch s {
	case "shuffle", "":
		return Shuffle, nil
	case "corpus":
		return Corpus, nil
	case "statistical":
		return Statistical, nil
	}
	return 0, fmt.Errorf("unknown sampler %q (want shuffle, corpus or statistical)", s)
}

func (s Sampler) String() string {
	return [...]string{"shuffle", "corpus", "statistical"}[s]
}

// draw returns the random continua of one sample.
func (s Sampler) draw(rng *rand.Rand, corpus []unitizing.Continuum, st []contStats) ([]unitizing.Continuum, error) {
	switch s {
	case Corpus:
		return drawCorpus(rng, corpus)
	case Statistical:
		out := make([]unitizing.Continuum, len(corpus))
		for i := range corpus {
			out[i] = drawStatistical(rng, &corpus[i], &st[i])
		}
		return out, nil
	}
	out := make([]unitizing.Continuum, len(corpus))
	for i := range corpus {
		out[i] = shuffle(rng, &corpus[i], &st[i])
	}
	return out, nil
}

// contStats are the per-continuum quantities the samplers need.
type contStats struct {
	lo, hi  float64
	meanLen float64
	byAnn   [][]unitizing.Unit // units of each annotator, sorted
	// statistical sampler
	countMean, countSD float64
	gapMean, gapSD     float64
	lenMean, lenSD     float64
	minLen             float64
	cats               []string
	catCum             []float64
}

func statsOf(c *unitizing.Continuum) contStats {
	var st contStats
	st.lo, st.hi, _ = c.Bounds()
	st.byAnn = make([][]unitizing.Unit, len(c.Annotators))
	var lens, gaps, counts []float64
	catN := map[string]int{}
	for a := range c.Annotators {
		st.byAnn[a] = c.UnitsOf(a)
		counts = append(counts, float64(len(st.byAnn[a])))
		for k, u := range st.byAnn[a] {
			if k > 0 {
				gaps = append(gaps, u.Start-st.byAnn[a][k-1].End)
			}
		}
	}
	st.minLen = math.Inf(1)
	for _, u := range c.Units {
		lens = append(lens, u.Len())
		st.minLen = min(st.minLen, u.Len())
		catN[u.Category]++
	}
	st.meanLen, st.lenSD = meanSD(lens)
	st.lenMean = st.meanLen
	st.gapMean, st.gapSD = meanSD(gaps)
	st.countMean, st.countSD = meanSD(counts)
	for k := range catN {
		st.cats = append(st.cats, k)
	}
	sort.Strings(st.cats)
	tot := 0.0
	for _, k := range st.cats {
		tot += float64(catN[k])
		st.catCum = append(st.catCum, tot)
	}
	return st
}

// meanSD returns the mean and the unbiased standard deviation (0 for fewer
// than two values).
func meanSD(x []float64) (mean, sd float64) {
	if len(x) == 0 {
		return 0, 0
	}
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	if len(x) < 2 {
		return mean, 0
	}
	var ss float64
	for _, v := range x {
		ss += (v - mean) * (v - mean)
	}
	return mean, math.Sqrt(ss / float64(len(x)-1))
}

func shuffle(rng *rand.Rand, c *unitizing.Continuum, st *contStats) unitizing.Continuum {
	out := unitizing.Continuum{Name: c.Name, Annotators: c.Annotators, Units: make([]unitizing.Unit, 0, len(c.Units))}
	L := st.hi - st.lo
	pivots := make([]float64, 0, len(c.Annotators))
	for a := range c.Annotators {
		var p float64
		for try := 0; ; try++ {
			p = st.lo + rng.Float64()*L
			ok := true
			for _, q := range pivots {
				d := math.Abs(p - q)
				if math.Min(d, L-d) < st.meanLen {
					ok = false
					break
				}
			}
			if ok || try >= 100 { // the continuum may be too short for the spacing
				break
			}
		}
		pivots = append(pivots, p)
		for _, u := range st.byAnn[a] {
			s := u.Start - p + st.lo
			if u.Start < p {
				s = u.Start + (st.hi - p)
			}
			out.Units = append(out.Units, unitizing.Unit{Annotator: a, Category: u.Category, Start: s, End: s + u.Len()})
		}
	}
	return out
}

func drawCorpus(rng *rand.Rand, corpus []unitizing.Continuum) ([]unitizing.Continuum, error) {
	n := len(corpus[0].Annotators)
	if len(corpus) < n {
		return nil, fmt.Errorf("the corpus sampler needs at least as many continua as annotators (%d continua, %d annotators)", len(corpus), n)
	}
	pick := rng.Perm(len(corpus))[:n]
	type src struct {
		units  []unitizing.Unit
		lo, ln float64
	}
	srcs := make([]src, n)
	longest := 0.0
	for i, ci := range pick {
		c := &corpus[ci]
		a := rng.IntN(len(c.Annotators))
		lo, hi, _ := c.Bounds()
		srcs[i] = src{c.UnitsOf(a), lo, hi - lo}
		longest = max(longest, hi-lo)
	}
	out := unitizing.Continuum{Name: "corpus sample"}
	for i := range srcs {
		out.Annotators = append(out.Annotators, fmt.Sprint("random", i))
	}
	for i, s := range srcs {
		if len(s.units) == 0 || s.ln <= 0 {
			continue
		}
		for off := 0.0; off < longest; off += s.ln {
			for _, u := range s.units {
				st := u.Start - s.lo + off
				if st >= longest {
					break
				}
				out.Units = append(out.Units, unitizing.Unit{Annotator: i, Category: u.Category, Start: st, End: st + u.Len()})
			}
		}
	}
	return []unitizing.Continuum{out}, nil
}

func drawStatistical(rng *rand.Rand, c *unitizing.Continuum, st *contStats) unitizing.Continuum {
	out := unitizing.Continuum{Name: c.Name, Annotators: c.Annotators}
	for a := range c.Annotators {
		k := int(math.Round(st.countMean + rng.NormFloat64()*st.countSD))
		pos := st.lo
		for range max(k, 0) {
			gap := st.gapMean + rng.NormFloat64()*st.gapSD
			l := max(st.lenMean+rng.NormFloat64()*st.lenSD, st.minLen)
			s := max(pos+gap, st.lo)
			r := rng.Float64() * st.catCum[len(st.catCum)-1]
			ci := sort.SearchFloat64s(st.catCum, r)
			if ci >= len(st.cats) || st.catCum[ci] == r {
				ci = min(ci+1, len(st.cats)-1)
			}
			out.Units = append(out.Units, unitizing.Unit{Annotator: a, Category: st.cats[ci], Start: s, End: s + l})
			pos = s + l
		}
	}
	return out
}
