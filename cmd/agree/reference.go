package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"agree/coding"
	"agree/formats/table"
	"agree/internal/view/codingview"
	"agree/internal/view/spansview"
	"agree/reference"
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

// addCodingReference scores every coder of d against the reference.
func (r *referenceFlags) addCoding(e env, res *codingview.Result, d *coding.Data, copt coding.Options, topt table.Options, level float64) error {
	if !r.active() {
		return nil
	}
	if d == nil {
		return fmt.Errorf("coding: --reference needs the items (this input is read as statistics)")
	}
	var rows []reference.Row
	var err error
	out := &codingview.Reference{Name: r.value}
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
		out.Annotators = append(out.Annotators, codingview.ReferenceRow{Annotator: row.Annotator, Items: row.Items, NoMajority: row.NoMajority,
			Accuracy: codingview.NewEstimate(row.Accuracy), Kappa: codingview.NewEstimate(row.Kappa), Alpha: codingview.NewEstimate(row.Alpha)})
	}
	res.Reference = out
	return nil
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
