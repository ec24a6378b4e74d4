package inference

import (
	"errors"
	"math"
	"slices"

	"agree/coding"
)

// ItemDisagreement describes one pairable item for adjudication.
type ItemDisagreement struct {
	Index int
	Item  string
	// Values are the item's values in coder order (missing ones left out).
	Values []string
	// Disagreement is the mean distance between the item's values over all
	// pairs from different coders (analysis distance).
	Disagreement float64
	// AlphaLoss is the item's share of 1 − α: m_i·disagr_i/(N·D_e) by
	// judgment (disagr_i/(i'·D_e) by item), so the losses of all items sum
	// to 1 − α. NaN when α is undefined.
	AlphaLoss float64
	// Majority is the most frequent value (first in coder order on ties)
	// and MajorityShare its share of the item's values.
	Majority      string
	MajorityShare float64
}

// tieTolerance is the relative difference below which two items' shares
// of 1 − α are ties (see Rank).
const tieTolerance = 1e-10

// Rank returns the first n pairable items with some disagreement (n ≤ 0:
// all), the items that lower α most first: what to adjudicate first.
// Items in full agreement are left out. Ties are in natural order of the
// item ids. From statistics (coding.AnalyzeStats) it needs their ids
// (coding.StatsOptions.KeepItems ≥ n); the error says why the items cannot
// be ranked.
//
// Items with the same pattern of values have the same disagreement, so
// the ranking works on the distinct patterns: each pattern's
// contribution m·disagr (by judgment; disagr by item) is computed once,
// and only the first n ids of each pattern (natural order) can be among
// the first n items. The cost is O(patterns) plus sorting the candidates,
// whatever the number of items.
func Rank(a *coding.Analysis, n int) ([]ItemDisagreement, error) {
	ids, err := a.ItemIDs(n)
	if err != nil {
		return nil, err
	}
	s := a.Stats()
	byItem := a.Options().Missing == coding.ByItem
	type cand struct {
		key, dis float64
		id       string
		p        int
	}
	var cands []cand
	for p := range s.NumPatterns() {
		t := a.PatternDisagreement(p, true)
		if t == 0 || len(ids[p]) == 0 {
			continue
		}
		cv, _ := s.Pattern(p)
		m := len(cv) / 2
		dis := 2 * t / float64(m*(m-1))
		key := float64(m) * dis
		if byItem {
			key = dis
		}
		for _, id := range ids[p] {
			cands = append(cands, cand{key, dis, id, p})
		}
	}
	slices.SortFunc(cands, func(x, y cand) int {
		switch {
		case x.key > y.key:
			return -1
		case x.key < y.key:
			return 1
		}
		return coding.CompareNatural(x.id, y.id)
	})
	// Equal disagreements computed along different paths (the closed forms
	// of the interval and ordinal distances, sums of thirds) may differ in
	// their last bits: keys within a relative tieTolerance of the first of
	// a run are ties, in natural order of the ids. (The tolerance is below
	// the one with which coding.Accumulator drops ids, so that every tied
	// item is still there.)
	for i := 0; i < len(cands); {
		j := i + 1
		for j < len(cands) && cands[i].key-cands[j].key <= tieTolerance*math.Abs(cands[i].key) {
			j++
		}
		if j-i > 1 {
			slices.SortStableFunc(cands[i:j], func(x, y cand) int { return coding.CompareNatural(x.id, y.id) })
		}
		i = j
	}
	if n > 0 && len(cands) > n {
		cands = cands[:n]
	}
	al := a.Coefficient(coding.KrippendorffAlpha)
	labels := s.Labels()
	out := make([]ItemDisagreement, len(cands))
	for r, e := range cands {
		cv, _ := s.Pattern(e.p)
		it := ItemDisagreement{Index: -1, Item: e.id, Disagreement: e.dis, AlphaLoss: math.NaN()}
		if al.Defined() {
			it.AlphaLoss = e.key / float64(al.Items) / al.ExpectedDisagreement
			if !byItem {
				it.AlphaLoss = e.key / float64(al.Values) / al.ExpectedDisagreement
			}
		}
		best, bestN := 0, 0
		for j := 1; j < len(cv); j += 2 {
			it.Values = append(it.Values, labels[cv[j]])
			c := 0
			for l := 1; l < len(cv); l += 2 {
				if cv[l] == cv[j] {
					c++
				}
			}
			if c > bestN {
				best, bestN = j, c
			}
		}
		it.Majority = labels[cv[best]]
		it.MajorityShare = float64(bestN) / float64(len(cv)/2)
		out[r] = it
	}
	if d := a.Data(); d != nil && len(out) > 0 { // positions in the data
		where := make(map[string]int, len(out))
		for i, it := range out {
			where[it.Item] = i
		}
		for i, id := range d.Items() {
			if r, ok := where[id]; ok {
				out[r].Index = i
			}
		}
	}
	return out, nil
}

// CoderInfluence is α without one coder.
type CoderInfluence struct {
	Coder  string
	Values int // values the coder gave
	// AlphaWithout is Krippendorff's α (analysis distance and weighting)
	// on the data without this coder; Change is AlphaWithout − α: a large
	// positive change singles out a coder who disagrees with the rest.
	AlphaWithout float64
	Change       float64
	Reason       string
}

// LeaveOneCoderOut returns α without each coder in turn, from the
// per-coder statistics of the analysis (coding.Analysis.LeaveOneCoderOut:
// work proportional to the judgments, not to the coders squared).
func LeaveOneCoderOut(a *coding.Analysis) ([]CoderInfluence, error) {
	out, _, err := LeaveOneCoderOutTop(a, 0)
	return out, err
}

// LeaveOneCoderOutTop is LeaveOneCoderOut limited to the n coders whose
// removal changes α most, and the number of the others
// (coding.Analysis.LeaveOneCoderOutTop); n ≤ 0: all, in coder order.
func LeaveOneCoderOutTop(a *coding.Analysis, n int) ([]CoderInfluence, int, error) {
	all := a.Coefficient(coding.KrippendorffAlpha).Value
	loo, omitted, err := a.LeaveOneCoderOutTop(n)
	if err != nil {
		return nil, 0, err
	}
	out := make([]CoderInfluence, len(loo))
	for c, l := range loo {
		out[c] = CoderInfluence{Coder: l.Coder, Values: l.Values, AlphaWithout: l.Alpha.Value,
			Change: l.Alpha.Value - all, Reason: l.Alpha.Reason}
	}
	return out, omitted, nil
}

// CategoryIndex holds the prevalence and bias indices of one category,
// from the 2×2 table of "k" against "not k" for two coders (Byrt, Bishop &
// Carlin 1993): with a items both put in k, d items neither did, b items
// only the first coder and c items only the second did, out of n:
// prevalence index (a − d)/n and bias index (b − c)/n.
type CategoryIndex struct {
	Label      string
	Prevalence float64
	Bias       float64
}

// PrevalenceBias holds Byrt, Bishop & Carlin's indices for two coders.
type PrevalenceBias struct {
	Items      int
	Categories []CategoryIndex
	// PABAK is the prevalence- and bias-adjusted κ, (q·p_o − 1)/(q − 1)
	// (2p_o − 1 for two categories; it equals Bennett's S).
	PABAK float64
	// AnnotatorBias is the survey's B = A_e^π − A_e^κ (Appendix A), from
	// coding.Analysis.Bias.
	AnnotatorBias float64
}

// PrevalenceAndBias computes the indices on the two coders' complete items.
func PrevalenceAndBias(a *coding.Analysis) (PrevalenceBias, error) {
	tab, err := a.Contingency()
	if err != nil {
		return PrevalenceBias{}, err
	}
	var out PrevalenceBias
	q := len(tab.Labels)
	row, col, n, agree := tab.Margins()
	if n == 0 {
		return out, errors.New("no item has values from both coders")
	}
	out.Items = int(n)
	for k, l := range tab.Labels {
		both := tab.Cells[k][k]
		neither := n - row[k] - col[k] + both
		onlyA, onlyB := row[k]-both, col[k]-both
		out.Categories = append(out.Categories, CategoryIndex{Label: l,
			Prevalence: (both - neither) / n, Bias: (onlyA - onlyB) / n})
	}
	out.PABAK = math.NaN()
	if q >= 2 {
		out.PABAK = ((float64(q)*agree/n - 1) / float64(q-1))
	}
	out.AnnotatorBias = (a.Bias(false))
	return out, nil
}
