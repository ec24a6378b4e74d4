package coref

import (
	"fmt"
	"io"
	"strings"

	"agree/coref"
	"agree/internal/csvio"
)

// ReadCSV reads coreference records in long CSV form into b: one row per
// (annotator, mention) with the chain the annotator put the mention in,
// optionally with the document:
//
//	annotator,mention,chain
//	document,annotator,mention,chain   (with a header naming the columns)
//
// A header row is recognised when its cells include "annotator", "mention"
// and "chain" (aliases: coder/rater, markable, entity/cluster, doc); the
// columns may then come in any order and other columns are ignored. Without
// a header the rows have three cells annotator,mention,chain. Without a
// document column every row belongs to a document named after the file.
// Blank lines and lines starting with '#' are skipped. Errors name the file,
// line and column.
func ReadCSV(r io.Reader, name string, b *coref.Builder) error {
	cr := csvio.NewReader(r, name)
	cr.SkipBlank = true
	col := map[string]int{"annotator": 0, "mention": 1, "chain": 2}
	want := 3
	first, header := true, false
	for {
		rec, line, err := cr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if first {
			first = false
			if h, ok := csvHeader(rec); ok {
				col, want, header = h, 0, true
				for _, i := range h {
					want = max(want, i+1)
				}
				continue
			}
		}
		if len(rec) < want {
			return fmt.Errorf("%s:%d: want %d fields, got %d", name, line, want, len(rec))
		}
		if !header && len(rec) != want {
			return fmt.Errorf("%s:%d: want 3 fields annotator,mention,chain, got %d (a document column needs a header row)", name, line, len(rec))
		}
		get := func(k string) string { return strings.TrimSpace(rec[col[k]]) }
		doc := name
		if _, ok := col["document"]; ok {
			doc = get("document")
		}
		ann := get("annotator")
		if ann == "" {
			return fmt.Errorf("%s:%d:%d: empty annotator", name, line, col["annotator"]+1)
		}
		if err := b.Add(ann, doc, get("mention"), get("chain"), fmt.Sprintf("%s:%d", name, line)); err != nil {
			return fmt.Errorf("%s:%d: %w", name, line, err)
		}
	}
	return nil
}

func csvHeader(rec []string) (map[string]int, bool) {
	alias := map[string]string{
		"annotator": "annotator", "coder": "annotator", "rater": "annotator",
		"mention": "mention", "markable": "mention",
		"chain": "chain", "entity": "chain", "cluster": "chain",
		"document": "document", "doc": "document",
	}
	h := map[string]int{}
	for i, c := range rec {
		if k, ok := alias[strings.ToLower(strings.TrimSpace(c))]; ok {
			if _, dup := h[k]; !dup {
				h[k] = i
			}
		}
	}
	_, a := h["annotator"]
	_, m := h["mention"]
	_, c := h["chain"]
	return h, a && m && c
}
