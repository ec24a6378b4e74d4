package codingview

// AnonymousCoders says, in a note, what data read with --layout counts
// cannot tell: the library leaves the coefficients that need to know which
// coder gave which value (coding.Coefficient.NeedsCoderIdentity) undefined
// with the reason, and Infer leaves the coder tables out (pairs of coders,
// each coder left out, annotator bias, the contingency table, Aickin's and
// Dawid–Skene's models). The other coefficients (percent agreement, S,
// Scott's π, Fleiss's κ, Krippendorff's α, Gwet's AC, Brennan–Prediger)
// depend only on each item's counts and keep their values.
func (r *Result) AnonymousCoders() {
	r.Notes = append(r.Notes, "--layout counts: the coders are anonymous (each item's counts only), so "+
		"Cohen's κ, multi-κ, κ_w, α_κ and the coder tables are undefined; the other coefficients depend on the counts alone")
}
