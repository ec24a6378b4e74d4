package codingview

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"agree/coding"
	"agree/errmodel"
	"agree/inference"
	"agree/internal/view"
	"agree/report"
)

// infer adds standard errors, intervals, interpretation, diagnostics and
// error models (issue 6) to a coding result.
// InferOptions are what Infer adds to a result.
type InferOptions struct {
	Level      float64 // confidence level (0.95)
	Population int     // items in the population, for Gwet's finite-population correction (0: infinite)
	NoAnalytic bool    // no analytic standard errors
	LeaveOut   bool    // α without each coder in turn (three or more coders)
	Top        int     // items ranked by disagreement (0: none)
	MaxRows    int     // rows of the pairwise and leave-one-out tables (0: all)
	// Bootstrap resamples (0: none), with Seed and Workers; AlphaBoot is
	// "item" or "krippendorff" (Hayes & Krippendorff's bootstrap of α);
	// KeepSamples keeps the distributions for the HTML page.
	Bootstrap   int
	Seed        uint64
	Workers     int
	AlphaBoot   string
	KeepSamples bool
	DawidSkene  bool // fit the Dawid–Skene model
	// Phase, if not nil, is told when a long phase starts (its name and
	// number of steps); Progress, if not nil, how far it is.
	Phase    func(name string, total int64)
	Progress func(done, total int)
}

// Infer adds standard errors, intervals, interpretation, diagnostics and
// error models (issue 6) to a coding result; it returns the Dawid–Skene
// model when one was fitted.
func (res *Result) Infer(f InferOptions) (*errmodel.DawidSkene, error) {
	an := res.analysis
	// Anonymous coders have no coder tables (AnonymousCoders says so).
	anonymous := an.Stats().AnonymousCoders() != ""
	// The pairwise matrix, the standard errors, the leave-one-coder-out α
	// and the item ranking each read the whole data once and do not depend
	// on each other: they run as two concurrent chains (two, to bound the
	// memory of the coder subsets alive at once).
	var ses []inference.Analytic
	var notes []string // of the ranking, appended to res.Notes after both chains
	err := parallel(
		func() error {
			if res.Coders <= 2 || anonymous {
				return nil
			}
			// Only the --max-rows rows shown are kept (and, for the
			// pairs, analysed): crowd data have millions of coders and
			// pairs.
			pairs, omitted, err := an.PairwiseTop(f.MaxRows)
			if err != nil {
				return err
			}
			res.pairs = pairs
			for _, p := range pairs {
				res.Pairwise = append(res.Pairwise, Pair{[2]string{p.A, p.B}, p.Items, report.Number(p.Kappa.Value), report.Number(p.Alpha.Value)})
			}
			res.PairwiseOmitted = omitted
			if !f.LeaveOut {
				return nil
			}
			loco, omitted, err := inference.LeaveOneCoderOutTop(an, f.MaxRows)
			res.LeaveOneCoderOut = view.CoderInfluences(loco)
			res.LeaveOneCoderOutOmitted = omitted
			return err
		},
		func() error {
			if !f.NoAnalytic {
				ses = inference.StandardErrors(an, res.order, inference.GwetOptions{Population: f.Population, Level: f.Level})
			}
			if f.Top > 0 {
				items, err := inference.Rank(an, f.Top)
				if err != nil {
					notes = append(notes, "no ranking of the items by disagreement: "+err.Error())
				}
				res.ItemsByDisagreement = view.RankedItems(items, an.Coefficient(coding.KrippendorffAlpha).Reason)
			}
			return nil
		},
	)
	if err != nil {
		return nil, err
	}
	res.Notes = append(res.Notes, notes...)
	for i, k := range res.order {
		cj := res.Coefficients[k.Key()]
		r := res.results[k.Key()]
		if !r.Defined() {
			continue
		}
		if k != coding.PercentAgreement { // the scales are for chance-corrected coefficients
			in := inference.Interpret(r)
			cj.Interpretation = &view.Interpretation{LandisKoch: in.LandisKoch, Krippendorff: in.Krippendorff, Warning: in.Warning}
		}
		if ses != nil {
			se := ses[i]
			if se.Defined() {
				cj.SE, cj.SEMethod = view.NumberPtr(se.SE), se.CI.Method
				if !math.IsNaN(se.SE0) {
					cj.SE0 = view.NumberPtr(se.SE0)
				}
				if !math.IsNaN(se.Z) && !math.IsInf(se.Z, 0) { // no test statistic when the SE is 0
					cj.Z, cj.P = view.NumberPtr(se.Z), view.NumberPtr(se.P)
				}
				cj.CI = view.NewInterval(se.CI)
				if est := se.Estimate; math.Abs(est-r.Value) > 1e-12 {
					cj.SEEstimate = view.NumberPtr(est)
				}
			} else {
				cj.SEReason = se.Reason
			}
		}
		if k == coding.ScottPi || k == coding.FleissKappa {
			if na, ok := errmodel.NonArbitraryShare(r.Value); ok {
				cj.NonArbitrary = &view.NonArbitrary{Low: report.Number(na.Low), High: report.Number(na.High)}
			}
		}
		res.Coefficients[k.Key()] = cj
	}
	if f.Bootstrap > 0 {
		if err := res.bootstrap(f); err != nil {
			return nil, err
		}
	}
	if res.Coders == 2 && !anonymous {
		if pb, err := inference.PrevalenceAndBias(an); err == nil {
			res.PrevalenceBias = view.NewPrevalenceBias(pb)
		}
		if res.Categories <= 50 {
			if ak, err := errmodel.FitAickin(context.Background(), an, errmodel.FitOptions{}); err == nil {
				res.Aickin = view.NewAickin(ak)
			} else {
				res.Notes = append(res.Notes, "Aickin's α: "+err.Error())
			}
		}
	}
	if f.DawidSkene {
		ds, err := errmodel.FitDawidSkene(context.Background(), an.Data(), errmodel.FitOptions{})
		if err != nil {
			return nil, fmt.Errorf("Dawid–Skene: %w", err)
		}
		res.DawidSkene = view.NewDawidSkene(ds)
		return ds, nil
	}
	return nil, nil
}

func (res *Result) bootstrap(f InferOptions) error {
	an := res.analysis
	opt := inference.Options{Resamples: f.Bootstrap, Seed: f.Seed, Workers: f.Workers, Level: f.Level, Progress: f.Progress, KeepSamples: f.KeepSamples}
	f.phase("bootstrap resamples", int64(f.Bootstrap))
	boots, err := inference.Bootstrap(context.Background(), an, res.order, opt)
	if err != nil {
		return fmt.Errorf("bootstrap: %w", err)
	}
	method := "item bootstrap"
	if f.AlphaBoot == "krippendorff" {
		f.phase("Krippendorff's bootstrap of α", int64(f.Bootstrap))
		kb, err := inference.KrippendorffAlpha(context.Background(), an, opt)
		if err != nil {
			//lint:ignore ST1005 the message begins with a name
			return fmt.Errorf("Krippendorff's bootstrap: %w", err)
		}
		for i, k := range res.order {
			if k == coding.KrippendorffAlpha {
				boots[i] = kb
			}
		}
		method += "; α: Krippendorff's bootstrap of pairable values"
	}
	res.Bootstrap = &view.Bootstrap{Resamples: f.Bootstrap, Seed: f.Seed, Method: method}
	res.bootSamples = map[string][]float64{}
	for i, k := range res.order {
		b := boots[i]
		cj := res.Coefficients[k.Key()]
		if b == nil || !res.results[k.Key()].Defined() {
			continue
		}
		res.bootSamples[k.Key()] = b.Samples
		cj.AnalyticCI = cj.CI
		cj.CI = view.NewInterval(b.CI)
		cj.BootstrapSE = view.NumberPtr(b.SE)
		if cj.SE == nil {
			cj.SE, cj.SEMethod = view.NumberPtr(b.SE), "bootstrap"
		}
		cj.PBelow = view.PBelow(b.PBelow)
		res.Coefficients[k.Key()] = cj
	}
	return nil
}

// inferenceTables renders the inference parts for the text formats.
func (res *Result) inferenceTables() []report.Table {
	var out []report.Table
	if res.Bootstrap != nil {
		t := report.Table{Title: fmt.Sprintf("bootstrap (%s, %d resamples, seed %d)", res.Bootstrap.Method, res.Bootstrap.Resamples, res.Bootstrap.Seed),
			Header: []string{"coefficient", "value", "bootstrap SE", "interval", "P(< 0.667)", "P(< 0.8)"}}
		for _, k := range res.order {
			cj := res.Coefficients[k.Key()]
			if cj.BootstrapSE == nil {
				continue
			}
			t.Rows = append(t.Rows, []string{k.String(), report.Float(float64(cj.Value), 4), report.Float(float64(*cj.BootstrapSE), 4),
				view.IntervalText(cj.CI), report.Float(float64(cj.PBelow[view.ThresholdKey(0.667)]), 3), report.Float(float64(cj.PBelow[view.ThresholdKey(0.8)]), 3)})
		}
		out = append(out, t)
	}
	if len(res.ItemsByDisagreement) > 0 {
		t := report.Table{Title: "items with the most disagreement (adjudicate first)", Header: []string{"item", "values", "disagreement", "share of 1 − α", "majority"}}
		for _, it := range res.ItemsByDisagreement {
			t.Rows = append(t.Rows, []string{it.Item, view.ValueList(it.Values), report.Float(float64(it.Disagreement), 4),
				report.Float(float64(it.AlphaLoss), 4), fmt.Sprintf("%s (%.0f%%)", it.Majority, 100*float64(it.MajorityShare))})
		}
		out = append(out, t)
	}
	if len(res.LeaveOneCoderOut) > 0 {
		t := report.Table{Title: "each coder against the rest: α without the coder", Header: []string{"coder", "values", "α without", "change"}}
		for _, c := range res.LeaveOneCoderOut {
			t.Rows = append(t.Rows, []string{c.Coder, strconv.Itoa(c.Values), report.Float(float64(c.AlphaWithout), 4), report.Float(float64(c.Change), 4)})
		}
		t.Notes = append([]string{"a large positive change singles out a coder who disagrees with the others"},
			view.OmittedNote(len(res.LeaveOneCoderOut), res.LeaveOneCoderOutOmitted, "coders", "those whose removal changes α most")...)
		out = append(out, t)
	}
	if pb := res.PrevalenceBias; pb != nil {
		t := report.Table{Title: "prevalence and bias indices (Byrt, Bishop & Carlin 1993)", Header: []string{"category", "prevalence index", "bias index"}}
		for _, c := range pb.Categories {
			t.Rows = append(t.Rows, []string{c.Label, report.Float(float64(c.Prevalence), 4), report.Float(float64(c.Bias), 4)})
		}
		t.Notes = []string{"PABAK " + report.Float(float64(pb.PABAK), 4)}
		out = append(out, t)
	}
	if ak := res.Aickin; ak != nil {
		t := report.Table{Title: "Aickin's error model (survey §5.2)", Header: []string{"quantity", "value"},
			Rows: [][]string{{"α (share of easy items)", report.Float(float64(ak.A), 4)}, {"Cohen's κ", report.Float(float64(ak.Kappa), 4)},
				{"converged", strconv.FormatBool(ak.Converged)}}}
		if ak.Reason != "" {
			t.Notes = []string{ak.Reason}
		}
		out = append(out, t)
	}
	if ds := res.DawidSkene; ds != nil {
		t := report.Table{Title: "Dawid–Skene latent class model", Header: []string{"coder", "estimated accuracy"}}
		for c, name := range ds.Coders {
			t.Rows = append(t.Rows, []string{name, report.Float(float64(ds.Accuracy[c]), 4)})
		}
		var pr []string
		for k, l := range ds.Labels {
			pr = append(pr, fmt.Sprintf("%s %.3f", l, float64(ds.Priors[k])))
		}
		t.Notes = []string{"class priors: " + strings.Join(pr, ", "), fmt.Sprintf("log-likelihood %.4f of the labels under the smoothed fit (not the objective EM maximises) after %d iterations (converged: %v, the log-likelihood changing by less than 1e-10·(1 + |L|))", float64(ds.LogLikelihood), ds.Iterations, ds.Converged)}
		out = append(out, t)
	}
	return out
}

// parallel runs the functions concurrently and returns the first error in
// argument order (so the outcome does not depend on scheduling).
func parallel(fns ...func() error) error {
	errs := make([]error, len(fns))
	var wg sync.WaitGroup
	for i, fn := range fns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = fn()
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// phase tells f.Phase, if any, that a phase starts.
func (f InferOptions) phase(name string, total int64) {
	if f.Phase != nil {
		f.Phase(name, total)
	}
}
