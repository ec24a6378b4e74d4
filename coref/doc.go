// Package coref measures agreement between coreference annotations.
//
// A [Corpus] holds, per annotator and document, a partition of mentions
// (markables) into entities (chains). Mentions are matched strictly by id.
// Three families of measures are provided:
//
//   - The scores of the CoNLL reference coreference scorer v8.01 (Pradhan
//     et al. 2014), computed between every pair of annotators with one as
//     key and the other as response ([Corpus.Compare]): MUC (Vilain et al.
//     1995), B³ (Bagga & Baldwin 1998), CEAFm and CEAFe (Luo 2005; the
//     optimal alignment is solved exactly by internal/assign, per connected
//     component of the overlap graph), BLANC (Recasens & Hovy 2011; Luo et
//     al. 2014), LEA (Moosavi & Strube 2016) and the CoNLL score (mean F1 of
//     MUC, B³, CEAFe). Conventions follow the scorer: strict mention
//     matching, micro-averaging over documents, 0 for an empty denominator,
//     BLANC's edge cases, and repeated mentions kept at their first
//     occurrence ([KeepFirst]). Formulas and the official test cases are in
//     shared/reference/coreference.md.
//
//   - Passonneau's (1997) reliability: the 2×2 link table a, b, c, d built
//     from the MUC counts over the same markables ([Corpus.LinkTable]),
//     with κ, π and α on it through package coding. Different markables are
//     an error listing the differences ([MarkableError]), unless the missing
//     ones are added as singletons ([Corpus.WithSingletons]), as the paper
//     does with D′.
//
//   - Chains as set-valued labels (Passonneau 2004, 2006; Artstein & Poesio
//     2008, §4.4): each mention is an item coded with the set of mentions of
//     its chain, optionally without the mention itself, and α is computed
//     with the MASI, Jaccard, Dice, Passonneau and nominal distances
//     ([Corpus.ChainSetAlphas]), computed from the chains' sizes and
//     intersections in time and memory linear in the mentions.
package coref
