package ratings

import "math"

// GroupICCs computes the intraclass correlations of each group of m's
// items alone (groups holds indices of m's items, as Subset takes them),
// at the confidence level given: the analysis per group of agree ratings
// --by COLUMN.
func GroupICCs(m *Matrix, groups [][]int, level float64) []ICC {
	out := make([]ICC, len(groups))
	for g, items := range groups {
		out[g] = IntraclassCorrelations(m.Subset(items), level)
	}
	return out
}

// MacroICC returns the macro average of each form over the groups' results
// (GroupICCs): the mean of the groups' defined values, in ICCForms order,
// with the number of groups where the form is defined; NaN and 0 for a
// form defined in none.
func MacroICC(groups []ICC) (means []float64, defined []int) {
	forms := ICCForms()
	sums := make([]float64, len(forms))
	defined = make([]int, len(forms))
	for _, g := range groups {
		for _, fm := range g.Forms {
			if !math.IsNaN(fm.Value) {
				sums[fm.Form] += fm.Value
				defined[fm.Form]++
			}
		}
	}
	means = make([]float64, len(forms))
	for f := range forms {
		means[f] = math.NaN()
		if defined[f] > 0 {
			means[f] = sums[f] / float64(defined[f])
		}
	}
	return means, defined
}
