// Package plan answers how many items to annotate twice (or more) before
// an agreement coefficient is known well enough, and when to stop.
//
// Three kinds of answer:
//
//   - A priori, before any data. For Cohen's κ on a binary label, the
//     closed form of Cantor (1996), "Sample-size calculation for Cohen's
//     kappa", Psychological Methods 1:150–153, as implemented by the R
//     package irr's N.cohen.kappa (Gamer, Lemon, Fellows & Singh, irr
//     manual, version 0.84.1): CohenKappa. For Krippendorff's α with two
//     coders, the minimum number of values of Krippendorff (2004, 2013),
//     Content Analysis: An Introduction to Its Methodology, 2nd/3rd ed.,
//     §11.4 and its table of minimum numbers of values N for α_min, the
//     significance level and the probability p_c of the least frequent
//     value, which is Bloch & Kraemer's (1989, eq. 3.7) formula:
//     KrippendorffMinimum. For any coefficient with a delta-method variance
//     (α under any distance, Fleiss's κ, Scott's π, S, percent agreement)
//     with any number of coders and any prevalences, no closed form exists;
//     ModelSD simulates a large sample of a stated model (seeded) and takes
//     the per-item standard deviation of the estimator from the delta method
//     of package inference. HalfWidthItems and PowerItems turn a per-item
//     standard deviation into the number of items for an interval of
//     half-width w, or for power 1−β against H0: coefficient ≤ min.
//   - From a pilot: Projection takes the pilot's own estimate, standard
//     error and number of items (any measure: α, κ, span F1, γ, CoNLL F1 —
//     whatever gives an estimate and a standard error over independent
//     units) and projects the interval's half-width for N more items,
//     SE·√(n/(n+N)), the usual 1/√n scaling of a smooth estimator.
//   - Sequential: Boundaries gives the critical values of repeated
//     confidence intervals (Jennison & Turnbull 1989, "Interim analyses:
//     the repeated confidence interval approach", JRSS B 51:305–361) at
//     looks after fractions t_1 < … < t_K = 1 of a maximum number of items,
//     with the error spent by the Lan–DeMets O'Brien–Fleming-type spending
//     function α(t) = 4 − 4Φ(z_{1−α/4}/√t) (each side spends α/2 by 2 − 2Φ(z_{1−α/4}/√t), as ldbounds and gsDesign's sfLDOF do) (Lan & DeMets 1983, Biometrika
//     70:659–663), computed by the recursive numerical integration of
//     Armitage, McPherson & Rowe (1969). The intervals cover the true
//     value at every look at once with probability 1 − α, so a project may
//     look after each batch and stop as soon as the interval is narrow
//     enough or clears α_min. Decide applies the rule to the looks so far.
package plan
