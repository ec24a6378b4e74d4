// Package unitizing holds the data of unitizing studies: annotators who mark
// units (a span [start, end) with an optional category) on a continuum (a text,
// a recording, a video), and corpora of several continua annotated with the
// same scheme.
//
// The types follow Mathet, Widlöcher & Métivier (2015), "The Unified and
// Holistic Method Gamma (γ) for Inter-Annotator Agreement Measure and
// Alignment", §2: an annotator may have zero units, units of one annotator may
// overlap or nest, and duplicate units are legal data that is never merged.
// Positions are float64 so that long recordings in milliseconds keep their
// precision.
//
// Measures on these types live in their own packages (gamma) or in this one
// (Krippendorff's unitizing alphas, κ_d, SER).
package unitizing
