// Package shuffle is a corpus shuffling tool (CST) after Mathet, Widlöcher
// & Métivier (2015), "The Unified and Holistic Method Gamma (γ) for
// Inter-Annotator Agreement Measure and Alignment", Computational
// Linguistics 41(3), §6.3 (and Mathet et al. 2012, which introduced the CST).
//
// A [Model] describes a reference continuum statistically: categories with
// their prevalence and length range, the number of units, the gaps between
// them, whether units may overlap, discrete or real positions
// ([DefaultModel], [CategorizationModel] with fixed positions for §6.3.3,
// [SegmentationModel] with contiguous segments for §6.3.2, or a JSON file
// read by [ReadModel]). A [Shuffler]
// turns a drawn [Reference] into a multi-annotator continuum (which does not
// contain the reference) in which every simulated annotator makes errors of
// the chosen types at magnitude m ∈ [0, 1]: 0 copies the reference, 1 is as
// bad as the error type allows (§6.3.1):
//
//   - position: each boundary moves by a uniform amount in [−s, s],
//     s = m · ShiftScale · unit length (ShiftScale 2 by default);
//   - category: the category c becomes k with probability
//     (1−m)·δ_ck + m·((1−m)·S_ck + m·p_k), S a confusion structure (rows of
//     weights: whom c is confused with first), p the prevalences; at m = 1
//     categories are random by prevalence;
//   - false negatives: each unit is missed with probability m;
//   - false positives: about m · FalsePositiveScale · |reference| units drawn
//     from the model are added at random places;
//   - splits: about m · SplitScale · |reference| cuts (default 5 per unit at
//     m = 1, as in §6.3.4), a piece may be cut again;
//
// and any combination (applied in the order false negatives, position,
// category, splits, false positives). With Disjoint, each annotator's units
// stay disjoint even at m = 1 (the "modified shifting procedure" of §6.3.4),
// as the unitizing alphas and κ_d require; units that tile a stretch (a pure
// segmentation, [SegmentationModel]) then keep tiling it: their inner
// boundaries move instead.
//
// A [Sweep] computes response curves: for each error type and magnitude
// 0, 0.05, …, 1 it draws N continua and averages each measure ([Point]),
// written as CSV ([WriteCSV]) and one SVG line chart per error type
// ([WriteSVG]). Everything is seeded (math/rand/v2 PCG streams derived from
// one seed per set), so results do not depend on the number of workers.
// Sets are generated lazily and summarised as they are computed, so memory
// does not grow with the number of sets; [Sweep.Validate] refuses, before
// any work, sizes past the documented limits ([MaxUnits], [MaxAnnotators],
// [MaxScale], [MaxSetUnits], [MinStep], …), and [Sweep.Run] takes a
// context.Context. Splits and false positives cost O(n log n) in the units
// of a set.
//
// # Findings of §6.3 reproduced
//
// The tests TestFindingsGamma and TestFindings check them on small corpora
// (20- or 25-unit references, 3 annotators, Disjoint, 3–6 sets per
// magnitude, fixed seeds; γ with 3·d_pos + d_cat and, with 3 continua per
// set, the corpus sampler). Figures from those runs (tolerances in
// brackets):
//
//   - γ decreases from 1 to about 0 for position errors: 1, 0.68, 0.23,
//     0.12 at m = 0, 0.25, 0.5, 1 [decreasing within 0.02; γ(1) < 0.25;
//     the paper reports 0.1 at m = 1, Fig. 26a];
//   - γ decreases for false negatives: 1, 0.57, 0.32, 0.04 at m = 0, 0.3,
//     0.6, 0.9 [γ(0.9) < 0.15; the paper: 0.025]; at m = 1 no unit is left
//     and every measure is undefined (NaN with a reason, never a value);
//   - γ decreases for category errors on the pure-categorization model
//     (fixed positions, §6.3.3, Fig. 25): 1, 0.25, 0.08 at m = 0, 0.5, 1
//     [|γ(1)| < 0.15];
//   - uα, c|uα and κ_d are not responsive to splits at all and stay at
//     exactly 1 [1e-9], while γ drops (below 0.8 at m = 0.5) and 1 − SER
//     drops below 0.5 (Fig. 27);
//   - κ_d does not reach 0 under category errors when there are gaps
//     (κ_d(1) > 0.2; about 0.4), because annotators agree on the blank
//     atoms, but does without gaps (|κ_d(1)| < 0.1) (§6.3.3); c|uα reaches
//     0 (|c|uα(1)| < 0.1); 1 − SER stays above 0.5 (no chance correction;
//     the paper: bounded below by 0.6);
//   - c|uα is not blocked at 1 by position errors (< 0.9 at m = 0.5) and
//     does not react to false negatives (exactly 1 at m = 0.6) (§6.3.4);
//   - pure segmentation (§6.3.2, Fig. 24; TestFindingsSegmentation): for
//     boundary shifts 1 − WindowDiff and 1 − Pk level off near 0.5 (> 0.35
//     at m = 1; the paper: about 0.4) while γ falls below 0.25 (about 0.1);
//     for false negatives γ(0.75) < 0.15 while 1 − WD stays above 0.35.
//     (At m = 1 no boundary is left anywhere, so WD and Pk report perfect
//     agreement on "no boundary".)
//
// Not reproduced: the paper's γ curve for splits is almost linear from 1
// to 0.2; here γ drops to about 0.45 by m = 0.2 and then rises slowly to
// about 0.55 at m = 1 (the pieces become very short), and γ under false
// positives only falls to about 0.7 at m = 1 with the default
// FalsePositiveScale of 1 and Disjoint (added units must find free space).
package shuffle
