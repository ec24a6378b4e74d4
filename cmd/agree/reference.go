package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"agree/annotation"
	"agree/coding"
	"agree/formats"
	"agree/formats/table"
	"agree/inference"
	"agree/internal/view/codingview"
	"agree/internal/view/spansview"
	"agree/reference"
	"agree/spans"
)

// referenceFlags is --reference NAME|FILE|majority (reference.go): each
// annotator scored against a reference.
type referenceFlags struct {
	value      string
	file       bool // value names a file (not an annotator)
	majorityOK bool // majority is accepted even where files are not
	fileOK     bool // a file is accepted even where majority is not
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
		if !allowMore && !r.fileOK {
			return usagef("%s: --reference takes an annotator's name here, not a file (%s)", cmd, r.value)
		}
		r.file = true
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return usagef("%s: --reference %s: %v", cmd, r.value, err)
	}
	if r.value == reference.MajorityName && !allowMore && !r.majorityOK {
		return usagef("%s: --reference majority is for labels (agree coding) and spans (agree spans); name an annotator", cmd)
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

// spansMajority scores each annotator's spans against the majority of the
// other annotators (reference.MajoritySpans: the spans more than half of
// the others compared on a document marked), with the command's matching
// and, with --bootstrap, the F1's document-bootstrap interval.
func spansMajority(ctx context.Context, e env, c *annotation.Corpus, opt spans.Options, f *spansFlags) (*spansview.Reference, error) {
	compared := c.Compared(opt.Documents)
	out := &spansview.Reference{Name: reference.MajorityName, Kind: "majority"}
	opt.Documents, opt.Matches, opt.Progress = annotation.AnnotatedDocuments, false, nil
	for a := range c.Annotators {
		pair, skipped, err := reference.MajoritySpans(c, a, compared)
		if err != nil {
			return nil, usagef("spans: --reference majority: %v", err)
		}
		res, err := spans.Compare(ctx, pair, opt)
		if err != nil {
			return nil, fmt.Errorf("spans: %s against the majority of the others: %w", c.Annotators[a], err)
		}
		v := spansview.New(res, 0)
		if f.bootstrap > 0 && len(res.Summary.Pairs) > 0 && res.Summary.Pairs[0].Documents >= 2 {
			iv, err := res.Bootstrap(ctx, inference.Options{Resamples: f.bootstrap, Seed: f.seed, Workers: f.workers, Level: f.level})
			if err != nil {
				return nil, err
			}
			v.AddBootstrap(iv, f.bootstrap, f.seed)
		}
		r, err := v.NewReference(reference.MajorityName)
		if err != nil {
			return nil, err
		}
		row := spansview.ReferenceRow{Annotator: c.Annotators[a]}
		if len(r.Annotators) > 0 {
			row = r.Annotators[0]
		}
		row.SkippedDocuments = skipped
		out.Annotators = append(out.Annotators, row)
	}
	return out, nil
}

// addFile reads the reference file (the command's input options) into c:
// its one annotator becomes an annotator of c named after the file (its
// base name without the extension), the name --reference then means.
func (r *referenceFlags) addFile(e env, cmd string, c *annotation.Corpus, opt formats.Options) error {
	ref, err := readCorpus(e, cmd, []string{r.value}, opt)
	if err != nil {
		return fmt.Errorf("--reference %s: %w", r.value, err)
	}
	if len(ref.Annotators) != 1 {
		return usagef("%s: --reference %s: the reference file holds %d annotators (%s); want one", cmd, r.value, len(ref.Annotators), strings.Join(ref.Annotators, ", "))
	}
	name := strings.TrimSuffix(filepath.Base(r.value), filepath.Ext(r.value))
	if c.LookupAnnotator(name) >= 0 {
		return usagef("%s: --reference %s: the inputs already have an annotator %q (the reference file's name): rename the file", cmd, r.value, name)
	}
	ref.Annotators[0] = name
	if err := c.Merge(ref); err != nil {
		return fmt.Errorf("--reference %s: %w", r.value, err)
	}
	r.value, r.file = name, false
	return nil
}
