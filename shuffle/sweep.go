package shuffle

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"agree/unitizing"
)

// Measure is an agreement measure a sweep evaluates on each simulated set.
// Func returns NaN (or an error) when the measure is undefined for that
// set; rng is a private, seeded stream for measures that sample (γ's
// expected disorder).
type Measure struct {
	Name string
	Func func(s Set, rng *rand.Rand) (float64, error)
}

// Set is one simulated annotation set: one or more continua (each annotated
// from its own reference by the same simulated annotators) with their
// extents.
type Set struct {
	Continua []unitizing.Continuum
	Extents  []unitizing.Extent
}

// Concatenated returns the set's continua laid end to end as one continuum
// (unitizing.Concatenate), the usual way to give the unitizing alphas, κ_d
// and SER several continua, and its extent.
func (s Set) Concatenated() (unitizing.Continuum, unitizing.Extent, error) {
	if len(s.Continua) == 1 {
		return s.Continua[0], s.Extents[0], nil
	}
	return unitizing.Concatenate(s.Continua, s.Extents)
}

// Sweep describes a response-curve experiment (Mathet et al. 2015, §6.3):
// for each error type, for each magnitude 0, Step, 2·Step, …, 1, Sets
// simulated multi-annotator continua are drawn and every measure is
// computed on each.
type Sweep struct {
	Model    Model
	Shuffler Shuffler // its Errors field is replaced by each entry of Errors
	Errors   []ErrorType
	Step     float64 // default 0.05
	// Magnitudes, when not empty, replaces the grid 0, Step, …, 1.
	Magnitudes []float64
	Sets       int // annotation sets per magnitude; default 40 (the paper's value)
	// Continua is the number of continua per set (default 1), each with its
	// own reference; γ then uses the corpus sampler when there are at least
	// as many continua as annotators (§5.2.2).
	Continua int
	Seed     uint64
	// Workers computes sets in parallel (default 1). Results do not depend
	// on it: every set has its own random streams derived from Seed.
	Workers  int
	Measures []Measure
}

// Point is the mean response of one measure at one magnitude.
type Point struct {
	Errors    ErrorType
	Magnitude float64
	Measure   string
	// Mean and SD (population) over the sets where the measure is defined;
	// NaN when it is defined for none.
	Mean, SD float64
	// Defined counts the sets with a value, out of Sets.
	Defined, Sets int
	// Note gives the first reason a set had no value ("" when all had one).
	Note string
}

// Magnitudes returns 0, step, …, 1 (the last is exactly 1).
func Magnitudes(step float64) []float64 {
	n := int(math.Round(1 / step))
	out := make([]float64, n+1)
	for i := range out {
		out[i] = math.Min(1, float64(i)/float64(n))
	}
	return out
}

// splitmix64 mixes x into a well-spread 64-bit value.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// stream returns a random stream determined by seed and the path ids.
func stream(seed uint64, ids ...uint64) *rand.Rand {
	h := uint64(0x5348554646)
	for _, id := range ids {
		h = splitmix64(h ^ id)
	}
	return rand.New(rand.NewPCG(seed, h))
}

// Run runs the sweep. Each set k uses its own reference, drawn once and
// shared by every error type and magnitude (common random numbers make the
// curves smoother); the annotations and the measures' sampling have streams
// of their own per (error type, magnitude, set).
func (s Sweep) Run() ([]Point, error) {
	if s.Step == 0 {
		s.Step = 0.05
	}
	if s.Sets == 0 {
		s.Sets = 40
	}
	if s.Workers < 1 {
		s.Workers = 1
	}
	if s.Continua < 1 {
		s.Continua = 1
	}
	if !(s.Step > 0 && s.Step <= 1) {
		return nil, fmt.Errorf("shuffle: step %v not in (0, 1]", s.Step)
	}
	if s.Sets < 1 || len(s.Errors) == 0 || len(s.Measures) == 0 {
		return nil, errors.New("shuffle: a sweep needs at least one set, one error type and one measure")
	}
	if err := s.Model.Validate(); err != nil {
		return nil, err
	}
	for _, e := range s.Errors {
		sh := s.Shuffler
		sh.Errors = e
		if err := sh.withDefaults().Validate(s.Model); err != nil {
			return nil, err
		}
	}
	refs := make([][]Reference, s.Sets)
	for k := range refs {
		for j := 0; j < s.Continua; j++ {
			r, err := s.Model.Draw(stream(s.Seed, 0, uint64(k), uint64(j)))
			if err != nil {
				return nil, err
			}
			refs[k] = append(refs[k], r)
		}
	}
	mags := Magnitudes(s.Step)
	if len(s.Magnitudes) > 0 {
		mags = s.Magnitudes
		for _, m := range mags {
			if !(m >= 0 && m <= 1) {
				return nil, fmt.Errorf("shuffle: magnitude %v not in [0, 1]", m)
			}
		}
	}
	type job struct{ e, m, k int }
	nm := len(s.Measures)
	// values[((e·len(mags))+m)·Sets+k][measure]
	values := make([][]float64, len(s.Errors)*len(mags)*s.Sets)
	notes := make([][]string, len(values))
	jobs := make(chan job)
	var wg sync.WaitGroup
	var firstErr error
	var mu sync.Mutex
	for w := 0; w < s.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				sh := s.Shuffler
				sh.Errors = s.Errors[j.e]
				var set Set
				var err error
				for ci, ref := range refs[j.k] {
					var c unitizing.Continuum
					c, err = sh.Annotate(ref, mags[j.m], stream(s.Seed, 1, uint64(j.e), uint64(j.m), uint64(j.k), uint64(ci)))
					if err != nil {
						break
					}
					c.Name = fmt.Sprintf("set%d-continuum%d %s", j.k, ci, c.Name)
					set.Continua = append(set.Continua, c)
					set.Extents = append(set.Extents, ref.Extent)
				}
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					continue
				}
				slot := (j.e*len(mags)+j.m)*s.Sets + j.k
				vals := make([]float64, nm)
				ns := make([]string, nm)
				for i, me := range s.Measures {
					v, err := me.Func(set, stream(s.Seed, 2, uint64(j.e), uint64(j.m), uint64(j.k), uint64(i)))
					if err != nil {
						v, ns[i] = math.NaN(), err.Error()
					} else if math.IsNaN(v) {
						ns[i] = "undefined"
					}
					vals[i] = v
				}
				values[slot], notes[slot] = vals, ns
			}
		}()
	}
	for e := range s.Errors {
		for m := range mags {
			for k := 0; k < s.Sets; k++ {
				jobs <- job{e, m, k}
			}
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	var out []Point
	for e := range s.Errors {
		for m, mag := range mags {
			for i, me := range s.Measures {
				p := Point{Errors: s.Errors[e], Magnitude: mag, Measure: me.Name, Sets: s.Sets}
				sum, sum2 := 0.0, 0.0
				for k := 0; k < s.Sets; k++ {
					slot := (e*len(mags)+m)*s.Sets + k
					v := values[slot][i]
					if math.IsNaN(v) {
						if p.Note == "" {
							p.Note = notes[slot][i]
						}
						continue
					}
					p.Defined++
					sum += v
					sum2 += v * v
				}
				if p.Defined == 0 {
					p.Mean, p.SD = math.NaN(), math.NaN()
				} else {
					n := float64(p.Defined)
					p.Mean = sum / n
					p.SD = math.Sqrt(math.Max(0, sum2/n-p.Mean*p.Mean))
				}
				out = append(out, p)
			}
		}
	}
	return out, nil
}
