package main

import (
	"io"

	"agree/internal/view/spansview"
	"agree/spans"
)

// writeSpanDisagreements writes the disagreements of a span comparison as
// CSV: document,start,end,text,kind, then one column per annotator with
// what it marked ("LABEL [start,end)", several joined by "; "; empty when
// nothing; "(not annotated)" when the annotator was not compared on the
// document).
func writeSpanDisagreements(e env, path string, force bool, res *spans.Result) error {
	dis, err := res.Disagreements()
	if err != nil {
		return err
	}
	return writeOutput(e, path, force, func(out io.Writer) error { return spansview.WriteDisagreements(out, res, dis) })
}
