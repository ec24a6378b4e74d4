package errmodel

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"agree/coding"
)

// DawidSkene is a fitted latent class model (Dawid & Skene 1979): every
// item has an unobserved true class k with prior Priors[k]; annotator c
// labels an item of class k as l with probability Confusion[c][k][l],
// independently of the other annotators. Missing labels carry no
// information.
type DawidSkene struct {
	Labels []string // classes = the categories used
	Coders []string
	Priors []float64
	// Confusion[c][k][l] = P(annotator c says l | true class k).
	Confusion [][][]float64
	// Accuracy[c] = Σ_k Priors[k]·Confusion[c][k][k]: the estimated share
	// of annotator c's labels that are correct.
	Accuracy []float64
	// Posteriors[i][k] = P(item i is of class k | its labels); items
	// without labels get the priors.
	Posteriors [][]float64
	// Consensus[i] is the most probable class of item i (lowest index on
	// ties), or −1 for an item without labels.
	Consensus []int
	// LogLikelihood is the log-likelihood of the labels under the fitted
	// model, Σ_i log Σ_k prior_k Π_c Confusion[c][k][y_ic], with the
	// smoothed confusion matrices. It is not the objective EM maximises
	// when Smoothing > 0 (that adds the pseudo-counts' log-prior
	// s·Σ log Confusion), so it need not increase at every iteration, nor be
	// the largest of the labels' likelihoods.
	LogLikelihood float64
	Iterations    int
	// Converged is true when EM stopped because the log-likelihood
	// changed (up or down) by less than FitOptions.Tol·(1 + |L|) from one
	// iteration to the next, false when it ran out of iterations.
	Converged bool
	Smoothing float64
}

// FitDawidSkene fits the model by EM, starting from the vote shares of
// each item (so class k is anchored to label k). M-step: priors are the
// mean posteriors; Confusion[c][k][l] = (Σ_i T_ik [y_ic = l] + s) /
// (Σ_i T_ik [c labelled i] + K·s) with s = opt.Smoothing. E-step:
// T_ik ∝ prior_k Π_c Confusion[c][k][y_ic], in logarithms. One iteration
// costs O(labels·K). A cancelled ctx stops the fit with ctx's error.
func FitDawidSkene(ctx context.Context, d *coding.Data, opt FitOptions) (*DawidSkene, error) {
	if why := d.AnonymousCoders(); why != "" {
		return nil, errors.New("Dawid–Skene: " + why)
	}
	opt = opt.dawidSkeneDefaults()
	f, err := newDSFit(d, opt.Smoothing)
	if err != nil {
		return nil, err
	}
	prev := math.Inf(-1)
	for it := 1; it <= opt.MaxIter; it++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		f.mStep()
		ll := f.eStep()
		f.res.Iterations = it
		f.res.LogLikelihood = ll
		if math.Abs(ll-prev) <= opt.Tol*(1+math.Abs(ll)) {
			f.res.Converged = true
			break
		}
		prev = ll
	}
	return f.finish(), nil
}

// dawidSkeneDefaults fills in FitOptions' zero values for Dawid–Skene.
func (opt FitOptions) dawidSkeneDefaults() FitOptions {
	if opt.MaxIter == 0 {
		opt.MaxIter = 1000
	}
	if opt.Tol == 0 {
		opt.Tol = 1e-10
	}
	if opt.Smoothing == 0 {
		opt.Smoothing = 0.01
	}
	if opt.Smoothing < 0 {
		opt.Smoothing = 0
	}
	return opt
}

// dsObs is one label: coder c gave class l.
type dsObs struct{ c, l int32 }

// dsFit is the state of a Dawid–Skene fit: the labels as (coder, class)
// observations grouped by item, the posteriors T and the model (priors
// and confusion matrices, in res), with the logarithms of the confusion
// matrices for the E-step.
type dsFit struct {
	res     *DawidSkene
	K, C, N int
	s       float64 // smoothing
	start   []int   // the labels of item i are ob[start[i]:start[i+1]]
	ob      []dsObs
	rated   int // items with at least one label
	T       [][]float64
	logConf [][][]float64
	logT    []float64
}

// newDSFit takes the classes (the values used, in value-table order) and
// the labels of d, and starts the posteriors at each item's vote shares.
func newDSFit(d *coding.Data, s float64) (*dsFit, error) {
	pos := make([]int, len(d.Labels()))
	for i := range pos {
		pos[i] = -1
	}
	for i := range d.NumItems() {
		for c := range d.NumCoders() {
			if v := d.Value(i, c); v != coding.Missing {
				pos[v] = 0
			}
		}
	}
	res := &DawidSkene{Coders: d.Coders(), Smoothing: s}
	for v, p := range pos {
		if p == 0 {
			pos[v] = len(res.Labels)
			res.Labels = append(res.Labels, d.Labels()[v])
		}
	}
	f := &dsFit{res: res, K: len(res.Labels), C: d.NumCoders(), N: d.NumItems(), s: s}
	if f.K == 0 {
		return nil, errors.New("Dawid–Skene: the data has no values")
	}
	f.start = make([]int, f.N+1)
	for i := range f.N {
		for c := range f.C {
			if v := d.Value(i, c); v != coding.Missing {
				f.ob = append(f.ob, dsObs{int32(c), int32(pos[v])})
			}
		}
		f.start[i+1] = len(f.ob)
		if f.start[i+1] > f.start[i] {
			f.rated++
		}
	}
	f.T = make([][]float64, f.N)
	for i := range f.N {
		f.T[i] = make([]float64, f.K)
		m := f.start[i+1] - f.start[i]
		for _, o := range f.labels(i) {
			f.T[i][o.l] += 1 / float64(m)
		}
	}
	res.Priors = make([]float64, f.K)
	res.Confusion = squares(f.C, f.K)
	f.logConf = squares(f.C, f.K)
	f.logT = make([]float64, f.K)
	return f, nil
}

// squares returns n K×K matrices of zeros.
func squares(n, K int) [][][]float64 {
	out := make([][][]float64, n)
	for c := range out {
		out[c] = make([][]float64, K)
		for k := range K {
			out[c][k] = make([]float64, K)
		}
	}
	return out
}

// labels returns the labels of item i.
func (f *dsFit) labels(i int) []dsObs { return f.ob[f.start[i]:f.start[i+1]] }

// mStep sets the priors and the smoothed confusion matrices (and their
// logarithms) from the posteriors.
func (f *dsFit) mStep() {
	res := f.res
	clear(res.Priors)
	for c := range f.C {
		for k := range f.K {
			clear(res.Confusion[c][k])
		}
	}
	for i := range f.N {
		if f.start[i+1] == f.start[i] {
			continue
		}
		for k, t := range f.T[i] {
			res.Priors[k] += t / float64(f.rated)
		}
		for _, o := range f.labels(i) {
			for k, t := range f.T[i] {
				res.Confusion[o.c][k][o.l] += t
			}
		}
	}
	for c := range f.C {
		for k := range f.K {
			row := res.Confusion[c][k]
			tot := 0.0
			for l := range row {
				row[l] += f.s
				tot += row[l]
			}
			for l := range row {
				if tot > 0 {
					row[l] /= tot
				} else {
					row[l] = 1 / float64(f.K) // annotator never saw class k
				}
				f.logConf[c][k][l] = math.Log(row[l])
			}
		}
	}
}

// eStep sets the posteriors from the model and returns the
// log-likelihood of the labels.
func (f *dsFit) eStep() float64 {
	ll := 0.0
	for i := range f.N {
		for k := range f.K {
			f.logT[k] = math.Log(f.res.Priors[k])
		}
		for _, o := range f.labels(i) {
			for k := range f.K {
				f.logT[k] += f.logConf[o.c][k][o.l]
			}
		}
		mx := math.Inf(-1)
		for _, x := range f.logT {
			mx = math.Max(mx, x)
		}
		sum := 0.0
		T := f.T[i]
		for k, x := range f.logT {
			T[k] = math.Exp(x - mx)
			sum += T[k]
		}
		for k := range T {
			T[k] /= sum
		}
		if f.start[i+1] > f.start[i] {
			ll += mx + math.Log(sum)
		}
	}
	return ll
}

// finish returns the model with the posteriors, the annotators' accuracy
// and each item's consensus.
func (f *dsFit) finish() *DawidSkene {
	res := f.res
	res.Posteriors = f.T
	res.Accuracy = make([]float64, f.C)
	for c := range f.C {
		for k := range f.K {
			res.Accuracy[c] += res.Priors[k] * res.Confusion[c][k][k]
		}
	}
	res.Consensus = make([]int, f.N)
	for i, T := range f.T {
		res.Consensus[i] = -1
		if f.start[i+1] == f.start[i] {
			continue
		}
		best := 0
		for k := range f.K {
			if T[k] > T[best] {
				best = k
			}
		}
		res.Consensus[i] = best
	}
	return res
}

// WriteConsensus writes the consensus label file as CSV with a header:
// item, label, posterior (of that label), then one posterior column per
// class ("p_<label>"). Items without labels get an empty label.
func (m *DawidSkene) WriteConsensus(w io.Writer, d *coding.Data) error {
	cw := csv.NewWriter(w)
	head := []string{"item", "label", "posterior"}
	for _, l := range m.Labels {
		head = append(head, "p_"+l)
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	if len(m.Consensus) != d.NumItems() {
		return fmt.Errorf("model has %d items, data %d", len(m.Consensus), d.NumItems())
	}
	for i, item := range d.Items() {
		rec := []string{item, "", ""}
		if k := m.Consensus[i]; k >= 0 {
			rec[1] = m.Labels[k]
			rec[2] = strconv.FormatFloat(m.Posteriors[i][k], 'g', 6, 64)
		}
		for _, p := range m.Posteriors[i] {
			rec = append(rec, strconv.FormatFloat(p, 'g', 6, 64))
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
