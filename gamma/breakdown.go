package gamma

import (
	"context"
	"fmt"
	"math"
	"time"

	"agree/unitizing"
)

// AutoSampler chooses the chance model for corpus: the corpus sampler
// (Corpus) when it applies — several continua, at least as many as
// annotators, all with the same number of annotators — and otherwise
// Shuffle, with a note saying why (empty for a single continuum, where
// Shuffle is the only choice). It is what agree gamma does by default
// (--sampler auto); the zero Options.Sampler is Shuffle.
func AutoSampler(corpus unitizing.Corpus) (Sampler, string) {
	cs := corpus.Continua
	if len(cs) < 2 {
		return Shuffle, ""
	}
	n := len(cs[0].Annotators)
	for _, c := range cs[1:] {
		if len(c.Annotators) != n {
			return Shuffle, fmt.Sprintf("auto: shuffle, since the corpus sampler needs the same number of annotators in every continuum (%q has %d, %q has %d)", cs[0].Name, n, c.Name, len(c.Annotators))
		}
	}
	if len(cs) < n {
		return Shuffle, fmt.Sprintf("auto: shuffle, since the corpus sampler needs at least as many continua as annotators (%d continua, %d annotators)", len(cs), n)
	}
	return Corpus, ""
}

// Breakdown is γ by document: each continuum alone and, with three or
// more annotators, every pair of annotators on the continua both
// annotated.
type Breakdown struct {
	// Documents are the continua in corpus order.
	Documents []DocumentGamma
	// Annotators and Pairs are γ of every pair of annotators
	// (Pairs[i][j] = Pairs[j][i]; 1 on the diagonal; NaN for a pair that
	// shares no continuum, or whose γ is undefined or was not computed);
	// nil with fewer than three annotators. PairsStopped is set when the
	// deadline had passed before some pairs were computed.
	Annotators   []string
	Pairs        [][]float64
	PairsStopped bool
}

// DocumentGamma is γ of one continuum alone.
type DocumentGamma struct {
	Name              string
	Annotators, Units int
	// Result is γ of the continuum; nil when Err is set.
	Result *Result
	// Err is ErrTimeLimit when Options.Deadline had passed before the
	// continuum was reached.
	Err error
}

// ByDocument computes the breakdown of corpus by document with the
// options of the corpus γ, except that a continuum alone is drawn by the
// single-continuum Shuffle when opt.Sampler is Corpus, and a pair of
// annotators by AutoSampler on their continua. Once opt.Deadline has
// passed, the rest is not computed (ErrTimeLimit in Documents,
// PairsStopped), so that a caller returns within its time limit.
func ByDocument(ctx context.Context, corpus unitizing.Corpus, d Dissimilarity, opt Options) (*Breakdown, error) {
	past := func() bool { return !opt.Deadline.IsZero() && time.Now().After(opt.Deadline) }
	one := opt
	if one.Sampler == Corpus {
		one.Sampler = Shuffle // the corpus sampler needs several continua
	}
	one.KeepSamples = false
	one.Progress = nil
	b := &Breakdown{}
	for k := range corpus.Continua {
		c := corpus.Continua[k]
		dg := DocumentGamma{Name: c.Name, Annotators: len(c.Annotators), Units: len(c.Units)}
		if past() {
			dg.Err = ErrTimeLimit
			b.Documents = append(b.Documents, dg)
			continue
		}
		r, err := Compute(ctx, unitizing.Corpus{Continua: []unitizing.Continuum{c}}, d, one)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.Name, err)
		}
		dg.Result = r
		b.Documents = append(b.Documents, dg)
	}
	names := corpus.Annotators()
	if len(names) < 3 {
		return b, nil
	}
	b.Annotators = names
	for i := range names {
		b.Pairs = append(b.Pairs, make([]float64, len(names)))
		b.Pairs[i][i] = 1
	}
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			v := math.NaN()
			if past() {
				if len(corpus.Pair(names[i], names[j]).Continua) > 0 {
					b.PairsStopped = true
				}
			} else if r, _, err := Pair(ctx, corpus, names[i], names[j], d, opt); err != nil {
				return nil, err
			} else if r != nil {
				v = r.Gamma
			}
			b.Pairs[i][j], b.Pairs[j][i] = v, v
		}
	}
	return b, nil
}

// Pair computes γ of the annotators named a and b on the continua both
// annotated (unitizing.Corpus.Pair), with opt except that the corpus
// sampler gives way to AutoSampler's choice for the pair's continua; the
// pair is taken in the order given (the chance samples depend on it). It
// returns nil and 0 when the two share no continuum, and the number of
// continua they share.
func Pair(ctx context.Context, corpus unitizing.Corpus, a, b string, d Dissimilarity, opt Options) (*Result, int, error) {
	sub := corpus.Pair(a, b)
	if len(sub.Continua) == 0 {
		return nil, 0, nil
	}
	pair := opt
	pair.KeepSamples, pair.Progress = false, nil
	if opt.Sampler == Corpus {
		pair.Sampler, _ = AutoSampler(sub)
	}
	r, err := Compute(ctx, sub, d, pair)
	if err != nil {
		return nil, 0, fmt.Errorf("γ of %s and %s: %w", a, b, err)
	}
	return r, len(sub.Continua), nil
}

// Macro is the mean of the documents' γ (each document weighs the same),
// over the documents where it is defined, and the numbers of those and of
// the others; NaN when none is defined.
func (b *Breakdown) Macro() (mean float64, defined, undefined int) {
	sum := 0.0
	for _, dg := range b.Documents {
		if dg.Result == nil || math.IsNaN(dg.Result.Gamma) {
			undefined++
			continue
		}
		sum += dg.Result.Gamma
		defined++
	}
	if defined == 0 {
		return math.NaN(), 0, undefined
	}
	return sum / float64(defined), defined, undefined
}
