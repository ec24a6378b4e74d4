// Package alttest asks whether a model can replace a human annotator, and
// how two pools of annotators (people and models) agree.
//
// The alternative annotator test (Calderon, Reichart & Dror 2025, "The
// Alternative Annotator Test for LLM-as-a-Judge: How to Statistically
// Justify Replacing Human Annotators with LLMs", ACL 2025, §3): for each
// human annotator j, leave j out; on every item i that j and at least one
// other human annotated, score how well the model f and how well j align
// with the remaining humans H_{−j}, S(f, i, j) and S(h_j, i, j) (an
// alignment score: higher is better). The indicators W^f_i = [S_f ≥ S_h]
// and W^h_i = [S_h ≥ S_f] give j's advantage probabilities ρ^f_j and
// ρ^h_j (their means); the one-sided paired t-test of H0: ρ^h_j − ρ^f_j ≥ ε
// (on the differences W^h_i − W^f_i, Student's t with n − 1 degrees of
// freedom) gives a p-value per annotator, ε the cost-benefit margin (0.2
// for experts, 0.15 for skilled annotators, 0.1 for crowd workers, as the
// authors suggest). The Benjamini–Yekutieli procedure (Benjamini &
// Yekutieli 2001, Annals of Statistics 29:1165–1188) at level q controls
// the false discovery rate over the annotators; the winning rate ω is the
// share of annotators whose null hypothesis is rejected, and the model
// passes when ω ≥ 0.5. The average advantage probability ρ = mean_j ρ^f_j
// compares models.
//
// The alignment score is the caller's: for labels the share of the
// remaining humans who gave the same label (the authors' "accuracy"), for
// numbers minus the root mean squared difference ("neg_rmse"), and for
// structured annotation any item-level matcher of agree (span F1 against
// each remaining annotator, averaged; relations, chains, continua alike):
// Test takes the score as a function of the item, the annotator and the
// others, so every unit agree compares can be tested.
//
// CrossReplication is the cross-replication reliability of Wong, Paritosh
// & Aroyo (2021, "Cross-replication Reliability — An Empirical Approach
// to Interpreting Inter-rater Reliability", ACL 2021): κ_x = 1 − d_o/d_e
// between two pools X and Y rating the same items, d_o the mean distance
// between an X rating and a Y rating of the same item (each item's pairs
// averaged, then the items), d_e the mean distance between an X rating
// and a Y rating of any items; and its normalised form κ_x/√(IRR_X·IRR_Y),
// IRR the pools' own α.
package alttest
