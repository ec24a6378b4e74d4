// Package errmodel estimates explicit models of annotator error, which the
// survey (Artstein & Poesio 2008, §5.2 and §6.3) proposes as a way to read
// agreement as error rates rather than as an "amount of agreement":
//
//   - Aickin: Aickin's (1990) α for two coders — the share of items that
//     are "easy" (always agreed on) when the others are coded at random —
//     by maximum likelihood under his constant-predictive-probability
//     assumption (survey §5.2, assumptions 1–4; 2k − 1 parameters).
//   - DawidSkene: latent class analysis (Dawid & Skene 1979; survey §6.3,
//     "latent class modeling ... the EM algorithm") for any number of
//     annotators with missing values: per-annotator confusion matrices,
//     class priors, item posteriors and consensus labels.
//   - NonArbitrary: the survey's reading of π (§5.2, "randomly spread
//     error"): the proportion of non-arbitrary judgments lies between π
//     (arbitrary judgments concentrated on hard items) and √π (spread
//     evenly over all items).
package errmodel
