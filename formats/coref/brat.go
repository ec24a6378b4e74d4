package coref

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"agree/coref"
	"agree/internal/csvio"
	"agree/internal/unionfind"
)

// BratOptions select what a brat .ann file contributes.
type BratOptions struct {
	// Relations are the relation types (case-insensitive) that link two
	// mentions of one chain, besides Equiv lines. Nil means the default
	// "Coreference", "Coref", "Anaphora".
	Relations []string
	// Types, if non-empty, keeps only text-bound annotations of these types
	// (case-sensitive) as mentions; nil keeps every text-bound annotation.
	Types []string
}

func (o BratOptions) relation(t string) bool {
	rel := o.Relations
	if rel == nil {
		rel = []string{"Coreference", "Coref", "Anaphora"}
	}
	for _, r := range rel {
		if strings.EqualFold(r, t) {
			return true
		}
	}
	return false
}

func (o BratOptions) keepType(t string) bool {
	if len(o.Types) == 0 {
		return true
	}
	for _, x := range o.Types {
		if x == t {
			return true
		}
	}
	return false
}

// ReadBrat reads one annotator's brat standoff file (shared/reference/
// formats.md §3.1) for document doc into b. Mentions are the text-bound
// annotations ("T<n>\t<Type> <start> <end>[;<start> <end>…]\t<text>"),
// identified by their character offsets ("12-17", or "32-37;48-55" for a
// discontinuous span) so that annotators' files can be compared; chains are
// the connected components of the "*\tEquiv T1 T2 …" lines (or "*" lines of
// a configured relation type, brat's symmetric-transitive relations) and of
// the coreference relations ("R<n>\tCoreference Arg1:T1 Arg2:T2"). A mention in
// no chain is a singleton. The chain id is the lowest T id of the
// component. Other lines (events, attributes, notes, normalisations) are
// ignored. Two text-bound annotations with the same offsets are one mention
// repeated, handled by the Builder's duplicate policy. Errors name the file
// and line: malformed text-bound lines, and links to unknown or filtered-out
// T ids.
//
// A file must hold at least one mention: an empty file, a file of other
// annotations only, or one whose mentions --brat-types filters out is an
// error (within a directory, ReadBratDir requires one mention in all). A
// line whose id is not a brat id (T, R, E, A, M, N or # followed by a
// number, or *) is an error: the file is not brat standoff.
func ReadBrat(r io.Reader, name, annotator, doc string, opt BratOptions, b *coref.Builder) error {
	n, err := readBrat(r, name, annotator, doc, opt, b)
	if err == nil && n == 0 {
		err = noBratMention(name, opt)
	}
	return err
}

func noBratMention(name string, opt BratOptions) error {
	if len(opt.Types) > 0 {
		return fmt.Errorf("%s: no text-bound annotation of the types %s (--brat-types)", name, strings.Join(opt.Types, ", "))
	}
	return fmt.Errorf("%s: no text-bound annotation (T lines): no mention to compare", name)
}

// bratID reports whether id is the id of a brat standoff line.
func bratID(id string) bool {
	if id == "*" {
		return true
	}
	if len(id) < 2 || !strings.ContainsRune("TREAMN#", rune(id[0])) {
		return false
	}
	for _, c := range id[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// readBrat is ReadBrat, returning the number of mentions read.
func readBrat(r io.Reader, name, annotator, doc string, opt BratOptions, b *coref.Builder) (int, error) {
	b.Annotator(annotator)
	b.Document(doc)
	type tb struct {
		id, span string
		line     int
	}
	var ts []tb
	index := map[string]int{}
	var links [][2]int
	type ref struct {
		id   string
		line int
	}
	var pending [][2]ref
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(text) == "" {
			continue
		}
		id, rest, _ := strings.Cut(text, "\t")
		if !bratID(id) {
			return 0, fmt.Errorf("%s:%d: not a brat standoff line: want an id (T1, R1, E1, A1, M1, N1, #1 or *) and a tab, found %s", name, line, csvio.Quote(text))
		}
		switch {
		case strings.HasPrefix(id, "T"):
			head, _, _ := strings.Cut(rest, "\t")
			typ, offs, ok := strings.Cut(head, " ")
			if !ok || typ == "" {
				return 0, fmt.Errorf("%s:%d: text-bound annotation %s: want \"<Type> <start> <end>\" after the id", name, line, id)
			}
			span, err := bratSpan(offs)
			if err != nil {
				return 0, fmt.Errorf("%s:%d: text-bound annotation %s: %w", name, line, id, err)
			}
			if _, dup := index[id]; dup {
				return 0, fmt.Errorf("%s:%d: id %s defined twice", name, line, id)
			}
			if !opt.keepType(typ) {
				index[id] = -1
				continue
			}
			index[id] = len(ts)
			ts = append(ts, tb{id, span, line})
		case id == "*":
			f := strings.Fields(rest)
			if len(f) == 0 || (f[0] != "Equiv" && !opt.relation(f[0])) {
				continue
			}
			if len(f) < 3 {
				return 0, fmt.Errorf("%s:%d: Equiv needs at least two annotation ids", name, line)
			}
			for k := 2; k < len(f); k++ {
				pending = append(pending, [2]ref{{f[1], line}, {f[k], line}})
			}
		case strings.HasPrefix(id, "R"):
			f := strings.Fields(rest)
			if len(f) < 3 || !opt.relation(f[0]) {
				continue
			}
			var args []string
			for _, a := range f[1:3] {
				_, v, ok := strings.Cut(a, ":")
				if !ok {
					return 0, fmt.Errorf("%s:%d: relation %s: argument %s is not of the form Role:T<n>", name, line, id, csvio.Quote(a))
				}
				args = append(args, v)
			}
			pending = append(pending, [2]ref{{args[0], line}, {args[1], line}})
		}
	}
	if err := sc.Err(); err != nil {
		return 0, fmt.Errorf("%s:%d: %w", name, line, err)
	}
	for _, p := range pending {
		var ends [2]int
		for k, x := range p {
			i, ok := index[x.id]
			if !ok {
				return 0, fmt.Errorf("%s:%d: link to unknown annotation %s", name, x.line, x.id)
			}
			if i < 0 {
				return 0, fmt.Errorf("%s:%d: link to %s, whose type is not among the mention types", name, x.line, x.id)
			}
			ends[k] = i
		}
		links = append(links, ends)
	}
	// linked text-bound annotations form one chain
	uf := unionfind.New(len(ts))
	find := uf.Find
	for _, l := range links {
		uf.Union(l[0], l[1])
	}
	lowest := map[int]string{}
	for i, t := range ts {
		r := find(i)
		if cur, ok := lowest[r]; !ok || tIDLess(t.id, cur) {
			lowest[r] = t.id
		}
	}
	for i, t := range ts {
		if err := b.Add(annotator, doc, t.span, lowest[find(i)], fmt.Sprintf("%s:%d", name, t.line)); err != nil {
			return 0, fmt.Errorf("%s:%d: %w", name, t.line, err)
		}
	}
	return len(ts), nil
}

func tIDLess(a, b string) bool {
	x, e1 := strconv.Atoi(strings.TrimPrefix(a, "T"))
	y, e2 := strconv.Atoi(strings.TrimPrefix(b, "T"))
	if e1 == nil && e2 == nil {
		return x < y
	}
	return a < b
}

// bratSpan validates "s e[;s e…]" (0 ≤ s ≤ e) and returns "s-e[;s-e…]".
func bratSpan(offs string) (string, error) {
	var parts []string
	for _, frag := range strings.Split(offs, ";") {
		f := strings.Fields(frag)
		if len(f) != 2 {
			return "", fmt.Errorf("offsets %s: want \"<start> <end>\" pairs separated by ';'", csvio.Quote(offs))
		}
		s, err1 := strconv.Atoi(f[0])
		e, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil || s < 0 || e < s {
			return "", fmt.Errorf("offsets %s: want integers 0 ≤ start ≤ end", csvio.Quote(frag))
		}
		parts = append(parts, fmt.Sprintf("%d-%d", s, e))
	}
	return strings.Join(parts, ";"), nil
}

// ReadBratDir reads every .ann file under dir (recursively, in lexical
// order) as annotator's annotation; a file's document name is its path
// relative to dir without the .ann extension, so that two annotators'
// directories with the same layout are compared document by document.
func ReadBratDir(dir, annotator string, opt BratOptions, b *coref.Builder) error {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".ann") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("%s: no .ann files", dir)
	}
	sort.Strings(files)
	mentions := 0
	for _, p := range files {
		rel, _ := filepath.Rel(dir, p)
		doc := filepath.ToSlash(strings.TrimSuffix(rel, ".ann"))
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		n, err := readBrat(f, p, annotator, doc, opt, b)
		f.Close()
		if err != nil {
			return err
		}
		mentions += n
	}
	if mentions == 0 {
		return noBratMention(dir+" (every .ann file)", opt)
	}
	return nil
}
