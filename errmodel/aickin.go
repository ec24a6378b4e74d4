package errmodel

import (
	"context"
	"errors"
	"fmt"
	"math"

	"agree/coding"
)

// Aickin is the maximum-likelihood fit of Aickin's (1990) model to two
// coders' contingency table (survey §5.2): a share A of the items is easy
// and always agreed on, the rest is hard and coded at random, coder 1
// drawing from P and coder 2 from Q independently; easy items fall in the
// agreement cells in proportion to the hard items' agreement cells
// (constant predictive probability). The cell probabilities are
//
//	π_ij = (1 − A)·P_i·Q_j + [i = j]·A·P_i·Q_i/S,  S = Σ_k P_k·Q_k.
type Aickin struct {
	Labels []string
	A      float64   // Aickin's α (the survey's bold a)
	P      []float64 // hard-item distribution of the first coder
	Q      []float64 // and of the second
	// Kappa is Cohen's κ on the same table, for comparison (the survey
	// notes κ ≤ a when the coders' distributions are identical).
	Kappa         float64
	LogLikelihood float64
	Iterations    int
	Converged     bool
	Items         int
	// Reason says what the data leave undetermined, when the maximum of
	// the likelihood is not one point: A (NaN) when a coder used one
	// category only, P and Q (nil) when the coders agree on every item.
	Reason string
}

// FitOptions control an EM fit.
type FitOptions struct {
	// MaxIter bounds the EM iterations; 0 means 100000 for Aickin and 1000
	// for Dawid–Skene.
	MaxIter int
	// Tol stops EM: for Aickin when no parameter changes by more than Tol
	// (0 means 1e-13), for Dawid–Skene when the log-likelihood changes (up
	// or down: with smoothing it is not EM's objective, see
	// DawidSkene.LogLikelihood) by less than Tol·(1 + |L|) (0 means 1e-10).
	Tol float64
	// Smoothing is a pseudo-count added to every cell of Dawid–Skene's
	// confusion matrices (keeps unseen confusions off zero); 0 means 0.01,
	// negative means none.
	Smoothing float64
}

// FitAickin fits Aickin's model to the two coders' complete items by EM;
// a cancelled ctx stops it with ctx's error.
//
// The constant-predictive-probability term A·P_i·Q_i/S is the law of a pair
// drawn from P × Q until it agrees; treating the rejected pairs as missing
// data gives an EM whose M-step is closed form: with D agreeing items and
// r = (A/S)/(A/S + 1 − A) the posterior probability that an agreeing item
// is easy (the same for every category — the model's defining property),
// E = r·D expected easy items, A ← E/n, P_i ∝ n_i· + E·P_i(1 − Q_i)/S and
// Q_j ∝ n_·j + E·Q_j(1 − P_j)/S. Each iteration increases the likelihood.
// At the optimum A = (A_o − S)/(1 − S) when that is in [0, 1]: Aickin's α is
// κ-shaped with chance agreement computed from the hard items (survey §5.2).
func FitAickin(ctx context.Context, a *coding.Analysis, opt FitOptions) (*Aickin, error) {
	tab, err := a.Contingency()
	if err != nil {
		return nil, err
	}
	if opt.MaxIter == 0 {
		opt.MaxIter = 100000
	}
	if opt.Tol == 0 {
		opt.Tol = 1e-13
	}
	k := len(tab.Labels)
	row, col, n, diag := tab.Margins()
	if n == 0 {
		//lint:ignore ST1005 the message begins with a name
		return nil, errors.New("Aickin's α: no item has values from both coders")
	}
	if k < 2 {
		//lint:ignore ST1005 the message begins with a name
		return nil, errors.New("Aickin's α: needs at least two categories")
	}
	out := &Aickin{Labels: tab.Labels, Items: int(n), Kappa: a.Coefficient(coding.CohenKappa).Value}
	p, q := make([]float64, k), make([]float64, k)
	for i := range k {
		p[i], q[i] = row[i]/n, col[i]/n
	}
	if closedForm(out, tab.Cells, row, col, n, diag) {
		return out, nil
	}
	A := 0.5
	loglik := func() float64 {
		s := dot(p, q)
		l := 0.0
		for i := range k {
			for j := range k {
				x := tab.Cells[i][j]
				if x == 0 {
					continue
				}
				pij := (1 - A) * p[i] * q[j]
				if i == j {
					pij += A * p[i] * q[i] / s
				}
				l += x * math.Log(pij)
			}
		}
		return l
	}
	cp, cq := make([]float64, k), make([]float64, k)
	for it := 1; it <= opt.MaxIter; it++ {
		if it%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		s := dot(p, q)
		easy := 0.0
		if A > 0 {
			r := (A / s) / (A/s + 1 - A)
			easy = r * diag
		}
		var tp, tq float64
		for i := range k {
			cp[i] = row[i] + easy*p[i]*(1-q[i])/s
			cq[i] = col[i] + easy*q[i]*(1-p[i])/s
			tp += cp[i]
			tq += cq[i]
		}
		change := math.Abs(easy/n - A)
		for i := range k {
			change = math.Max(change, math.Max(math.Abs(cp[i]/tp-p[i]), math.Abs(cq[i]/tq-q[i])))
			p[i], q[i] = cp[i]/tp, cq[i]/tq
		}
		A = easy / n
		out.Iterations = it
		if change <= opt.Tol {
			out.Converged = true
			break
		}
	}
	out.A, out.P, out.Q, out.LogLikelihood = A, p, q, loglik()
	return out, nil
}

// closedForm fills in the fit when the maximum of the likelihood is
// known without EM, and reports whether it was:
//
//   - the coders agree on no item (D = 0): the easy items can only lower
//     the likelihood (they fall on the agreement cells, which are empty),
//     so A = 0 and P, Q are the coders' own margins, the independence
//     model's maximum (EM ran its 100 000 iterations towards it without
//     converging);
//   - a coder used one category x only: then P = δ_x, S = Q_x and the
//     cells are π_xj = (1 − A)Q_j + [j = x]A, a mixture in which any A from
//     0 to the share of agreements fits as well with Q adjusted: the
//     likelihood is flat along that ridge and A is not identified;
//   - the coders agree on every item: A = 1, and only the products P_i·Q_i
//     (∝ the agreements on i) are determined, not P and Q.
func closedForm(out *Aickin, cells [][]float64, row, col []float64, n, diag float64) bool {
	k := len(row)
	xlogx := func(x float64) float64 {
		if x == 0 {
			return 0
		}
		return x * math.Log(x/n)
	}
	used := func(m []float64) (int, int) {
		c, at := 0, -1
		for i, x := range m {
			if x > 0 {
				c, at = c+1, i
			}
		}
		return c, at
	}
	out.Converged = true
	switch rows, r := used(row); {
	case diag == 0:
		out.A = 0
		out.P, out.Q = make([]float64, k), make([]float64, k)
		for i := range k {
			out.P[i], out.Q[i] = row[i]/n, col[i]/n
		}
		for i := range k {
			for j := range k {
				if x := cells[i][j]; x > 0 {
					out.LogLikelihood += x * math.Log(out.P[i]*out.Q[j])
				}
			}
		}
		return true
	case rows == 1 || func() bool { c, _ := used(col); return c == 1 }():
		who, line := "first", cells[r]
		if rows != 1 {
			_, c := used(col)
			who, line = "second", make([]float64, k)
			for i := range k {
				line[i] = cells[i][c]
			}
		}
		out.A = math.NaN()
		for _, x := range line {
			out.LogLikelihood += xlogx(x)
		}
		out.Reason = fmt.Sprintf("not identified: the %s coder used one category only, so every α from 0 to the share of agreements (%.4g) fits the table equally well", who, diag/n)
		return true
	case diag == n:
		out.A = 1
		for i := range k {
			out.LogLikelihood += xlogx(cells[i][i])
		}
		out.Reason = "the coders agree on every item: α = 1, and only the products P_i·Q_i (proportional to the agreements on i) are identified, not P and Q"
		return true
	}
	out.Converged = false
	return false
}

func dot(x, y []float64) float64 {
	s := 0.0
	for i := range x {
		s += x[i] * y[i]
	}
	return s
}
