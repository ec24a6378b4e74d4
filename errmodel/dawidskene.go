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
	Consensus     []int
	LogLikelihood float64
	Iterations    int
	Converged     bool
	Smoothing     float64
}

// FitDawidSkene fits the model by EM, starting from the vote shares of
// each item (so class k is anchored to label k). M-step: priors are the
// mean posteriors; Confusion[c][k][l] = (Σ_i T_ik [y_ic = l] + s) /
// (Σ_i T_ik [c labelled i] + K·s) with s = opt.Smoothing. E-step:
// T_ik ∝ prior_k Π_c Confusion[c][k][y_ic], in logarithms. One iteration
// costs O(labels·K). A cancelled ctx stops the fit with ctx's error.
func FitDawidSkene(ctx context.Context, d *coding.Data, opt FitOptions) (*DawidSkene, error) {
	if opt.MaxIter == 0 {
		opt.MaxIter = 1000
	}
	if opt.Tol == 0 {
		opt.Tol = 1e-10
	}
	s := opt.Smoothing
	if s == 0 {
		s = 0.01
	}
	if s < 0 {
		s = 0
	}
	// Classes: the values used, in value-table order.
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
	K, C, N := len(res.Labels), d.NumCoders(), d.NumItems()
	if K == 0 {
		return nil, errors.New("Dawid–Skene: the data has no values")
	}
	// Labels as (item, coder, class) triples, item-major.
	type obs struct{ c, l int32 }
	start := make([]int, N+1)
	var ob []obs
	for i := range N {
		for c := range C {
			if v := d.Value(i, c); v != coding.Missing {
				ob = append(ob, obs{int32(c), int32(pos[v])})
			}
		}
		start[i+1] = len(ob)
	}
	T := make([][]float64, N)
	for i := range N {
		T[i] = make([]float64, K)
		m := start[i+1] - start[i]
		for _, o := range ob[start[i]:start[i+1]] {
			T[i][o.l] += 1 / float64(m)
		}
	}
	res.Priors = make([]float64, K)
	res.Confusion = make([][][]float64, C)
	for c := range C {
		res.Confusion[c] = make([][]float64, K)
		for k := range K {
			res.Confusion[c][k] = make([]float64, K)
		}
	}
	rated := 0
	for i := range N {
		if start[i+1] > start[i] {
			rated++
		}
	}
	logConf := make([][][]float64, C)
	for c := range C {
		logConf[c] = make([][]float64, K)
		for k := range K {
			logConf[c][k] = make([]float64, K)
		}
	}
	logT := make([]float64, K)
	prev := math.Inf(-1)
	for it := 1; it <= opt.MaxIter; it++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// M-step.
		clear(res.Priors)
		for c := range C {
			for k := range K {
				clear(res.Confusion[c][k])
			}
		}
		for i := range N {
			if start[i+1] == start[i] {
				continue
			}
			for k, t := range T[i] {
				res.Priors[k] += t / float64(rated)
			}
			for _, o := range ob[start[i]:start[i+1]] {
				for k, t := range T[i] {
					res.Confusion[o.c][k][o.l] += t
				}
			}
		}
		for c := range C {
			for k := range K {
				row := res.Confusion[c][k]
				tot := 0.0
				for l := range row {
					row[l] += s
					tot += row[l]
				}
				for l := range row {
					if tot > 0 {
						row[l] /= tot
					} else {
						row[l] = 1 / float64(K) // annotator never saw class k
					}
					logConf[c][k][l] = math.Log(row[l])
				}
			}
		}
		// E-step.
		ll := 0.0
		for i := range N {
			for k := range K {
				logT[k] = math.Log(res.Priors[k])
			}
			for _, o := range ob[start[i]:start[i+1]] {
				for k := range K {
					logT[k] += logConf[o.c][k][o.l]
				}
			}
			mx := math.Inf(-1)
			for _, x := range logT {
				mx = math.Max(mx, x)
			}
			sum := 0.0
			for k, x := range logT {
				T[i][k] = math.Exp(x - mx)
				sum += T[i][k]
			}
			for k := range T[i] {
				T[i][k] /= sum
			}
			if start[i+1] > start[i] {
				ll += mx + math.Log(sum)
			}
		}
		res.Iterations = it
		res.LogLikelihood = ll
		if math.Abs(ll-prev) <= opt.Tol*(1+math.Abs(ll)) {
			res.Converged = true
			break
		}
		prev = ll
	}
	res.Posteriors = T
	res.Accuracy = make([]float64, C)
	for c := range C {
		for k := range K {
			res.Accuracy[c] += res.Priors[k] * res.Confusion[c][k][k]
		}
	}
	res.Consensus = make([]int, N)
	for i := range N {
		res.Consensus[i] = -1
		if start[i+1] == start[i] {
			continue
		}
		best := 0
		for k := range K {
			if T[i][k] > T[i][best] {
				best = k
			}
		}
		res.Consensus[i] = best
	}
	return res, nil
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
