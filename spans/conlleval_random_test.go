package spans

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"agree/annotation"
	"agree/formats/bio"
)

// conllevalCounts counts chunks as conlleval does, streaming token by
// token over (gold, guess) tag pairs ("" for a sentence boundary, read as
// O O): correct chunks (same start, same end, same type), gold chunks and
// guess chunks, overall and per type. end and start are the script's
// endOfChunk and startOfChunk.
func conllevalCounts(pairs [][2]string, end, start func(pt, t, ptype, typ string) bool) (correct, gold, guess int, per map[string][3]int) {
	per = map[string][3]int{}
	bump := func(typ string, k int) {
		c := per[typ]
		c[k]++
		per[typ] = c
	}
	split := func(tag string) (string, string) {
		if tag == "" || tag == "O" {
			return "O", ""
		}
		p, typ, ok := strings.Cut(tag, "-")
		if !ok {
			return tag, ""
		}
		return p, typ
	}
	inCorrect := false
	lc, lg, lct, lgt := "O", "O", "", ""
	for _, p := range append(pairs, [2]string{"", ""}) {
		c, ct := split(p[0])
		g, gt := split(p[1])
		if inCorrect {
			ec, eg := end(lc, c, lct, ct), end(lg, g, lgt, gt)
			if ec && eg && lgt == lct {
				inCorrect = false
				correct++
				bump(lct, 0)
			} else if ec != eg || gt != ct {
				inCorrect = false
			}
		}
		sc, sg := start(lc, c, lct, ct), start(lg, g, lgt, gt)
		if sc && sg && gt == ct {
			inCorrect = true
		}
		if sc {
			gold++
			bump(ct, 1)
		}
		if sg {
			guess++
			bump(gt, 2)
		}
		lc, lg, lct, lgt = c, g, ct, gt
	}
	if inCorrect {
		correct++
		bump(lct, 0)
	}
	return correct, gold, guess, per
}

// conlleval.pl's endOfChunk and startOfChunk (IOB and IOE tags).
func perlEnd(pt, t, ptype, typ string) bool {
	switch pt + t {
	case "BB", "BO", "IB", "IO", "EE", "EI", "EO":
		return true
	}
	return pt != "O" && pt != "." && ptype != typ
}

func perlStart(pt, t, ptype, typ string) bool {
	switch pt + t {
	case "BB", "IB", "OB", "OI", "EE", "EI", "OE":
		return true
	}
	return t != "O" && t != "." && ptype != typ
}

// The IOBES extension of the script's Python ports (and seqeval's default
// mode): E and S end a chunk, B and S start one.
func iobesEnd(pt, t, ptype, typ string) bool {
	if pt == "E" || pt == "S" || ((pt == "B" || pt == "I") && (t == "B" || t == "S" || t == "O")) {
		return true
	}
	return pt != "O" && pt != "." && ptype != typ
}

func iobesStart(pt, t, ptype, typ string) bool {
	if t == "B" || t == "S" || ((pt == "E" || pt == "S" || pt == "O") && (t == "E" || t == "I")) {
		return true
	}
	return t != "O" && t != "." && ptype != typ
}

// TestConllEvalRandom: on random taggings in every scheme — irregular ones
// included (I- after O, a type change inside a chunk, E- without B-) — the
// BIO reader and exact matching with strict labels count what conlleval
// counts, overall and per type: conlleval.pl itself for IOB1 and IOB2, its
// IOBES extension for BIOES.
func TestConllEvalRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(2003, 6))
	schemes := []struct {
		name       string
		prefixes   string
		end, start func(pt, t, ptype, typ string) bool
	}{
		{"IOB1", "IIIB", perlEnd, perlStart},
		{"IOB2", "BBII", perlEnd, perlStart},
		{"BIOES", "BIES", iobesEnd, iobesStart},
	}
	types := []string{"PER", "LOC", "ORG-X"}
	tag := func(prefixes string) string {
		if rng.IntN(10) < 4 {
			return "O"
		}
		return string(prefixes[rng.IntN(len(prefixes))]) + "-" + types[rng.IntN(len(types))]
	}
	for _, sc := range schemes {
		for trial := range 150 {
			var gold, guess strings.Builder
			var pairs [][2]string
			for range 1 + rng.IntN(3) {
				gold.WriteString("-DOCSTART-\tO\n\n")
				guess.WriteString("-DOCSTART-\tO\n\n")
				pairs = append(pairs, [2]string{"", ""})
				for range 1 + rng.IntN(3) {
					n := 1 + rng.IntN(12)
					same := rng.IntN(2) == 0
					for range n {
						g := tag(sc.prefixes)
						h := tag(sc.prefixes)
						if same && rng.IntN(4) != 0 {
							h = g
						}
						tok := fmt.Sprintf("w%d", rng.IntN(10))
						fmt.Fprintf(&gold, "%s\t%s\n", tok, g)
						fmt.Fprintf(&guess, "%s\t%s\n", tok, h)
						pairs = append(pairs, [2]string{g, h})
					}
					gold.WriteString("\n")
					guess.WriteString("\n")
					pairs = append(pairs, [2]string{"", ""})
				}
			}
			correct, nGold, nGuess, per := conllevalCounts(pairs, sc.end, sc.start)
			if nGold+nGuess == 0 {
				continue
			}
			c := &annotation.Corpus{}
			for _, f := range []struct{ name, text string }{{"gold", gold.String()}, {"guess", guess.String()}} {
				one, err := bio.ReadBytes([]byte(f.text), f.name+".conll", bio.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if err := c.Merge(one); err != nil {
					t.Fatal(err)
				}
			}
			if len(c.Annotators) != 2 || len(c.Spans) == 0 {
				t.Fatalf("%s trial %d: %d annotators, %d spans", sc.name, trial, len(c.Annotators), len(c.Spans))
			}
			p := compare(t, c, "exact", Strict).Pairs[0]
			if want := (Counts{correct, nGold, nGuess}); p.Counts != want {
				t.Fatalf("%s trial %d: %+v, conlleval %+v\ngold:\n%s\nguess:\n%s", sc.name, trial, p.Counts, want, gold.String(), guess.String())
			}
			got := map[string]Counts{}
			for _, l := range p.PerLabel {
				got[l.Label] = l.Counts
			}
			for typ, k := range per {
				if want := (Counts{k[0], k[1], k[2]}); got[typ] != want {
					t.Fatalf("%s trial %d, type %s: %+v, conlleval %+v", sc.name, trial, typ, got[typ], want)
				}
			}
		}
	}
}
