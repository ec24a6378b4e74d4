package coref

import (
	"fmt"
	"io"
	"strings"

	"agree/coref"
	"agree/internal/csvio"
	"agree/position"
)

// ReadCSV reads coreference records in long CSV form into b: one row per
// (annotator, mention) with the chain the annotator put the mention in,
// optionally with the document, under a header that names the columns:
//
//	annotator,mention,chain
//	document,annotator,mention,chain
//
// The header's cells must include "annotator", "mention" and "chain"
// (aliases: coder/rater, markable, entity/cluster, doc); the columns may
// come in any order and other columns are ignored. A file without that
// header is refused: its first row would otherwise be read as a mention.
// Without a document column every row belongs to a document named after the
// file. Blank lines and lines starting with '#' are skipped. A file with no
// row is an error. Errors name the file, line and column.
func ReadCSV(r io.Reader, name string, b *coref.Builder) error {
	cr := csvio.NewReader(r, name)
	cr.SkipBlank = true
	var col map[string]int
	want := 0
	first, rows := true, 0
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
			h, ok := csvHeader(rec)
			if !ok {
				return position.Errorf(name, line, 0, "want a header naming the columns annotator,mention,chain (and optionally document), found %s", csvio.Quote(strings.Join(rec, ",")))
			}
			col = h
			for _, i := range h {
				want = max(want, i+1)
			}
			continue
		}
		if len(rec) < want {
			return position.Errorf(name, line, 0, "want %d fields, got %d", want, len(rec))
		}
		rows++
		get := func(k string) string { return strings.TrimSpace(rec[col[k]]) }
		doc := name
		if _, ok := col["document"]; ok {
			doc = get("document")
		}
		ann := get("annotator")
		if ann == "" {
			return position.Errorf(name, line, col["annotator"]+1, "empty annotator")
		}
		if err := b.Add(ann, doc, get("mention"), get("chain"), position.Pos{File: name, Line: line}); err != nil {
			return position.Errorf(name, line, 0, "%w", err)
		}
	}
	switch {
	case first:
		return fmt.Errorf("%s: empty file (want a header annotator,mention,chain and one row per mention)", name)
	case rows == 0:
		return fmt.Errorf("%s: a header but no mention", name)
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
