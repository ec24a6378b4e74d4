package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"agree/coding"
	"agree/formats/table"
	"agree/internal/plural"
	"agree/internal/view"
	"agree/internal/view/spansview"
	"agree/reference"
	"agree/report"
)

// referenceFlags is --reference NAME|FILE|majority (reference.go): each
// annotator scored against a reference.
type referenceFlags struct {
	value string
	file  bool // value names a file (not an annotator)
}

func (r *referenceFlags) register(fs *flag.FlagSet, what string) {
	fs.StringVar(&r.value, "reference", "", "score each annotator against a reference: NAME (an annotator: gold, adjudicated, a model)"+what)
}

func (r *referenceFlags) active() bool { return r.value != "" }

// check decides, before any work, whether the value is a file; allowMore
// says whether FILE and majority are accepted.
func (r *referenceFlags) check(fset *flag.FlagSet, allowMore bool) error {
	if r.value == "" {
		return nil
	}
	cmd := strings.TrimPrefix(fset.Name(), "agree ")
	if _, err := os.Stat(r.value); err == nil && r.value != reference.MajorityName {
		if !allowMore {
			return usagef("%s: --reference takes an annotator's name here, not a file (%s)", cmd, r.value)
		}
		r.file = true
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return usagef("%s: --reference %s: %v", cmd, r.value, err)
	}
	if r.value == reference.MajorityName && !allowMore {
		return usagef("%s: --reference majority is for labels (agree coding); name an annotator", cmd)
	}
	return nil
}

// estimateJSON is a coefficient against the reference.
type estimateJSON struct {
	Value           report.Number  `json:"value"`
	SE              report.Number  `json:"se"`
	CI              *view.Interval `json:"ci"`
	UndefinedReason string         `json:"undefined_reason,omitempty"`
}

func newEstimateJSON(e reference.Estimate) estimateJSON {
	return estimateJSON{Value: report.Number(e.Value), SE: report.Number(e.SE), CI: view.NewInterval(e.CI), UndefinedReason: e.Reason}
}

type referenceRowJSON struct {
	Annotator  string       `json:"annotator"`
	Items      int          `json:"items"`
	NoMajority int          `json:"no_majority,omitempty"`
	Accuracy   estimateJSON `json:"accuracy"`
	Kappa      estimateJSON `json:"cohen_kappa"`
	Alpha      estimateJSON `json:"krippendorff_alpha"`
}

// codingReferenceJSON is "reference" in agree coding --reference.
type codingReferenceJSON struct {
	Name       string             `json:"name"`
	Kind       string             `json:"kind"` // annotator, file or majority
	Annotators []referenceRowJSON `json:"annotators"`
}

// addCodingReference scores every coder of d against the reference.
func (r *referenceFlags) addCoding(e env, res *codingResult, d *coding.Data, copt coding.Options, topt table.Options, level float64) error {
	if !r.active() {
		return nil
	}
	if d == nil {
		return fmt.Errorf("coding: --reference needs the items (this input is read as statistics)")
	}
	var rows []reference.Row
	var err error
	out := &codingReferenceJSON{Name: r.value}
	switch {
	case r.value == reference.MajorityName:
		out.Kind = "majority"
		rows, err = reference.AgainstMajority(d, copt, level)
	case r.file:
		out.Kind = "file"
		in, err := openInput(e, r.value)
		if err != nil {
			return err
		}
		topt.Layout, topt.Columns = table.Auto, nil
		ref, err := table.Read(in, r.value, topt)
		in.Close()
		if err != nil {
			return err
		}
		m, rc, err := reference.WithReference(d, ref)
		if err != nil {
			return err
		}
		out.Name = m.Coders()[rc]
		rows, err = reference.AgainstCoder(m, rc, copt, level)
		if err != nil {
			return err
		}
	default:
		out.Kind = "annotator"
		rc := -1
		for c, n := range d.Coders() {
			if n == r.value {
				rc = c
			}
		}
		if rc < 0 {
			return usagef("coding: --reference %s: no annotator and no file of that name (annotators: %s)", r.value, strings.Join(d.Coders(), ", "))
		}
		rows, err = reference.AgainstCoder(d, rc, copt, level)
	}
	if err != nil {
		return err
	}
	for _, row := range rows {
		out.Annotators = append(out.Annotators, referenceRowJSON{Annotator: row.Annotator, Items: row.Items, NoMajority: row.NoMajority,
			Accuracy: newEstimateJSON(row.Accuracy), Kappa: newEstimateJSON(row.Kappa), Alpha: newEstimateJSON(row.Alpha)})
	}
	res.Reference = out
	return nil
}

func (out *codingReferenceJSON) tables() []report.Table {
	if out == nil {
		return nil
	}
	title := "each annotator against " + out.Name
	if out.Kind == "majority" {
		title = "each annotator against the majority of the others"
	}
	t := report.Table{Title: title, Header: []string{"annotator", "items", "accuracy", "CI", "Cohen's κ", "CI", "α", "CI"}}
	for _, r := range out.Annotators {
		t.Rows = append(t.Rows, []string{r.Annotator, strconv.Itoa(r.Items), report.Float(float64(r.Accuracy.Value), 4), view.IntervalText(r.Accuracy.CI),
			report.Float(float64(r.Kappa.Value), 4), view.IntervalText(r.Kappa.CI), report.Float(float64(r.Alpha.Value), 4), view.IntervalText(r.Alpha.CI)})
		if r.NoMajority > 0 {
			t.Notes = append(t.Notes, fmt.Sprintf("%s: %s without a majority among the others (tied), left out", r.Annotator, plural.Count(r.NoMajority, "item")))
		}
	}
	t.Notes = append(t.Notes, "intervals: analytic (Gwet's variance for accuracy and α, Fleiss, Cohen & Everitt 1969 for κ), on the items both labelled")
	return []report.Table{t}
}

// referenceError makes a --reference that names no annotator a usage
// error (exit 2).
func referenceError(err error) error {
	var ue *spansview.UnknownReferenceError
	if errors.As(err, &ue) {
		return usageError{err}
	}
	return err
}
