package shuffle

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"

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
	// Progress, if not nil, is called from one goroutine with the number
	// of simulated sets done and the total (error types × magnitudes ×
	// Sets).
	Progress func(done, total int)
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

// Run runs the sweep. Each set k uses its own reference, drawn from its own
// stream and shared by every error type and magnitude (common random numbers
// make the curves smoother); the annotations and the measures' sampling
// have streams of their own per (error type, magnitude, set).
//
// Sets are generated as they are needed and summarised in set order in
// batches, so memory holds one set per worker and the points, whatever the
// number of sets, and the results do not depend on the number of workers.
// A cancelled ctx stops the sweep with ctx's error; Progress, if set, is
// called with the number of sets done and the total.
func (s Sweep) Run(ctx context.Context) ([]Point, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	s = s.withDefaults()
	mags := s.Magnitudes
	if len(mags) == 0 {
		mags = Magnitudes(s.Step)
	}
	nm := len(s.Measures)
	out := make([]Point, 0, len(s.Errors)*len(mags)*nm)
	for e := range s.Errors {
		for _, mag := range mags {
			for _, me := range s.Measures {
				out = append(out, Point{Errors: s.Errors[e], Magnitude: mag, Measure: me.Name, Sets: s.Sets})
			}
		}
	}
	sums := make([][2]float64, len(out)) // Σv, Σv² per point
	total := len(s.Errors) * len(mags) * s.Sets
	batch := min(total, max(64, 4*s.Workers))
	vals := make([]float64, batch*nm)
	notes := make([]string, batch*nm)
	errs := make([]error, batch)
	// run computes set job: job = (e·len(mags) + m)·Sets + k.
	run := func(job int, vals []float64, notes []string) error {
		k := job % s.Sets
		em := job / s.Sets
		e, m := em/len(mags), em%len(mags)
		sh := s.Shuffler
		sh.Errors = s.Errors[e]
		var set Set
		for ci := range s.Continua {
			ref, err := s.Model.Draw(stream(s.Seed, 0, uint64(k), uint64(ci)))
			if err != nil {
				return err
			}
			c, err := sh.Annotate(ref, mags[m], stream(s.Seed, 1, uint64(e), uint64(m), uint64(k), uint64(ci)))
			if err != nil {
				return err
			}
			c.Name = fmt.Sprintf("set%d-continuum%d %s", k, ci, c.Name)
			set.Continua = append(set.Continua, c)
			set.Extents = append(set.Extents, ref.Extent)
		}
		for i, me := range s.Measures {
			v, err := me.Func(set, stream(s.Seed, 2, uint64(e), uint64(m), uint64(k), uint64(i)))
			notes[i] = ""
			if err != nil {
				v, notes[i] = math.NaN(), err.Error()
			} else if math.IsNaN(v) {
				notes[i] = "undefined"
			}
			vals[i] = v
		}
		return nil
	}
	for start := 0; start < total; start += batch {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		end := min(start+batch, total)
		var next atomic.Int64
		var wg sync.WaitGroup
		for range min(s.Workers, end-start) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i := int(next.Add(1) - 1)
					if i >= end-start || ctx.Err() != nil {
						return
					}
					errs[i] = run(start+i, vals[i*nm:(i+1)*nm], notes[i*nm:(i+1)*nm])
				}
			}()
		}
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for i := range end - start {
			if errs[i] != nil {
				return nil, errs[i]
			}
			p := (start + i) / s.Sets * nm // first point of the job's (error type, magnitude)
			for j := range nm {
				v, pt := vals[i*nm+j], &out[p+j]
				if math.IsNaN(v) {
					if pt.Note == "" {
						pt.Note = notes[i*nm+j]
					}
					continue
				}
				pt.Defined++
				sums[p+j][0] += v
				sums[p+j][1] += v * v
			}
		}
		if s.Progress != nil {
			s.Progress(end, total)
		}
	}
	for i := range out {
		p := &out[i]
		if p.Defined == 0 {
			p.Mean, p.SD = math.NaN(), math.NaN()
			continue
		}
		n := float64(p.Defined)
		p.Mean = sums[i][0] / n
		p.SD = math.Sqrt(math.Max(0, sums[i][1]/n-p.Mean*p.Mean))
	}
	return out, nil
}
