package alttest

import (
	"fmt"
	"strconv"

	"agree/coding"
)

// Scoring functions of FromData.
const (
	ScoreAccuracy = "accuracy" // labels: the share of the others with the same label
	ScoreNegRMSE  = "neg_rmse" // numbers: minus the root mean squared difference
)

// FromData is the test's input for a table of labels or numbers: the
// coders humans of d (indices) against the coder model, with the scoring
// function score (ScoreAccuracy or ScoreNegRMSE, which needs numbers).
func FromData(d *coding.Data, model int, humans []int, score string) (Input, error) {
	names := make([]string, len(humans))
	for k, h := range humans {
		if h == model {
			return Input{}, fmt.Errorf("alttest: %q is the model and a human", d.Coders()[h])
		}
		names[k] = d.Coders()[h]
	}
	col := func(who int) int {
		if who == Candidate {
			return model
		}
		return humans[who]
	}
	in := Input{Humans: names, Items: d.NumItems(),
		Annotated: func(i, h int) bool { return d.Value(i, humans[h]) != coding.Missing },
		Model:     func(i int) bool { return d.Value(i, model) != coding.Missing }}
	switch score {
	case ScoreAccuracy:
		in.Score = Accuracy(func(i, who int) int { return d.Value(i, col(who)) })
	case ScoreNegRMSE:
		labels := d.Labels()
		nums := make([]float64, len(labels))
		for v, l := range labels {
			x, err := strconv.ParseFloat(l, 64)
			if err != nil {
				return Input{}, fmt.Errorf("alttest: %s needs numbers, and %q is not one", score, l)
			}
			nums[v] = x
		}
		in.Score = NegRMSE(func(i, who int) float64 { return nums[d.Value(i, col(who))] })
	default:
		return Input{}, fmt.Errorf("alttest: scoring function %q: want %s or %s", score, ScoreAccuracy, ScoreNegRMSE)
	}
	return in, nil
}

// FromDataLabel is FromData for one category of a table of labels: each
// annotation is reduced to whether it is the category label (an index
// into d.Labels()), and the alignment score is the share of the others
// who agree on that (the verdict per label).
func FromDataLabel(d *coding.Data, model int, humans []int, label int) (Input, error) {
	in, err := FromData(d, model, humans, ScoreAccuracy)
	if err != nil {
		return Input{}, err
	}
	col := func(who int) int {
		if who == Candidate {
			return model
		}
		return humans[who]
	}
	in.Score = Accuracy(func(i, who int) int {
		if d.Value(i, col(who)) == label {
			return 1
		}
		return 0
	})
	return in, nil
}
