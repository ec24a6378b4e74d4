package coref

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"agree/internal/plural"
	"agree/position"
)

// Duplicates selects what happens when an annotator lists the same mention
// twice in one document.
type Duplicates int

const (
	// KeepFirst keeps the first occurrence and drops the others, with a
	// warning. Chains are walked in the order in which they are first met
	// in the input (Builder.DeclareChain; for CoNLL files the first marker
	// of the chain, a one-token mention before an opening one on the same
	// line), mentions within a chain in input order (for CoNLL files the
	// order in which mentions close). This is what the CoNLL reference
	// scorer v8.01 does with a repeated response mention that is also in
	// the key ("Repeated mention in the response": the copy in the entity
	// met first is kept). For other repeats this package deliberately
	// differs: the scorer keeps both copies of a mention repeated in the
	// key, and of a repeated response mention the key does not have, which
	// leaves a mention in two entities; and it refuses more than 10
	// repeats per process, where there is no limit here.
	KeepFirst Duplicates = iota
	// RejectDuplicates makes Build fail on the first repeated mention.
	RejectDuplicates
)

// Partition is one annotator's coreference annotation of one document:
// disjoint entities (chains), each a non-empty list of mention ids (indices
// into the document's mention table, see Corpus.Mention).
type Partition struct {
	Entities [][]int32
	Chains   []string // the chain id of each entity as written in the input
}

// Mentions returns the number of mentions in the partition.
func (p Partition) Mentions() int {
	n := 0
	for _, e := range p.Entities {
		n += len(e)
	}
	return n
}

type document struct {
	name     string
	mentions []string
	index    map[string]int32
}

func (d *document) intern(m string) int32 {
	if id, ok := d.index[m]; ok {
		return id
	}
	id := int32(len(d.mentions))
	d.index[m] = id
	d.mentions = append(d.mentions, m)
	return id
}

// Corpus holds the coreference annotations of several annotators over a
// set of documents. Mentions are identified by strings (a token span
// "start-end" for CoNLL, character offsets for brat, any id for CSV) and
// matched strictly: two annotators share a mention only if its id is equal.
// An annotator with no annotation for a document has an empty partition.
type Corpus struct {
	annotators []string
	docs       []*document
	parts      [][]Partition // [annotator][document]
	warnings   []string
	// annotated[a][d] records that annotator a annotated document d (nil
	// when the input recorded nothing: Builder.MarkAnnotated); shared
	// makes the pair comparisons use only the documents both annotated
	// (OnAnnotated).
	annotated [][]bool
	shared    bool
}

// Annotators returns the annotator names in order of first appearance.
func (c *Corpus) Annotators() []string { return c.annotators }

// Documents returns the document names in order of first appearance.
func (c *Corpus) Documents() []string {
	out := make([]string, len(c.docs))
	for i, d := range c.docs {
		out[i] = d.name
	}
	return out
}

// Partition returns annotator a's partition of document d.
func (c *Corpus) Partition(a, d int) Partition { return c.parts[a][d] }

// Mention returns the id of mention m of document d.
func (c *Corpus) Mention(d int, m int32) string { return c.docs[d].mentions[m] }

// NumMentions returns the size of document d's mention table (the union of
// every annotator's mentions).
func (c *Corpus) NumMentions(d int) int { return len(c.docs[d].mentions) }

// Entities returns annotator a's chains in document d as mention ids.
func (c *Corpus) Entities(a, d int) [][]string {
	p := c.parts[a][d]
	out := make([][]string, len(p.Entities))
	for i, e := range p.Entities {
		for _, m := range e {
			out[i] = append(out[i], c.docs[d].mentions[m])
		}
	}
	return out
}

// RecordsAssignment reports whether the input recorded which documents each
// annotator annotated (Builder.MarkAnnotated): some document is marked, and
// every annotator with a mention in a document is marked there. CoNLL files
// (one per annotator, with its documents) and brat directories record it;
// the CSV annotator,mention,chain,document does not.
func (c *Corpus) RecordsAssignment() bool {
	if c.annotated == nil {
		return false
	}
	for a := range c.parts {
		for d := range c.docs {
			if len(c.parts[a][d].Entities) > 0 && !c.annotated[a][d] {
				return false
			}
		}
	}
	return true
}

// Annotated reports whether annotator a annotated document d: as recorded,
// or, when the input recorded nothing, always.
func (c *Corpus) Annotated(a, d int) bool {
	return c.annotated == nil || c.annotated[a][d]
}

// OnAnnotated returns the corpus (sharing c's data) in which every pair of
// annotators is compared only on the documents both annotated (Annotated):
// Compare, DocumentCounts, Bootstrap, MarkableDifferences, LinkTable and
// WithSingletons leave out the other documents, so that a document one of
// the two never opened is not one where it "marked nothing". c itself
// compares every pair on every document.
func (c *Corpus) OnAnnotated() *Corpus {
	out := *c
	out.shared = true
	return &out
}

// Shared reports whether the pair (a, b) is compared on document d.
func (c *Corpus) Shared(a, b, d int) bool {
	return !c.shared || (c.Annotated(a, d) && c.Annotated(b, d))
}

// SharedDocuments returns the number of documents the pair (a, b) is
// compared on.
func (c *Corpus) SharedDocuments(a, b int) int {
	n := 0
	for d := range c.docs {
		if c.Shared(a, b, d) {
			n++
		}
	}
	return n
}

// Warnings returns what Build reported while cleaning the input (dropped
// repeated mentions).
func (c *Corpus) Warnings() []string { return c.warnings }

// Builder accumulates (annotator, document, mention, chain) records.
type Builder struct {
	dup        Duplicates
	annotators []string
	annIndex   map[string]int
	docs       []*document
	docIndex   map[string]int
	recs       [][][]record // [annotator][doc]

	// Chains declared for the (annotator, document) last declared in,
	// so that repeated declarations add no record.
	declA, declD int
	declared     map[string]bool
	// annotated are the (annotator, document) pairs MarkAnnotated saw.
	annotated map[[2]int]bool
}

// record is a mention of a chain, or (mention < 0) the point where a chain
// was first met.
type record struct {
	mention int32
	chain   string
	at      position.Pos
}

// NewBuilder returns an empty Builder with the given duplicate policy.
func NewBuilder(dup Duplicates) *Builder {
	return &Builder{dup: dup, annIndex: map[string]int{}, docIndex: map[string]int{}}
}

// Annotator declares an annotator (so that one with no mentions at all still
// appears) and returns its index.
func (b *Builder) Annotator(name string) int {
	if i, ok := b.annIndex[name]; ok {
		return i
	}
	i := len(b.annotators)
	b.annIndex[name] = i
	b.annotators = append(b.annotators, name)
	b.recs = append(b.recs, make([][]record, len(b.docs)))
	return i
}

// Document declares a document and returns its index.
func (b *Builder) Document(name string) int {
	if i, ok := b.docIndex[name]; ok {
		return i
	}
	i := len(b.docs)
	b.docIndex[name] = i
	b.docs = append(b.docs, &document{name: name, index: map[string]int32{}})
	for a := range b.recs {
		b.recs[a] = append(b.recs[a], nil)
	}
	return i
}

// MarkAnnotated records that annotator annotated document doc (even if it
// marked no mention there): the reader knows who annotated what (see
// Corpus.RecordsAssignment).
func (b *Builder) MarkAnnotated(annotator, doc string) {
	a, d := b.Annotator(annotator), b.Document(doc)
	if b.annotated == nil {
		b.annotated = map[[2]int]bool{}
	}
	b.annotated[[2]int{a, d}] = true
}

// Add records that annotator put mention (of document doc) in chain; at is
// where the record was read (the zero Pos when unknown), for messages.
func (b *Builder) Add(annotator, doc, mention, chain string, at position.Pos) error {
	if mention == "" {
		return errors.New("empty mention id")
	}
	if chain == "" {
		return fmt.Errorf("mention %q: empty chain id", mention)
	}
	a := b.Annotator(annotator)
	d := b.Document(doc)
	m := b.docs[d].intern(mention)
	b.recs[a][d] = append(b.recs[a][d], record{m, chain, at})
	return nil
}

// DeclareChain records that annotator met chain in document doc at this
// point of the input, before its mentions are added: chains are ordered by
// where they are first met (see KeepFirst). A chain never declared is met
// at its first mention.
func (b *Builder) DeclareChain(annotator, doc, chain string) {
	a := b.Annotator(annotator)
	d := b.Document(doc)
	if b.declared == nil || a != b.declA || d != b.declD {
		b.declA, b.declD, b.declared = a, d, map[string]bool{}
	}
	if b.declared[chain] {
		return
	}
	b.declared[chain] = true
	b.recs[a][d] = append(b.recs[a][d], record{mention: -1, chain: chain})
}

// Build groups the records into partitions, handling repeated mentions
// according to the Duplicates policy.
func (b *Builder) Build() (*Corpus, error) {
	if len(b.annotators) == 0 {
		return nil, errors.New("no annotators")
	}
	c := &Corpus{annotators: b.annotators, docs: b.docs, parts: make([][]Partition, len(b.annotators))}
	if b.annotated != nil {
		c.annotated = make([][]bool, len(b.annotators))
		for a := range c.annotated {
			c.annotated[a] = make([]bool, len(b.docs))
		}
		for k := range b.annotated {
			c.annotated[k[0]][k[1]] = true
		}
	}
	seen := make(map[int32]record) // where each mention was kept
	for a := range b.annotators {
		c.parts[a] = make([]Partition, len(b.docs))
		for d, recs := range b.recs[a] {
			byChain := map[string][]record{}
			var chains []string
			for _, r := range recs {
				if _, ok := byChain[r.chain]; !ok {
					chains = append(chains, r.chain)
					byChain[r.chain] = nil
				}
				if r.mention >= 0 {
					byChain[r.chain] = append(byChain[r.chain], r)
				}
			}
			clear(seen)
			var p Partition
			for _, ch := range chains {
				var ent []int32
				for _, r := range byChain[ch] {
					if first, dup := seen[r.mention]; dup {
						if b.dup == RejectDuplicates {
							return nil, r.at.Errorf("annotator %q, document %q: mention %s repeated (first in chain %s%s)",
								b.annotators[a], b.docs[d].name, b.docs[d].mentions[r.mention], first.chain, at(first.at))
						}
						msg := fmt.Sprintf("annotator %q, document %q: mention %s repeated%s (first in chain %s%s)",
							b.annotators[a], b.docs[d].name, b.docs[d].mentions[r.mention], at(r.at), first.chain, at(first.at))
						c.warnings = append(c.warnings, msg+"; kept the copy met first in the file, as the reference scorer does for a response mention that is in the key (it keeps both copies of other repeats)")
						continue
					}
					seen[r.mention] = r
					ent = append(ent, r.mention)
				}
				if len(ent) > 0 {
					p.Entities = append(p.Entities, ent)
					p.Chains = append(p.Chains, ch)
				}
			}
			c.parts[a][d] = p
		}
	}
	return c, nil
}

func at(p position.Pos) string {
	if p == (position.Pos{}) {
		return ""
	}
	return " at " + p.String()
}

// mentionLess orders mention ids naturally: runs of digits compare as
// numbers, so "9-9" < "10-12".
func mentionLess(x, y string) bool {
	for x != "" && y != "" {
		dx, dy := digitRun(x), digitRun(y)
		if dx > 0 && dy > 0 {
			a, b := strings.TrimLeft(x[:dx], "0"), strings.TrimLeft(y[:dy], "0")
			if len(a) != len(b) {
				return len(a) < len(b)
			}
			if a != b {
				return a < b
			}
			x, y = x[dx:], y[dy:]
			continue
		}
		if x[0] != y[0] {
			return x[0] < y[0]
		}
		x, y = x[1:], y[1:]
	}
	return len(x) < len(y)
}

func digitRun(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// WithSingletons returns a copy of the corpus in which every annotator's
// partition of every document also contains, as singleton entities, the
// mentions that some other annotator marked and this one did not (what
// Passonneau 1997, §2.1, does with D′); with OnAnnotated, only in the
// documents the annotator annotated. added lists what was added.
func (c *Corpus) WithSingletons() (out *Corpus, added []string) {
	out = &Corpus{annotators: c.annotators, docs: c.docs, parts: make([][]Partition, len(c.parts)), warnings: c.warnings,
		annotated: c.annotated, shared: c.shared}
	for a := range c.parts {
		out.parts[a] = make([]Partition, len(c.docs))
		for d, doc := range c.docs {
			p := c.parts[a][d]
			if c.shared && !c.Annotated(a, d) {
				out.parts[a][d] = p // nothing to add where a never annotated
				continue
			}
			has := make([]bool, len(doc.mentions))
			for _, e := range p.Entities {
				for _, m := range e {
					has[m] = true
				}
			}
			q := Partition{Entities: append([][]int32(nil), p.Entities...), Chains: append([]string(nil), p.Chains...)}
			var miss []string
			for m, ok := range has {
				if !ok {
					q.Entities = append(q.Entities, []int32{int32(m)})
					q.Chains = append(q.Chains, "singleton:"+doc.mentions[m])
					miss = append(miss, doc.mentions[m])
				}
			}
			if len(miss) > 0 {
				sort.Slice(miss, func(i, j int) bool { return mentionLess(miss[i], miss[j]) })
				list := strings.Join(miss[:min(len(miss), 20)], " ")
				if len(miss) > 20 {
					list += fmt.Sprintf(" … (%d more)", len(miss)-20)
				}
				added = append(added, fmt.Sprintf("annotator %q, document %q: added %s: %s",
					c.annotators[a], doc.name, plural.Count(len(miss), "singleton"), list))
			}
			out.parts[a][d] = q
		}
	}
	return out, added
}

// Select returns the corpus restricted to the given annotators, in that
// order (documents and mention tables are shared with c).
func (c *Corpus) Select(annotators ...int) (*Corpus, error) {
	out := &Corpus{docs: c.docs, warnings: c.warnings, shared: c.shared}
	for _, a := range annotators {
		if a < 0 || a >= len(c.annotators) {
			return nil, fmt.Errorf("no annotator %d", a)
		}
		out.annotators = append(out.annotators, c.annotators[a])
		out.parts = append(out.parts, c.parts[a])
		if c.annotated != nil {
			out.annotated = append(out.annotated, c.annotated[a])
		}
	}
	return out, nil
}
