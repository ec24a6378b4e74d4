package spansview

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"

	"agree/annotation"
	"agree/spans"
)

// formatOffset writes an offset in full (no exponent).
func formatOffset(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// spanText describes one span for a curator: its label and parts,
// "PER [3,8)" or "PER [3,8)+[12,15)".
func spanText(s *annotation.Span) string {
	var b strings.Builder
	b.WriteString(s.Label)
	b.WriteByte(' ')
	for k, p := range s.PartsOrSelf() {
		if k > 0 {
			b.WriteByte('+')
		}
		b.WriteString("[" + formatOffset(p.Start) + "," + formatOffset(p.End) + ")")
	}
	return b.String()
}

// WriteDisagreements writes the disagreements dis of a span comparison as
// CSV: document,start,end,text,kind, then one column per annotator with what
// it marked ("LABEL [start,end)", several joined by "; "; empty when
// nothing; "(not annotated)" when the annotator was not compared on the
// document).
func WriteDisagreements(out io.Writer, res *spans.Result, dis []spans.Disagreement) error {
	w := csv.NewWriter(out)
	c := res.Corpus()
	header := append([]string{"document", "start", "end", "text", "kind"}, c.Annotators...)
	w.Write(header)
	row := make([]string, len(header))
	for _, d := range dis {
		row = row[:0]
		row = append(row, c.Documents[d.Doc].Name, formatOffset(d.Start), formatOffset(d.End), d.Text, strings.Join(d.Kinds, "+"))
		for a, ss := range d.Spans {
			if !d.Compared[a] {
				row = append(row, "(not annotated)")
				continue
			}
			var parts []string
			for _, s := range ss {
				parts = append(parts, spanText(&c.Spans[s]))
			}
			row = append(row, strings.Join(parts, "; "))
		}
		w.Write(row)
	}
	w.Flush()
	return w.Error()
}
