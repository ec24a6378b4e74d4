package main

import (
	"math"
	"slices"

	"agree/formats/table"
	"agree/internal/plural"
	"agree/report"
)

// anonymousCoders makes the result of data read with --layout counts say
// what it cannot know: the coefficients that need to know which coder gave
// which value (table.IdentityNeeded) are undefined with the reason, and the
// coder tables (pairs of coders, each coder left out, annotator bias, the
// contingency table, Aickin's and Dawid–Skene's models) are left out. The
// other coefficients (percent agreement, S, Scott's π, Fleiss's κ,
// Krippendorff's α, Gwet's AC, Brennan–Prediger) depend only on each item's
// counts and keep their values.
func (r *codingResult) anonymousCoders() {
	for _, k := range table.IdentityNeeded {
		if c, ok := r.Coefficients[k]; ok {
			r.Coefficients[k] = coefficientJSON{Value: report.Number(math.NaN()), UndefinedReason: table.AnonymousReason, Distance: c.Distance,
				ObservedDisagreement: report.Number(math.NaN()), ExpectedDisagreement: report.Number(math.NaN()),
				ObservedAgreement: report.Number(math.NaN()), ExpectedAgreement: report.Number(math.NaN())}
		}
		if res, ok := r.results[k]; ok {
			res.Value, res.Reason = math.NaN(), table.AnonymousReason
			res.ObservedDisagreement, res.ExpectedDisagreement = math.NaN(), math.NaN()
			res.ObservedAgreement, res.ExpectedAgreement = math.NaN(), math.NaN()
			r.results[k] = res
		}
	}
	r.Bias = biasJSON{report.Number(math.NaN()), report.Number(math.NaN())}
	r.Pairwise, r.Contingency, r.LeaveOneCoderOut, r.Matrix = nil, nil, nil, nil
	r.PrevalenceBias, r.Aickin, r.DawidSkene = nil, nil, nil
	r.Notes = append(r.Notes, "--layout counts: the coders are anonymous (each item's counts only), so "+
		"Cohen's κ, multi-κ, κ_w, α_κ and the coder tables are undefined; the other coefficients depend on the counts alone")
}

// layoutNeedsIdentity is a usage error for the options that need coder
// identity with a layout whose coders are anonymous.
func layoutNeedsIdentity(l table.Layout, dawidSkene, consensus bool) error {
	if !table.CodersAnonymous(l) {
		return nil
	}
	var bad []string
	if dawidSkene {
		bad = append(bad, "--dawid-skene")
	}
	if consensus {
		bad = append(bad, "--consensus")
	}
	if len(bad) == 0 {
		return nil
	}
	slices.Sort(bad)
	return usagef("coding: %s %s to know which coder gave which value; --layout counts does not say", bad[0], plural.Verb(len(bad), "needs", "need"))
}
