package main

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"agree/annotation"
	"agree/coding"
)

// TestCodingByDocument: each document's coefficients are the engine's on
// that document's tokens alone; macro is their mean, pooled the corpus
// analysis.
func TestCodingByDocument(t *testing.T) {
	f, _ := os.Open("examples/entities.jsonl")
	c, err := annotation.ReadJSONL(f, "entities.jsonl")
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	type out struct {
		PerDocument []struct {
			Document     string              `json:"document"`
			Coefficients map[string]*float64 `json:"coefficients"`
		} `json:"per_document"`
		Corpus struct {
			Average      string              `json:"average"`
			Coefficients map[string]*float64 `json:"coefficients"`
		} `json:"corpus"`
		Coefficients map[string]struct{ Value *float64 } `json:"coefficients"`
		Matrix       *struct {
			Alpha [][]float64 `json:"alpha"`
		} `json:"matrix"`
	}
	run := func(avg string) out {
		s, errs, code := agree(t, "", "coding", "--format", "json", "--no-se", "--top", "0", "--by", "document", "--average", avg, "examples/entities.jsonl")
		if code != 0 {
			t.Fatal(errs)
		}
		var v out
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	v := run("macro")
	sum := 0.0
	for _, d := range v.PerDocument {
		one := &annotation.Corpus{}
		for _, a := range c.Annotators {
			one.Annotator(a)
		}
		src := c.LookupDocument(d.Document)
		di := one.Document(d.Document)
		one.SetText(di, c.Documents[src].Text, annotation.Pos{})
		for _, s := range c.Spans {
			if s.Doc == src {
				s.Doc = di
				one.Spans = append(one.Spans, s)
			}
		}
		data, _, err := one.TokenCoding(annotation.TokenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		an, _ := coding.Analyze(data, coding.Options{})
		want := an.Coefficient(coding.KrippendorffAlpha).Value
		nearPtr(t, d.Document+" α", d.Coefficients["krippendorff_alpha"], want, 1e-12)
		sum += want
	}
	if len(v.PerDocument) != 3 {
		t.Fatalf("%d documents", len(v.PerDocument))
	}
	nearPtr(t, "macro α", v.Corpus.Coefficients["krippendorff_alpha"], sum/3, 1e-12)
	if v.Matrix == nil || v.Matrix.Alpha[0][0] != 1 {
		t.Error("no matrix for three coders")
	}
	p := run("pooled")
	if p.Corpus.Average != "pooled" || *p.Corpus.Coefficients["krippendorff_alpha"] != *p.Coefficients["krippendorff_alpha"].Value {
		t.Errorf("pooled corpus value %v, analysis %v", p.Corpus.Coefficients["krippendorff_alpha"], p.Coefficients["krippendorff_alpha"].Value)
	}
	for _, args := range [][]string{
		{"coding", "--by", "document", "examples/krippendorff.csv"},
		{"coding", "--by", "item", "examples/entities.jsonl"},
		{"coding", "--average", "macro", "examples/entities.jsonl"},
		{"coding", "--by", "document", "--average", "micro", "examples/entities.jsonl"},
	} {
		if _, errs, code := agree(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d (%s), want 2", args, code, errs)
		}
	}
}

// TestSpansByDocument: per-document counts pooled over pairs; micro is the
// pooled F1, macro the mean of the documents' F1.
func TestSpansByDocument(t *testing.T) {
	type out struct {
		PerDocument []struct {
			Document string   `json:"document"`
			F1       *float64 `json:"f1"`
		} `json:"per_document"`
		Corpus struct {
			Average string  `json:"average"`
			Value   float64 `json:"value"`
		} `json:"corpus"`
		Micro struct {
			F1 float64 `json:"f1"`
		} `json:"micro"`
	}
	var v [2]out
	for k, avg := range []string{"micro", "macro"} {
		s, errs, code := agree(t, "", "spans", "--format", "json", "--by", "document", "--average", avg, "examples/entities.csv")
		if code != 0 {
			t.Fatal(errs)
		}
		if err := json.Unmarshal([]byte(s), &v[k]); err != nil {
			t.Fatal(err)
		}
	}
	if v[0].Corpus.Value != v[0].Micro.F1 || v[0].Corpus.Average != "micro" {
		t.Errorf("micro corpus value %v, micro F1 %v", v[0].Corpus.Value, v[0].Micro.F1)
	}
	sum := 0.0
	for _, d := range v[1].PerDocument {
		sum += *d.F1
	}
	if math.Abs(v[1].Corpus.Value-sum/3) > 1e-12 {
		t.Errorf("macro %v, mean of documents %v", v[1].Corpus.Value, sum/3)
	}
	// relations too
	s, errs, code := agree(t, "", "relations", "--format", "json", "--by", "document", "examples/relations.csv")
	if code != 0 || !strings.Contains(s, `"per_document"`) || !strings.Contains(s, `"reference_relations"`) {
		t.Errorf("relations --by document: exit %d %s", code, errs)
	}
	if _, _, code := agree(t, "", "spans", "--by", "document", "--average", "pooled", "examples/entities.csv"); code != 2 {
		t.Errorf("spans --average pooled: exit %d, want 2", code)
	}
}
