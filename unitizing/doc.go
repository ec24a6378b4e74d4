// Package unitizing holds the data of unitizing studies — annotators who mark
// units (a span [start, end) with an optional category) on a continuum (a
// text, a recording, a video), and corpora of several continua annotated
// with the same scheme — and the unitizing measures that γ is compared with.
//
// The types follow Mathet, Widlöcher & Métivier (2015), "The Unified and
// Holistic Method Gamma (γ) for Inter-Annotator Agreement Measure and
// Alignment", §2: an annotator may have zero units, units of one annotator may
// overlap or nest, and duplicate units are legal data that is never merged.
// Positions are float64 so that long recordings in milliseconds keep their
// precision.
//
// Measures (the formulas and test vectors are restated in
// shared/reference/segmentation-unitizing.md §7–§8):
//
//   - Alpha1995: Krippendorff's αU (Krippendorff 1995; Content Analysis 2004,
//     §12.4), per category and overall, as DKPro Statistics computes it
//     (named for its year, to keep it apart from the later family);
//   - UAlpha: the u-alpha family uα, |uα (binary), c|uα and (k)uα of
//     Krippendorff, Mathet, Bouvry & Widlöcher (2016); CUAlphaOverlapping
//     computes c|uα and (k)uα when an annotator's units overlap (Mathet et
//     al. 2015, §6.3.5), where uα and |uα are undefined;
//   - KappaD: κ_d, α_d and π_d — the continuum cut into atoms of a given
//     length, each atom coded with its unit's category or a "blank"
//     category, and the coding engine (package coding) applied to them
//     (Mathet et al. 2015, §3.2);
//   - SER, SERAnnotators: the slot error rate of one annotator against
//     another through an exact optimal alignment (internal/assign).
//
// Every measure works on an Extent, the stretch of continuum that counts
// (DefaultExtent: from min(0, first start) to the last end; gaps count as
// unmarked continuum). The alphas cannot handle overlapping units of one
// annotator and return an *OverlapError rather than a value; undefined
// results are NaN with a reason.
//
// γ itself is in package gamma.
//
// uα, |uα and αU depend on the unit of measurement: a gap of length ℓ
// counts as ℓ pieces in their expected coincidences, so the same units in
// milliseconds rather than seconds give slightly different values (the
// §8.5 reference example with offsets ×10: uα 0.4739 → 0.4700); c|uα and
// (k)uα do not. Expected disagreements that are 0 up to rounding (relative
// to the sums they come from) leave a measure undefined.
package unitizing
