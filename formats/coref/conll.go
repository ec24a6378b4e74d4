package coref

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"agree/coref"
	"agree/internal/csvio"
	"agree/internal/limits"
	"agree/position"
)

// IsCoNLL reports whether a file's head is CoNLL-2012 (the coreference
// scorer's KEY and RESPONSE files, whatever their extension): a line
// starts with "#begin document".
func IsCoNLL(head []byte) bool {
	for len(head) > 0 {
		line, rest, _ := bytes.Cut(head, []byte("\n"))
		if bytes.HasPrefix(bytes.TrimLeft(line, " \t\ufeff"), []byte("#begin document")) {
			return true
		}
		head = rest
	}
	return false
}

// ReadCoNLL reads one annotator's coreference from a CoNLL-2011/2012 file
// (shared/reference/formats.md §3.8, coreference.md §1) into b.
//
// Documents run from "#begin document (ID); part NNN" to "#end document";
// their name is "ID; part NNN" (just "ID" without a part). Token lines
// outside any document form a document named after the file. Tokens are
// numbered from 0 across the whole document (blank lines between sentences
// do not reset the count). Only the last column is read: "-" means no
// mention, "(5" opens a mention of chain 5, "5)" closes one, "(5)" is a
// one-token mention; markers are separated by "|" or concatenated ("(1(3",
// "3)1)"). Each chain id has its own stack, so nested mentions of one chain
// close last-in-first-out. A mention is identified as "start-end" (token
// indices, both inclusive) and added when it closes.
//
// Other lines starting with '#' are comments; blank lines end sentences.
//
// Errors name the file, line and column: a marker that is not of those
// forms, a closing marker for a chain with no open mention, mentions
// still open at the end of a document, and a document that begins twice
// (both #begin lines named). A file with no token line (empty)
// is an error, not an annotator without mentions.
func ReadCoNLL(r io.Reader, name, annotator string, b *coref.Builder) error {
	b.Annotator(annotator)
	sc := limits.Scanner(r)
	type open struct {
		start int
		line  int
	}
	var (
		doc     string
		inDoc   bool
		implied bool // tokens before any #begin
		tok     int
		stacks  = map[string][]open{}
		line    int
		tokens  int                // token lines in the whole file
		begun   = map[string]int{} // the line of each document's #begin
	)
	finish := func(endLine int) error {
		if len(stacks) > 0 {
			var ids []string
			for id, st := range stacks {
				for _, o := range st {
					ids = append(ids, fmt.Sprintf("chain %s opened at line %d (token %d)", id, o.line, o.start))
				}
			}
			sort.Strings(ids)
			return position.Errorf(name, endLine, 0, "document %s ends with unclosed mentions: %s", csvio.Quote(doc), strings.Join(ids, "; "))
		}
		return nil
	}
	for sc.Scan() {
		line++
		text := sc.Text()
		trimmed := strings.TrimSpace(text)
		if strings.HasPrefix(trimmed, "#begin document") {
			if inDoc {
				return position.Errorf(name, line, 0, "#begin document inside document %s (missing #end document)", csvio.Quote(doc))
			}
			if implied {
				if err := finish(line); err != nil {
					return err
				}
				implied = false
			}
			doc = docName(strings.TrimSpace(strings.TrimPrefix(trimmed, "#begin document")))
			if first, dup := begun[doc]; dup {
				return position.Errorf(name, line, 0, "document %s begins a second time (first #begin document at line %d): a document may appear once in a file", csvio.Quote(doc), first)
			}
			begun[doc] = line
			b.MarkAnnotated(annotator, doc)
			inDoc, tok = true, 0
			clear(stacks)
			continue
		}
		if strings.HasPrefix(trimmed, "#end document") {
			if !inDoc {
				return position.Errorf(name, line, 0, "#end document without #begin document")
			}
			if err := finish(line); err != nil {
				return err
			}
			inDoc = false
			continue
		}
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if !inDoc && !implied {
			implied, doc, tok = true, name, 0
			b.MarkAnnotated(annotator, doc)
			clear(stacks)
		}
		fields := strings.Fields(text)
		cell := fields[len(fields)-1]
		col := strings.LastIndex(text, cell) + 1
		// The chains are met as the reference scorer meets them: on each
		// line its one-token mentions first, then its opening markers, in
		// cell order (see coref.KeepFirst).
		for _, want := range []byte{'s', '('} {
			_ = parseCorefCell(cell, func(kind byte, id string, _ int) error {
				if kind == want {
					b.DeclareChain(annotator, doc, id)
				}
				return nil
			})
		}
		if err := parseCorefCell(cell, func(kind byte, id string, off int) error {
			at := position.Pos{File: name, Line: line}
			switch kind {
			case '(': // open
				stacks[id] = append(stacks[id], open{tok, line})
			case ')': // close
				st := stacks[id]
				if len(st) == 0 {
					return position.Errorf(name, line, col+off, "closing marker %q for chain %s, which has no open mention", id+")", id)
				}
				o := st[len(st)-1]
				if len(st) == 1 {
					delete(stacks, id)
				} else {
					stacks[id] = st[:len(st)-1]
				}
				return b.Add(annotator, doc, fmt.Sprintf("%d-%d", o.start, tok), id, at)
			default: // single token
				return b.Add(annotator, doc, fmt.Sprintf("%d-%d", tok, tok), id, at)
			}
			return nil
		}); err != nil {
			if position.As(err) != nil {
				return err // it names the file and line
			}
			return position.Errorf(name, line, col, "coreference column %s: %w", csvio.Quote(cell), err)
		}
		tok++
		tokens++
	}
	if err := limits.ScanError(sc.Err(), name, line); err != nil {
		if limits.IsLimit(err) {
			return err // it names the file and line
		}
		return position.Errorf(name, line+1, 0, "%w", err)
	}
	if tokens == 0 {
		return fmt.Errorf("%s: no token line (an empty file, or only comments and document markers): want one token per line, the coreference column last", name)
	}
	if inDoc {
		return position.Errorf(name, line, 0, "document %s has no #end document", csvio.Quote(doc))
	}
	return finish(line)
}

// docName turns "(ID); part 000" into "ID; part 000".
func docName(s string) string {
	id, part, hasPart := strings.Cut(s, ";")
	id = strings.TrimSpace(id)
	if strings.HasPrefix(id, "(") && strings.HasSuffix(id, ")") {
		id = id[1 : len(id)-1]
	}
	if hasPart {
		return id + "; " + strings.TrimSpace(part)
	}
	return id
}

// parseCorefCell calls f for each marker of a coreference cell, left to
// right: kind '(' opens, ')' closes, 's' is a single-token mention; off is
// the marker's byte offset in the cell.
func parseCorefCell(cell string, f func(kind byte, id string, off int) error) error {
	if cell == "-" || cell == "_" {
		return nil
	}
	digits := func(i int) int {
		j := i
		for j < len(cell) && cell[j] >= '0' && cell[j] <= '9' {
			j++
		}
		return j
	}
	for i := 0; i < len(cell); {
		switch c := cell[i]; {
		case c == '|':
			i++
		case c == '(':
			j := digits(i + 1)
			if j == i+1 {
				return fmt.Errorf("at byte %d: want a chain number after '('", i+2)
			}
			id := canonicalID(cell[i+1 : j])
			if j < len(cell) && cell[j] == ')' {
				if err := f('s', id, i); err != nil {
					return err
				}
				i = j + 1
			} else {
				if err := f('(', id, i); err != nil {
					return err
				}
				i = j
			}
		case c >= '0' && c <= '9':
			j := digits(i)
			if j == len(cell) || cell[j] != ')' {
				return fmt.Errorf("at byte %d: want ')' after chain number %s", j+1, cell[i:j])
			}
			if err := f(')', canonicalID(cell[i:j]), i); err != nil {
				return err
			}
			i = j + 1
		default:
			return fmt.Errorf("at byte %d: unexpected %q (want markers like (5, 5) or (5) separated by '|', or '-')", i+1, string(c))
		}
	}
	return nil
}

// canonicalID strips leading zeros so that "007" and "7" are one chain.
func canonicalID(s string) string {
	if n, err := strconv.ParseUint(s, 10, 64); err == nil {
		return strconv.FormatUint(n, 10)
	}
	return s
}
