package segmentationview

import (
	"fmt"
	"math"
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

// NewReference scores every coder against the coder name on the items
// both segmented, from the pairs of r (each pair's Pk and WindowDiff in
// both directions; precision and recall swapped when the reference is the
// pair's first coder, the pairs' reference being the second).
func NewReference(r *Result, name string, level float64, tQuantile func(p, df float64) float64) (*Reference, error) {
	found := false
	for _, c := range r.Coders {
		found = found || c == name
	}
	if !found {
		return nil, fmt.Errorf("--reference %s: no coder of that name (coders: %s)", name, strings.Join(r.Coders, ", "))
	}
	type acc struct{ b, s, pk, wd, p, rc, f []float64 }
	by := map[string]*acc{}
	for _, p := range r.Pairs {
		var other string
		var pk, wd, prec, rec report.Number
		switch name {
		case p.CoderB: // the pair's reference is the second coder
			other, pk, wd, prec, rec = p.CoderA, p.Pk, p.WindowDiff, p.Precision, p.Recall
		case p.CoderA:
			other, pk, wd, prec, rec = p.CoderB, p.PkBA, p.WindowDiffBA, p.Recall, p.Precision
		default:
			continue
		}
		a := by[other]
		if a == nil {
			a = &acc{}
			by[other] = a
		}
		a.b, a.s = append(a.b, float64(p.B)), append(a.s, float64(p.S))
		a.pk, a.wd = append(a.pk, float64(pk)), append(a.wd, float64(wd))
		a.p, a.rc, a.f = append(a.p, float64(prec)), append(a.rc, float64(rec)), append(a.f, float64(p.F))
	}
	mean := func(xs []float64) ReferenceMean {
		s := segmentation.Summarize(xs)
		m := ReferenceMean{Mean: report.Number(s.Mean), StdErr: report.Number(s.StdErr), N: s.N, Low: report.Number(math.NaN()), High: report.Number(math.NaN())}
		if s.N >= 2 && !math.IsNaN(s.StdErr) {
			t := tQuantile(1-(1-level)/2, float64(s.N-1))
			m.Low, m.High = report.Number(s.Mean-t*s.StdErr), report.Number(s.Mean+t*s.StdErr)
		}
		return m
	}
	out := &Reference{Name: name, Level: level}
	for _, c := range r.Coders {
		a := by[c]
		if a == nil {
			continue
		}
		out.Rows = append(out.Rows, ReferenceRow{Coder: c, Items: len(a.b), B: mean(a.b), S: mean(a.s), Pk: mean(a.pk),
			WindowDiff: mean(a.wd), Precision: mean(a.p), Recall: mean(a.rc), F: mean(a.f)})
	}
	return out, nil
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
