package codingview

import (
	"math"

	"agree/formats/table"
	"agree/report"
)

// AnonymousCoders makes the result of data read with --layout counts say
// what it cannot know: the coefficients that need to know which coder gave
// which value (table.IdentityNeeded) are undefined with the reason, and the
// coder tables (pairs of coders, each coder left out, annotator bias, the
// contingency table, Aickin's and Dawid–Skene's models) are left out. The
// other coefficients (percent agreement, S, Scott's π, Fleiss's κ,
// Krippendorff's α, Gwet's AC, Brennan–Prediger) depend only on each item's
// counts and keep their values.
func (r *Result) AnonymousCoders() {
	for _, k := range table.IdentityNeeded {
		if c, ok := r.Coefficients[k]; ok {
			r.Coefficients[k] = Coefficient{Value: report.Number(math.NaN()), UndefinedReason: table.AnonymousReason, Distance: c.Distance,
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
	r.Bias = Bias{report.Number(math.NaN()), report.Number(math.NaN())}
	r.Pairwise, r.Contingency, r.LeaveOneCoderOut, r.Matrix = nil, nil, nil, nil
	r.PrevalenceBias, r.Aickin, r.DawidSkene = nil, nil, nil
	r.Notes = append(r.Notes, "--layout counts: the coders are anonymous (each item's counts only), so "+
		"Cohen's κ, multi-κ, κ_w, α_κ and the coder tables are undefined; the other coefficients depend on the counts alone")
}
