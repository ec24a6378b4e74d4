package inference

import (
	"math"

	"agree/coding"
)

// LandisKoch returns the strength of agreement of a κ-like value on the
// scale of Landis & Koch (1977), restated in Artstein & Poesio (2008,
// Table 8): < 0 "poor", 0–0.20 "slight", 0.21–0.40 "fair", 0.41–0.60
// "moderate", 0.61–0.80 "substantial", 0.81–1 "almost perfect" (Landis &
// Koch's own label; the survey's table shortens it to "Perfect"). Bands
// include their upper bound. NaN gives "undefined".
func LandisKoch(v float64) string {
	switch {
	case math.IsNaN(v):
		return "undefined"
	case v < 0:
		return "poor"
	case v <= 0.20:
		return "slight"
	case v <= 0.40:
		return "fair"
	case v <= 0.60:
		return "moderate"
	case v <= 0.80:
		return "substantial"
	}
	return "almost perfect"
}

// Krippendorff returns the reading of a value on Krippendorff's cut-offs
// (survey §4.1.3, after Krippendorff 1980, 2004): ≥ 0.8 "reliable",
// 0.667 to 0.8 "tentative" (tentative conclusions only), below 0.667
// "unreliable". NaN gives "undefined".
func Krippendorff(v float64) string {
	switch {
	case math.IsNaN(v):
		return "undefined"
	case v >= 0.8:
		return "reliable"
	case v >= 0.667:
		return "tentative"
	}
	return "unreliable"
}

// WeightedWarning is attached to weighted coefficients: the survey
// (§4.1.3, §6.3) warns that their value depends strongly on the distance
// chosen, so conventional cut-offs cannot be applied to them.
const WeightedWarning = "weighted coefficient: its value depends strongly on the chosen distance, so the Landis & Koch and Krippendorff cut-offs (set with nominal coefficients in mind) cannot be applied to it (Artstein & Poesio 2008, §4.1.3 and §6.3)"

// Interpretation is the verbal reading of a coefficient.
type Interpretation struct {
	LandisKoch   string
	Krippendorff string
	Warning      string
}

// Interpret reads a result on both scales; a coefficient computed with a
// non-nominal distance carries WeightedWarning.
func Interpret(r coding.Result) Interpretation {
	in := Interpretation{LandisKoch: LandisKoch(r.Value), Krippendorff: Krippendorff(r.Value)}
	if r.Coefficient.Weighted() && r.Distance != "" && r.Distance != "nominal" {
		in.Warning = WeightedWarning
	}
	return in
}
