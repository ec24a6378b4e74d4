// Package spangen generates span annotations for benchmarks and tests:
// documents whose annotators each mark most of a common set of true spans,
// some with shifted boundaries or another label, plus spans of their own —
// the shape of a named-entity annotation study.
package spangen

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"

	"agree/annotation"
)

// Config sizes a generated corpus.
type Config struct {
	Documents, Annotators int
	// Spans is the number of true spans per document; each annotator marks
	// about as many.
	Spans int
	// Labels is the number of labels (at most 26).
	Labels int
	Seed   uint64
}

type span struct {
	start, end int
	label      byte
}

// each calls f for every span of the corpus, annotator-major within a
// document.
func each(cfg Config, f func(doc, ann int, s span)) {
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x5ba1))
	truth := make([]span, 0, cfg.Spans)
	for d := range cfg.Documents {
		truth = truth[:0]
		pos := 0
		for range cfg.Spans {
			pos += 1 + rng.IntN(30)
			n := 1 + rng.IntN(12)
			truth = append(truth, span{pos, pos + n, byte('A' + rng.IntN(cfg.Labels))})
			pos += n
		}
		for a := range cfg.Annotators {
			for _, s := range truth {
				switch x := rng.IntN(100); {
				case x < 8: // missed
					continue
				case x < 16: // boundary moved
					s.end += 1 + rng.IntN(3)
				case x < 20: // other label
					s.label = byte('A' + rng.IntN(cfg.Labels))
				}
				f(d, a, s)
			}
			for range rng.IntN(cfg.Spans/10 + 1) {
				start := rng.IntN(pos + 1)
				f(d, a, span{start, start + 1 + rng.IntN(12), byte('A' + rng.IntN(cfg.Labels))})
			}
		}
	}
}

// Corpus returns the generated corpus.
func Corpus(cfg Config) *annotation.Corpus {
	c := &annotation.Corpus{}
	for a := range cfg.Annotators {
		c.Annotator(fmt.Sprintf("ann%d", a))
	}
	docs := make([]int, cfg.Documents)
	for d := range docs {
		docs[d] = c.Document(fmt.Sprintf("doc%d", d))
	}
	labels := make([]string, 26)
	for k := range labels {
		labels[k] = string(rune('A' + k))
	}
	c.Spans = make([]annotation.Span, 0, cfg.Documents*cfg.Annotators*cfg.Spans)
	each(cfg, func(d, a int, s span) {
		c.Spans = append(c.Spans, annotation.Span{Doc: docs[d], Annotator: a, Start: float64(s.start), End: float64(s.end), Label: labels[s.label-'A']})
	})
	return c
}

// WriteCSV writes the generated corpus as a span CSV.
func WriteCSV(w io.Writer, cfg Config) error {
	buf := []byte("document,annotator,start,end,label\n")
	var err error
	each(cfg, func(d, a int, s span) {
		if err != nil {
			return
		}
		buf = append(buf, "doc"...)
		buf = strconv.AppendInt(buf, int64(d), 10)
		buf = append(buf, ",ann"...)
		buf = strconv.AppendInt(buf, int64(a), 10)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(s.start), 10)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(s.end), 10)
		buf = append(buf, ',', s.label, '\n')
		if len(buf) > 1<<16 {
			_, err = w.Write(buf)
			buf = buf[:0]
		}
	})
	if err != nil {
		return err
	}
	_, err = w.Write(buf)
	return err
}
