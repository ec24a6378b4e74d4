package reference

import (
	"fmt"
	"math"
	"strings"

	"agree/coding"
	"agree/inference"
)

// Estimate is a coefficient with its standard error and interval.
type Estimate struct {
	Value, SE float64
	CI        inference.Interval
	Reason    string // why Value or SE is undefined
}

// Row scores one annotator against the reference.
type Row struct {
	Annotator string
	// Items both labelled (the annotator and the reference).
	Items                  int
	Accuracy, Kappa, Alpha Estimate
	// NoMajority counts, against the majority, the items the annotator
	// labelled where the others' most frequent label was tied.
	NoMajority int
}

// MajorityName is the name of the reference "majority of the others".
const MajorityName = "majority"

// score compares the two coders of pair (the annotator first, the
// reference second).
func score(name string, pair *coding.Data, opt coding.Options, level float64) (Row, error) {
	a, err := coding.Analyze(pair, opt)
	if err != nil {
		return Row{}, err
	}
	cs := []coding.Coefficient{coding.PercentAgreement, coding.CohenKappa, coding.KrippendorffAlpha}
	ses := inference.StandardErrors(a, cs, inference.GwetOptions{Level: level})
	row := Row{Annotator: name, Items: a.Counts().CompleteItems}
	est := make([]Estimate, len(cs))
	for i, c := range cs {
		r := a.Coefficient(c)
		e := Estimate{Value: r.Value, SE: ses[i].SE, CI: ses[i].CI, Reason: r.Reason}
		if e.Reason == "" && math.IsNaN(e.SE) {
			e.Reason = ses[i].Reason
		}
		est[i] = e
	}
	row.Accuracy, row.Kappa, row.Alpha = est[0], est[1], est[2]
	return row, nil
}

// AgainstCoder scores every coder of d but ref against coder ref.
func AgainstCoder(d *coding.Data, ref int, opt coding.Options, level float64) ([]Row, error) {
	var rows []Row
	for c, name := range d.Coders() {
		if c == ref {
			continue
		}
		r, err := score(name, d.Subset([]int{c, ref}, nil), opt, level)
		if err != nil {
			return nil, fmt.Errorf("%s against %s: %w", name, d.Coders()[ref], err)
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// AgainstMajority scores every coder of d against the majority of the
// other coders: on each item, the label the others gave most often, when
// it is unique.
func AgainstMajority(d *coding.Data, opt coding.Options, level float64) ([]Row, error) {
	n, k := d.NumItems(), d.NumCoders()
	if k < 3 {
		return nil, fmt.Errorf("the majority of the others needs three or more annotators (there are %d)", k)
	}
	labels := d.Labels()
	counts := make([]int, len(labels))
	var rows []Row
	for c, name := range d.Coders() {
		b := coding.NewBuilder()
		b.SetSource(d.Source())
		if decl := d.Declared(); len(decl) > 0 {
			if err := b.DeclareCategories(decl, false); err != nil {
				return nil, err
			}
		}
		self, maj := b.Coder(name), b.Coder(MajorityName)
		tied := 0
		for i := range n {
			item := b.AppendItem(itemName(d, i))
			if v := d.Value(i, c); v != coding.Missing {
				if err := b.Set(item, self, labels[v], coding.Pos{}); err != nil {
					return nil, err
				}
			}
			best, bestN, unique := -1, 0, false
			for o := range k {
				if o == c {
					continue
				}
				if v := d.Value(i, o); v != coding.Missing {
					counts[v]++
					switch {
					case counts[v] > bestN:
						best, bestN, unique = v, counts[v], true
					case counts[v] == bestN:
						unique = false
					}
				}
			}
			for o := range k { // reset the counts touched
				if v := d.Value(i, o); v != coding.Missing {
					counts[v] = 0
				}
			}
			switch {
			case best >= 0 && unique:
				if err := b.Set(item, maj, labels[best], coding.Pos{}); err != nil {
					return nil, err
				}
			case best >= 0 && d.Value(i, c) != coding.Missing:
				tied++
			}
		}
		pair, err := b.Build()
		if err != nil {
			return nil, err
		}
		r, err := score(name, pair, opt, level)
		if err != nil {
			return nil, fmt.Errorf("%s against the majority of the others: %w", name, err)
		}
		r.NoMajority = tied
		rows = append(rows, r)
	}
	return rows, nil
}

func itemName(d *coding.Data, i int) string {
	if items := d.Items(); i < len(items) {
		return items[i]
	}
	return fmt.Sprint(i + 1)
}

// WithReference returns d with the reference's labels added as one more
// coder, matched by item id: ref must have exactly one coder (a file of
// item ids and the reference's labels). Items of ref that d lacks are
// added (they have no annotator's label and count nowhere).
func WithReference(d, ref *coding.Data) (*coding.Data, int, error) {
	if ref.NumCoders() != 1 {
		return nil, 0, fmt.Errorf("%s: a reference file has one column of labels (besides the item ids), this one has %d: %s", ref.Source(), ref.NumCoders(), strings.Join(ref.Coders(), ", "))
	}
	b := coding.NewBuilder()
	b.SetSource(d.Source())
	if decl := d.Declared(); len(decl) > 0 {
		if err := b.DeclareCategories(decl, false); err != nil {
			return nil, 0, err
		}
	}
	labels := d.Labels()
	coders := make([]int, d.NumCoders())
	for c, name := range d.Coders() {
		coders[c] = b.Coder(name)
	}
	name := ref.Coders()[0]
	for _, c := range d.Coders() {
		if c == name {
			name += " (reference)"
		}
	}
	rc := b.Coder(name)
	for i := range d.NumItems() {
		item := b.AppendItem(itemName(d, i))
		for c := range coders {
			if v := d.Value(i, c); v != coding.Missing {
				if err := b.Set(item, coders[c], labels[v], coding.Pos{}); err != nil {
					return nil, 0, err
				}
			}
		}
	}
	rl := ref.Labels()
	for i := range ref.NumItems() {
		v := ref.Value(i, 0)
		if v == coding.Missing {
			continue
		}
		item, _ := b.AddItem(itemName(ref, i))
		if err := b.Set(item, rc, rl[v], coding.Pos{}); err != nil {
			return nil, 0, err
		}
	}
	out, err := b.Build()
	if err != nil {
		return nil, 0, err
	}
	for c, n := range out.Coders() {
		if n == name {
			return out, c, nil
		}
	}
	return nil, 0, fmt.Errorf("reference coder lost")
}
