package annotation

import (
	"fmt"
	"io"
	"math"
	"strings"

	"agree/internal/csvio"
	"agree/internal/plural"
	"agree/position"
)

// RelationCSVHeader is the header of the relation CSV, a stable contract
// like the span CSV's: one row per relation, its two ends given by their
// offsets and labels, then its type; an optional column "layer" names the
// ends' layer.
var RelationCSVHeader = []string{"document", "annotator", "source_start", "source_end", "source_label",
	"target_start", "target_end", "target_label", "relation"}

// IsRelationCSVHeader reports whether a CSV header row is the relation
// CSV's: it names every column of RelationCSVHeader (any order, any case).
func IsRelationCSVHeader(rec []string) bool {
	seen := 0
	for _, f := range rec {
		f = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(f, "\ufeff")))
		for k, name := range RelationCSVHeader {
			if f == name {
				seen |= 1 << k
			}
		}
	}
	return seen == 1<<len(RelationCSVHeader)-1
}

// ReadRelationCSV reads a relation CSV (RelationCSVHeader, columns in any
// order, optionally "layer"). Each relation's ends become spans of its
// annotator and document — one span per distinct (start, end, label,
// layer), shared by the relations that name it — and the relation links
// them. Offsets are text offsets (code points, whole numbers) or, when a
// document has a fractional offset, seconds. Errors name the file, line
// and column.
func ReadRelationCSV(r io.Reader, name string) (*Corpus, error) {
	cr := csvio.NewReader(r, name)
	cr.SkipBlank = true
	rec, line, err := cr.Next()
	if err == io.EOF {
		return nil, fmt.Errorf("%s: empty file (want a header %s)", name, strings.Join(RelationCSVHeader, ","))
	}
	if err != nil {
		return nil, err
	}
	col := map[string]int{}
	known := append(append([]string(nil), RelationCSVHeader...), "layer")
	for i, f := range rec {
		f = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(f, "\ufeff")))
		ok := false
		for _, n := range known {
			ok = ok || f == n
		}
		_, cn := cr.FieldPos(i)
		if !ok {
			return nil, position.Errorf(name, line, cn, "unknown column %q (the relation CSV has %s, and optionally layer)", f, strings.Join(RelationCSVHeader, ","))
		}
		if _, dup := col[f]; dup {
			return nil, position.Errorf(name, line, cn, "column %q appears twice", f)
		}
		col[f] = i
	}
	for _, n := range RelationCSVHeader {
		if _, ok := col[n]; !ok {
			return nil, position.Errorf(name, line, 0, "the header has no %q column (want %s)", n, strings.Join(RelationCSVHeader, ","))
		}
	}
	get := func(rec []string, n string) string {
		if i, ok := col[n]; ok {
			return rec[i]
		}
		return ""
	}
	type endKey struct {
		doc, ann   int
		start, end float64
		label      string
		layer      string
	}
	c := &Corpus{}
	ends := map[endKey]int{}
	fractional := map[int]bool{}
	for {
		rec, line, err := cr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(rec) != len(col) {
			return nil, position.Errorf(name, line, 0, "%s; the header has %d", plural.Count(len(rec), "field"), len(col))
		}
		pos := Pos{File: name, Line: line}
		for _, n := range []string{"document", "annotator"} {
			if strings.TrimSpace(get(rec, n)) == "" {
				_, cn := cr.FieldPos(col[n])
				return nil, position.Errorf(name, line, cn, "empty %s", n)
			}
		}
		d, a := c.Document(strings.TrimSpace(get(rec, "document"))), c.Annotator(strings.TrimSpace(get(rec, "annotator")))
		layer := get(rec, "layer")
		var idx [2]int
		for k, end := range []string{"source", "target"} {
			var b [2]float64
			for x, n := range []string{end + "_start", end + "_end"} {
				v, err := ParseOffset(get(rec, n))
				if err != nil {
					_, cn := cr.FieldPos(col[n])
					return nil, position.Errorf(name, line, cn, "%s %w", n, err)
				}
				b[x] = v
			}
			if err := CheckBounds(b[0], b[1], true); err != nil {
				return nil, pos.Errorf("%s: %w", end, err)
			}
			if b[0] != math.Trunc(b[0]) || b[1] != math.Trunc(b[1]) {
				fractional[d] = true
			}
			key := endKey{d, a, b[0], b[1], get(rec, end+"_label"), layer}
			i, ok := ends[key]
			if !ok {
				i = len(c.Spans)
				ends[key] = i
				c.Spans = append(c.Spans, Span{Doc: d, Annotator: a, Start: b[0], End: b[1], Label: key.label, Layer: layer, Pos: pos})
			}
			idx[k] = i
		}
		c.Relations = append(c.Relations, Relation{Doc: d, Annotator: a, Source: idx[0], Target: idx[1], Type: get(rec, "relation"), Pos: pos})
	}
	for d := range c.Documents {
		c.Documents[d].Time = fractional[d]
	}
	for i := range c.Spans {
		if !fractional[c.Spans[i].Doc] {
			if err := CheckBounds(c.Spans[i].Start, c.Spans[i].End, false); err != nil {
				return nil, c.Spans[i].Pos.Errorf("%w", err)
			}
		}
	}
	if len(c.Relations) == 0 {
		return nil, fmt.Errorf("%s: no relations (only a header)", name)
	}
	return c, c.Validate()
}
