package segmentationview

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"agree/report"
	"agree/segmentation"
)

// ReferenceRow is one coder against the reference coder, over the items
// both segmented: each measure's mean over the items with its standard
// error and a t interval of the mean.
type ReferenceRow struct {
	Coder string `json:"coder"`
	Items int    `json:"items"`
	// B and S are symmetric; Pk and WindowDiff take the reference as the
	// reference segmentation (lower is better); Precision, Recall and F of
	// the boundaries, the reference's boundaries the true ones.
	B          ReferenceMean `json:"b"`
	S          ReferenceMean `json:"s"`
	Pk         ReferenceMean `json:"pk"`
	WindowDiff ReferenceMean `json:"window_diff"`
	Precision  ReferenceMean `json:"precision"`
	Recall     ReferenceMean `json:"recall"`
	F          ReferenceMean `json:"f"`
}

// ReferenceMean is a mean over items with its standard error and the
// interval mean ± t·SE (Student's t on n − 1 degrees of freedom).
type ReferenceMean struct {
	Mean   report.Number `json:"mean"`
	StdErr report.Number `json:"stderr"`
	Low    report.Number `json:"low"`
	High   report.Number `json:"high"`
	N      int           `json:"n"`
}

// Reference is "reference" in agree segmentation --reference.
type Reference struct {
	Name  string         `json:"name"`
	Level float64        `json:"level"`
	Rows  []ReferenceRow `json:"coders"`
}

// referenceAcc scores every coder against the reference coder on the
// items both segmented, from the pairs as they are computed (each pair's
// Pk and WindowDiff in both directions; precision and recall swapped when
// the reference is the pair's first coder, the pairs' reference being the
// second): seven Summarizers per coder.
type referenceAcc struct {
	name   string
	coders []string
	by     map[string]*[7]segmentation.Summarizer // b, s, pk, wd, precision, recall, f
}

func newReferenceAcc(coders []string, name string) (*referenceAcc, error) {
	if !slices.Contains(coders, name) {
		return nil, fmt.Errorf("--reference %s: no coder of that name (coders: %s)", name, strings.Join(coders, ", "))
	}
	return &referenceAcc{name: name, coders: coders, by: map[string]*[7]segmentation.Summarizer{}}, nil
}

func (r *referenceAcc) add(p *segmentation.PairMeasures) {
	var other string
	var pk, wd, prec, rec float64
	switch r.name {
	case p.CoderB: // the pair's reference is the second coder
		other, pk, wd, prec, rec = p.CoderA, p.Pk, p.WindowDiff, p.Precision, p.Recall
	case p.CoderA:
		other, pk, wd, prec, rec = p.CoderB, p.PkBA, p.WindowDiffBA, p.Recall, p.Precision
	default:
		return
	}
	a := r.by[other]
	if a == nil {
		a = new([7]segmentation.Summarizer)
		r.by[other] = a
	}
	for k, x := range [7]float64{p.B, p.S, pk, wd, prec, rec, p.F} {
		a[k].Add(x)
	}
}

// result is the reference table, with t intervals at level.
func (r *referenceAcc) result(level float64, tQuantile func(p, df float64) float64) *Reference {
	mean := func(acc *segmentation.Summarizer) ReferenceMean {
		s := acc.Summary()
		m := ReferenceMean{Mean: report.Number(s.Mean), StdErr: report.Number(s.StdErr), N: s.N, Low: report.Number(math.NaN()), High: report.Number(math.NaN())}
		if s.N >= 2 && !math.IsNaN(s.StdErr) {
			t := tQuantile(1-(1-level)/2, float64(s.N-1))
			m.Low, m.High = report.Number(s.Mean-t*s.StdErr), report.Number(s.Mean+t*s.StdErr)
		}
		return m
	}
	out := &Reference{Name: r.name, Level: level}
	for _, c := range r.coders {
		a := r.by[c]
		if a == nil {
			continue
		}
		items := a[0].Summary()
		out.Rows = append(out.Rows, ReferenceRow{Coder: c, Items: items.N + items.Undefined, B: mean(&a[0]), S: mean(&a[1]), Pk: mean(&a[2]),
			WindowDiff: mean(&a[3]), Precision: mean(&a[4]), Recall: mean(&a[5]), F: mean(&a[6])})
	}
	return out
}

// Tables is the reference's table.
func (ref *Reference) Tables() []report.Table {
	if ref == nil {
		return nil
	}
	ci := func(m ReferenceMean) string {
		return report.Float(float64(m.Mean), 4) + " [" + report.Float(float64(m.Low), 3) + ", " + report.Float(float64(m.High), 3) + "]"
	}
	t := report.Table{Title: "each coder against " + ref.Name + " (the reference), means over the items both segmented", Header: []string{"coder", "items", "B", "S", "Pk", "WindowDiff", "boundary F"}}
	for _, r := range ref.Rows {
		t.Rows = append(t.Rows, []string{r.Coder, strconv.Itoa(r.Items), ci(r.B), ci(r.S), ci(r.Pk), ci(r.WindowDiff), ci(r.F)})
	}
	t.Notes = []string{fmt.Sprintf("mean [%g%% t interval of the mean over items]; Pk and WindowDiff with the reference as the reference segmentation (lower is better)", 100*ref.Level)}
	return []report.Table{t}
}
