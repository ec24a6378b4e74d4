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

// TestGammaByDocument: each document's γ is agree gamma's on that document
// alone (same options; the shuffle sampler); macro is their mean; pooled
// the corpus γ; the pairwise matrix is symmetric.
func TestGammaByDocument(t *testing.T) {
	type out struct {
		Gamma       float64 `json:"gamma"`
		PerDocument []struct {
			Document string   `json:"document"`
			Gamma    *float64 `json:"gamma"`
		} `json:"per_document"`
		Corpus struct {
			Average string  `json:"average"`
			Value   float64 `json:"value"`
		} `json:"corpus"`
		Matrix *struct {
			Gamma [][]*float64 `json:"gamma"`
		} `json:"matrix"`
	}
	decode := func(args ...string) out {
		s, errs, code := agree(t, "", append([]string{"gamma", "--format", "json", "--samples", "20", "--precision", "0", "--seed", "3"}, args...)...)
		if code != 0 {
			t.Fatal(errs)
		}
		var v out
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	m := decode("--by", "document", "--average", "macro", "examples/entities.csv")
	p := decode("--by", "document", "examples/entities.csv")
	if p.Corpus.Average != "pooled" || p.Corpus.Value != p.Gamma {
		t.Errorf("pooled corpus value %v, γ %v", p.Corpus.Value, p.Gamma)
	}
	data, _ := os.ReadFile("examples/entities.csv")
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	sum := 0.0
	for _, d := range m.PerDocument {
		var one []string
		for _, l := range lines[1:] {
			if strings.HasPrefix(l, d.Document+",") {
				one = append(one, l)
			}
		}
		path := t.TempDir() + "/one.csv"
		os.WriteFile(path, []byte(lines[0]+"\n"+strings.Join(one, "\n")+"\n"), 0o644)
		alone := decode("--sampler", "shuffle", path)
		if d.Gamma == nil || math.Abs(*d.Gamma-alone.Gamma) > 1e-12 {
			t.Errorf("%s: γ %v by document, %v alone", d.Document, d.Gamma, alone.Gamma)
		}
		sum += alone.Gamma
	}
	if math.Abs(m.Corpus.Value-sum/3) > 1e-12 {
		t.Errorf("macro %v, mean %v", m.Corpus.Value, sum/3)
	}
	if m.Matrix == nil || *m.Matrix.Gamma[0][1] != *m.Matrix.Gamma[1][0] || *m.Matrix.Gamma[2][2] != 1 {
		t.Errorf("matrix %+v", m.Matrix)
	}
}

// TestUnitizingByDocument: pooled is agree unitizing --concatenate; macro
// the mean of the documents' values.
func TestUnitizingByDocument(t *testing.T) {
	type byDoc struct {
		PerDocument []map[string]any `json:"per_document"`
		Corpus      struct {
			Average string              `json:"average"`
			Values  map[string]*float64 `json:"values"`
		} `json:"corpus"`
		Matrix *struct {
			UAlpha [][]*float64 `json:"u_alpha"`
		} `json:"matrix"`
	}
	run := func(args ...string) string {
		s, errs, code := agree(t, "", append([]string{"unitizing", "--format", "json"}, args...)...)
		if code != 0 {
			t.Fatal(errs)
		}
		return s
	}
	var pooled, macro byDoc
	json.Unmarshal([]byte(run("--by", "document", "examples/entities.csv")), &pooled)
	json.Unmarshal([]byte(run("--by", "document", "--average", "macro", "examples/entities.csv")), &macro)
	var concat map[string]any
	json.Unmarshal([]byte(run("--concatenate", "examples/entities.csv")), &concat)
	for _, k := range []string{"alpha_u", "u_alpha", "kappa_d", "ser"} {
		nearPtr(t, "pooled "+k, pooled.Corpus.Values[k], concat[k].(float64), 1e-12)
		sum := 0.0
		for _, d := range macro.PerDocument {
			sum += d[k].(float64)
		}
		nearPtr(t, "macro "+k, macro.Corpus.Values[k], sum/float64(len(macro.PerDocument)), 1e-12)
	}
	if len(pooled.PerDocument) != 3 || pooled.Matrix == nil || *pooled.Matrix.UAlpha[1][1] != 1 {
		t.Errorf("per_document %d, matrix %v", len(pooled.PerDocument), pooled.Matrix)
	}
	if _, _, code := agree(t, "", "unitizing", "--by", "document", "--concatenate", "examples/entities.csv"); code != 2 {
		t.Errorf("--by document --concatenate: exit %d, want 2", code)
	}
}

// TestCorefByDocument: a pair's score on a document is agree coref's on
// that document alone; micro is the pairs' scores, macro their mean over
// documents.
func TestCorefByDocument(t *testing.T) {
	rows := []string{
		"a,m1,x,d1", "a,m2,x,d1", "a,m3,y,d1", "b,m1,x,d1", "b,m2,y,d1", "b,m3,y,d1", "c,m1,x,d1", "c,m2,x,d1", "c,m3,x,d1",
		"a,n1,p,d2", "a,n2,p,d2", "a,n3,q,d2", "a,n4,q,d2", "b,n1,p,d2", "b,n2,p,d2", "b,n3,p,d2", "b,n4,q,d2", "c,n1,p,d2", "c,n2,q,d2", "c,n3,q,d2", "c,n4,q,d2",
	}
	dir := t.TempDir()
	write := func(name string, rs []string) string {
		p := dir + "/" + name
		os.WriteFile(p, []byte("annotator,mention,chain,document\n"+strings.Join(rs, "\n")+"\n"), 0o644)
		return p
	}
	all := write("all.csv", rows)
	type pair struct {
		Annotators [2]string `json:"annotators"`
		CoNLLF1    float64   `json:"conll_f1"`
	}
	type out struct {
		Pairs       []pair `json:"pairs"`
		PerDocument []struct {
			Document string `json:"document"`
			Pairs    []pair `json:"pairs"`
		} `json:"per_document"`
		Corpus struct {
			Pairs []pair  `json:"pairs"`
			Value float64 `json:"value"`
		} `json:"corpus"`
		Matrix *struct {
			CoNLLF1 [][]float64 `json:"conll_f1"`
		} `json:"matrix"`
	}
	run := func(args ...string) out {
		s, errs, code := agree(t, "", append([]string{"coref", "--format", "json"}, args...)...)
		if code != 0 {
			t.Fatal(errs)
		}
		var v out
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	micro := run("--by", "document", all)
	macro := run("--by", "document", "--average", "macro", all)
	for k, p := range micro.Pairs {
		if micro.Corpus.Pairs[k].CoNLLF1 != p.CoNLLF1 {
			t.Errorf("micro %v: %v, pair score %v", p.Annotators, micro.Corpus.Pairs[k].CoNLLF1, p.CoNLLF1)
		}
	}
	sums := make([]float64, 3)
	for _, d := range micro.PerDocument {
		var one []string
		for _, r := range rows {
			if strings.HasSuffix(r, ","+d.Document) {
				one = append(one, r)
			}
		}
		alone := run(write(d.Document+".csv", one))
		for k, p := range d.Pairs {
			if math.Abs(p.CoNLLF1-alone.Pairs[k].CoNLLF1) > 1e-12 {
				t.Errorf("%s %v: %v by document, %v alone", d.Document, p.Annotators, p.CoNLLF1, alone.Pairs[k].CoNLLF1)
			}
			sums[k] += p.CoNLLF1
		}
	}
	for k, p := range macro.Corpus.Pairs {
		if math.Abs(p.CoNLLF1-sums[k]/2) > 1e-12 {
			t.Errorf("macro %v: %v, mean of documents %v", p.Annotators, p.CoNLLF1, sums[k]/2)
		}
	}
	if micro.Matrix == nil || micro.Matrix.CoNLLF1[0][1] != micro.Pairs[0].CoNLLF1 {
		t.Errorf("matrix %+v", micro.Matrix)
	}
}
