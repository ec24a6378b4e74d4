package corefview

import (
	"fmt"
	"math"

	"agree/coref"
	"agree/report"
)

// Document is one document of agree coref --by document: the scores
// of every pair of annotators on that document alone.
type Document struct {
	Document string `json:"document"`
	// Mentions counts the document's mentions (of every annotator).
	Mentions int            `json:"mentions"`
	Pairs    []DocumentPair `json:"pairs"`
	// AverageCoNLLF1 is the mean over the pairs of their CoNLL F1 here.
	AverageCoNLLF1  report.Number `json:"average_conll_f1"`
	UndefinedReason string        `json:"undefined_reason,omitempty"`
}

// DocumentPair is a pair of annotators on one document.
type DocumentPair struct {
	Annotators [2]string     `json:"annotators"`
	CoNLLF1    report.Number `json:"conll_f1"`
	MUCF1      report.Number `json:"muc_f1"`
	B3F1       report.Number `json:"b3_f1"`
	CEAFeF1    report.Number `json:"ceafe_f1"`
	LEAF1      report.Number `json:"lea_f1"`
}

// Corpus is the corpus value of --by document: each pair's CoNLL
// F1 under the averaging convention, and their mean.
type Corpus struct {
	Average     string         `json:"average"`
	Description string         `json:"description"`
	Pairs       []DocumentPair `json:"pairs"`
	Value       report.Number  `json:"value"`
}

// Matrix is the CoNLL F1 of every pair of annotators (the pairs'
// scores as a matrix; 1 on the diagonal).
type Matrix struct {
	Annotators []string          `json:"annotators"`
	CoNLLF1    [][]report.Number `json:"conll_f1"`
}

func documentPair(a, b string, s coref.Scores) DocumentPair {
	return DocumentPair{[2]string{a, b}, report.Number(s.CoNLL), report.Number(s.MUC.F1), report.Number(s.B3.F1), report.Number(s.CEAFe.F1), report.Number(s.LEA.F1)}
}

// AddDocuments adds the per-document scores, the corpus value under
// avg (micro: the scorer's counts summed over documents, as the pairs'
// scores are; macro: the mean of the documents' scores) and the matrix.
func (out *Result) AddDocuments(c *coref.Corpus, avg string) {
	anns, docs := c.Annotators(), c.Documents()
	b := c.ByDocument(avg == "macro")
	out.PerDocument = make([]Document, len(docs))
	for d, name := range docs {
		doc := Document{Document: name, Mentions: c.NumMentions(d)}
		for _, ps := range b.Documents[d] {
			doc.Pairs = append(doc.Pairs, documentPair(anns[ps.A], anns[ps.B], ps.Scores))
		}
		if mean, ok := b.DocumentMean(d); ok {
			doc.AverageCoNLLF1 = report.Number(mean)
		} else {
			doc.AverageCoNLLF1, doc.UndefinedReason = report.Number(math.NaN()), "no mentions in the document"
		}
		out.PerDocument[d] = doc
	}
	corpus := &Corpus{Average: avg, Value: report.Number(b.Value)}
	if avg == "macro" {
		corpus.Description = "macro: each pair's scores averaged over the documents with mentions (each document weighs the same)"
	} else {
		corpus.Description = "micro: the scorer's numerators and denominators summed over the documents (the reference scorer's convention; the pairs' scores above)"
	}
	for _, p := range b.Pairs {
		corpus.Pairs = append(corpus.Pairs, DocumentPair{[2]string{anns[p.A], anns[p.B]}, report.Number(p.CoNLL), report.Number(p.MUC),
			report.Number(p.B3), report.Number(p.CEAFe), report.Number(p.LEA)})
	}
	out.Corpus = corpus
	if len(anns) >= 3 {
		m := &Matrix{Annotators: anns}
		for i := range anns {
			m.CoNLLF1 = append(m.CoNLLF1, make([]report.Number, len(anns)))
			m.CoNLLF1[i][i] = 1
		}
		k := 0
		for i := range anns {
			for j := i + 1; j < len(anns); j++ {
				v := out.Pairs[k].CoNLLF1
				m.CoNLLF1[i][j], m.CoNLLF1[j][i] = v, v
				k++
			}
		}
		out.Matrix = m
	}
}

// documentTable is the table of --by document.
func documentTable(out *Result) []report.Table {
	if out.Corpus == nil {
		return nil
	}
	t := report.Table{Title: "per document (CoNLL F1 of each pair on the document alone)", Header: []string{"document", "mentions"}}
	for _, p := range out.Corpus.Pairs {
		t.Header = append(t.Header, p.Annotators[0]+"/"+p.Annotators[1])
	}
	t.Header = append(t.Header, "mean", "note")
	for _, d := range out.PerDocument {
		row := []string{d.Document, fmt.Sprint(d.Mentions)}
		for k := range out.Corpus.Pairs {
			v := "undefined"
			if k < len(d.Pairs) {
				v = report.Float(float64(d.Pairs[k].CoNLLF1), 4)
			}
			row = append(row, v)
		}
		t.Rows = append(t.Rows, append(row, report.Float(float64(d.AverageCoNLLF1), 4), d.UndefinedReason))
	}
	row := []string{"corpus (" + out.Corpus.Average + ")", ""}
	for _, p := range out.Corpus.Pairs {
		row = append(row, report.Float(float64(p.CoNLLF1), 4))
	}
	t.Rows = append(t.Rows, append(row, report.Float(float64(out.Corpus.Value), 4), ""))
	t.Notes = append(t.Notes, "corpus: "+out.Corpus.Description)
	return []report.Table{t}
}
