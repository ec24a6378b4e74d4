package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// nervaluateCSV is the example of nervaluate's README ("Putting all
// together") as a span CSV: the six scenarios, scenario I twice, gold the
// reference and system the response.
const nervaluateCSV = `document,annotator,start,end,label
d,gold,10,17,BRAND
d,gold,30,38,DRUG
d,gold,40,51,DRUG
d,gold,60,69,DRUG
d,gold,80,94,GROUP
d,gold,100,109,DRUG
d,system,20,27,BRAND
d,system,27,38,DRUG
d,system,40,51,BRAND
d,system,60,69,DRUG
d,system,75,94,DRUG
d,system,100,109,DRUG
`

// TestSpansSemEval: agree spans --schema semeval reproduces nervaluate's
// README table (Correct 3/3/3/2, Incorrect 2/0/2/3, Partial 0/2/0/0,
// Missed 1, Spurious 1; precision = recall = F1 = 0.5, 0.66, 0.5, 0.33
// under type, partial, exact, strict), in every format.
func TestSpansSemEval(t *testing.T) {
	out, errs, code := agree(t, nervaluateCSV, "spans", "--schema", "semeval", "--format", "json", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		SemEval struct {
			Rule    string
			Schemas map[string]struct {
				Correct, Incorrect, Partial, Missed, Spurious, Possible, Actual int
				Precision, Recall, F1                                           float64
			}
			Pairs []struct{ Annotators []string }
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	want := map[string][6]float64{ // COR, INC, PAR, MIS, SPU, F1
		"type": {3, 2, 0, 1, 1, 0.5}, "partial": {3, 0, 2, 1, 1, 4.0 / 6}, "exact": {3, 2, 0, 1, 1, 0.5}, "strict": {2, 3, 0, 1, 1, 1.0 / 3},
	}
	for k, w := range want {
		g := r.SemEval.Schemas[k]
		if [5]int{g.Correct, g.Incorrect, g.Partial, g.Missed, g.Spurious} != [5]int{int(w[0]), int(w[1]), int(w[2]), int(w[3]), int(w[4])} ||
			math.Abs(g.F1-w[5]) > 1e-15 || math.Abs(g.Precision-w[5]) > 1e-15 || g.Possible != 6 || g.Actual != 6 {
			t.Errorf("%s: %+v, want %v", k, g, w)
		}
	}
	if len(r.SemEval.Pairs) != 1 || r.SemEval.Pairs[0].Annotators[0] != "gold" || !strings.Contains(r.SemEval.Rule, "spurious span under its own label") {
		t.Errorf("pairs %+v, rule %q", r.SemEval.Pairs, r.SemEval.Rule)
	}
	for _, format := range []string{"table", "csv", "markdown"} {
		out, errs, code := agree(t, nervaluateCSV, "spans", "--schema", "semeval", "--format", format, "-")
		if code != 0 || !strings.Contains(out, "0.6667") || !strings.Contains(out, "SemEval") {
			t.Errorf("--format %s: exit %d %s\n%s", format, code, errs, out)
		}
	}
	if _, errs, code := agree(t, nervaluateCSV, "spans", "--schema", "conll", "-"); code != 2 || !strings.Contains(errs, "--schema must be pairwise or semeval") {
		t.Errorf("--schema conll: exit %d, %s", code, errs)
	}
	if _, errs, code := agree(t, "", "relations", "--schema", "semeval", "examples/relations.csv"); code != 2 {
		t.Errorf("relations --schema: exit %d, %s (want 2: spans only)", code, errs)
	}
}
