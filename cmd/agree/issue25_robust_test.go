package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"agree/internal/inputtest"
	"agree/segmentation"
)

// writeLongChain writes issue 25's coreference CSV: 2 annotators × n
// mentions of one document in one chain each.
func writeLongChain(tb testing.TB, n int) string {
	tb.Helper()
	p := filepath.Join(tb.TempDir(), "chain.csv")
	f, err := os.Create(p)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriter(f)
	w.WriteString("annotator,mention,chain\n")
	for _, a := range []string{"A", "B"} {
		for m := range n {
			fmt.Fprintf(w, "%s,m%d,c1\n", a, m)
		}
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	f.Close()
	return p
}

// TestCorefLongChain: issue 25, 2 annotators × 20 000 mentions in one chain
// (chains as sets took 2.7 GB and crashed: every mention's label was its
// whole chain). In a child process under a memory limit: exit 0, peak
// memory far below, and α = 1 for identical chains under every distance.
func TestCorefLongChain(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	limit := int64(512 << 20)
	if raceEnabled {
		limit = 0
	}
	p := writeLongChain(t, 20000)
	r := agreeChild(t, limit, 2*time.Minute, "coref", "--format", "json", p)
	if r.code != 0 {
		t.Fatalf("exit %d: %.400s", r.code, r.stderr)
	}
	if limit > 0 && r.peak > 150<<20 {
		t.Errorf("peak memory %d MB", r.peak>>20)
	}
	var out struct {
		ChainsAsSets map[string]any `json:"chains_as_sets"`
		Pairs        []struct {
			ChainsAsSets map[string]any `json:"chains_as_sets"`
		} `json:"pairs"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatal(err)
	}
	for _, cs := range []map[string]any{out.ChainsAsSets, out.Pairs[0].ChainsAsSets} {
		for _, k := range []string{"masi", "jaccard", "dice", "passonneau", "nominal"} {
			if cs[k] != 1.0 {
				t.Errorf("%s = %v, want 1", k, cs[k])
			}
		}
	}
}

// BenchmarkCorefLongChain: issue 25, the whole coref command (every score,
// the link table, chains as sets, table output) on 2 × 20 000 mentions in
// one chain.
func BenchmarkCorefLongChain(b *testing.B) {
	benchCommand(b, "", "coref", writeLongChain(b, 20000))
}

// TestCorefBratRoutes: issue 25, brat read by agree coref directly and the
// same brat converted to the JSONL and to the span CSV and read back give
// the same output (a discontinuous mention is one mention on every route;
// event triggers, in no chain, are left out on every route), for the
// shared fixture (entities, an event trigger, a discontinuous span, three
// annotators) and a collection with a discontinuous mention in a chain.
func TestCorefBratRoutes(t *testing.T) {
	dir := t.TempDir()
	for ann, lines := range map[string]string{
		"alice": "T1\tPER 0 5\tAlice\nT2\tPER 10 13\tBob\nT3\tPER 18 21;27 29\tshe hi\nT4\tPER 33 36\thim\nT5\tMeet 6 9\tmet\nE1\tMeet:T5\n*\tEquiv T1 T3\nR1\tCoreference Arg1:T2 Arg2:T4\n",
		"bob":   "T1\tPER 0 5\tAlice\nT2\tPER 10 13\tBob\nT3\tPER 18 21\tshe\nT6\tPER 27 29\thi\nT4\tPER 33 36\thim\n*\tEquiv T1 T3 T6\n",
	} {
		os.MkdirAll(filepath.Join(dir, "brat", ann), 0o755)
		os.WriteFile(filepath.Join(dir, "brat", ann, "d.ann"), []byte(lines), 0o644)
		os.WriteFile(filepath.Join(dir, "brat", ann, "d.txt"), []byte("Alice met Bob and she said hi to him."), 0o644)
	}
	for _, src := range []string{filepath.Join(dir, "brat"), "../../formats/brat/testdata/common"} {
		// the span CSV does not record who annotated which document:
		// compared under --documents all, as it is read
		for _, to := range []string{"jsonl", "csv"} {
			docs := map[string]string{"jsonl": "annotated", "csv": "all"}[to]
			want, errs, code := agree(t, "", "coref", "--format", "json", "--quiet", "--documents", docs, src)
			if code != 0 {
				t.Fatalf("%s: exit %d: %s", src, code, errs)
			}
			conv := filepath.Join(t.TempDir(), "c."+to)
			if _, errs, code := agree(t, "", "convert", "--quiet", "--to", to, "-o", conv, src); code != 0 {
				t.Fatalf("convert: %s", errs)
			}
			got, errs, code := agree(t, "", "coref", "--format", "json", "--quiet", "--documents", docs, conv)
			if code != 0 {
				t.Fatalf("%s → %s: exit %d: %s", src, to, code, errs)
			}
			if to == "csv" { // it cannot record who annotated what: document_rule and a note say so
				got, want = withoutRule(t, got), withoutRule(t, want)
			}
			if got != want {
				t.Errorf("%s → %s → coref differs from coref on brat:\n%s\nwant\n%s", src, to, got, want)
			}
		}
	}
}

// withoutRule returns the JSON object js without its document_rule and
// the note that describes the rule, re-encoded.
func withoutRule(t *testing.T, js string) string {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(js), &v); err != nil {
		t.Fatal(err)
	}
	delete(v, "document_rule")
	if notes, ok := v["notes"].([]any); ok {
		var keep []any
		for _, n := range notes {
			if s, _ := n.(string); !strings.HasPrefix(s, "--documents ") {
				keep = append(keep, n)
			}
		}
		v["notes"] = keep
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSpansDuplicates: issue 25, agree spans on 2 annotators × 2000 copies
// of one span (51 s and 930 MB when every copy was matched alone, cubic in
// the copies), in a child process under a memory limit: every copy is
// matched (F1 1), under exact and overlap matching.
func TestSpansDuplicates(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	limit := int64(256 << 20)
	if raceEnabled {
		limit = 0
	}
	p := filepath.Join(t.TempDir(), "dup.csv")
	var b strings.Builder
	b.WriteString("document,annotator,start,end,label\n")
	for _, a := range []string{"A", "B"} {
		for range 2000 {
			fmt.Fprintf(&b, "d,%s,10,20,X\n", a)
		}
	}
	os.WriteFile(p, []byte(b.String()), 0o644)
	for _, match := range []string{"exact", "overlap"} {
		r := agreeChild(t, limit, 2*time.Minute, "spans", "--format", "json", "--match", match, p)
		if r.code != 0 {
			t.Fatalf("%s: exit %d: %.400s", match, r.code, r.stderr)
		}
		var out struct {
			Pairs []struct {
				Matched int     `json:"matched"`
				F1      float64 `json:"f1"`
			} `json:"pairs"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
			t.Fatal(err)
		}
		if len(out.Pairs) != 1 || out.Pairs[0].Matched != 2000 || out.Pairs[0].F1 != 1 {
			t.Errorf("%s: %+v", match, out.Pairs)
		}
		if limit > 0 && r.peak > 100<<20 {
			t.Errorf("%s: peak memory %d MB", match, r.peak>>20)
		}
	}
}

// writeCAS writes inputtest.CAS of about n bytes for TestCASMemory.
func writeCAS(t *testing.T, n int, json, ids bool) string {
	t.Helper()
	name := "m.xmi"
	if json {
		name = "m.json"
	}
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(inputtest.CAS(n, json, ids)), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCASMemory: issue 25, the UIMA readers' peak memory is a small
// multiple of the file (a 50 MB document text took 837 MB; a million empty
// elements in 6 MB, 623 MB): agree convert on 16 MB CAS files in a child
// process, its peak resident memory at most 4 times the file (XMI; JSON,
// whose parse tree takes 16 bytes a value: 7 times) plus the runtime's
// 40 MB.
func TestCASMemory(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("starts processes and measures their memory")
	}
	const size = 16 << 20
	for _, json := range []bool{false, true} {
		for _, ids := range []bool{false, true} {
			p := writeCAS(t, size, json, ids)
			r := agreeChild(t, 1<<30, 2*time.Minute, "convert", p)
			if r.code != 0 {
				t.Fatalf("json=%v ids=%v: exit %d: %.300s", json, ids, r.code, r.stderr)
			}
			factor := int64(4)
			if json {
				factor = 7
			}
			if r.peak == 0 {
				t.Skip("no peak memory on this system")
			}
			if limit := factor*size + 40<<20; r.peak > limit {
				t.Errorf("json=%v ids=%v: peak %d MB for a file of %d MB (at most %d MB)", json, ids, r.peak>>20, size>>20, limit>>20)
			}
			t.Logf("json=%v ids=%v: peak %d MB for %d MB", json, ids, r.peak>>20, size>>20)
		}
	}
}

// TestSegmentationManyCoders: issue 25, segmentation keeps no pair of
// coders (1000 coders on one item took 2 GB): 600 coders on one item
// (179 700 pairs) in a child process under 256 MB, its peak below 60 MB,
// the printed pairs bounded by --max-rows and the others counted, the
// summaries over every pair (coders alternate between two segmentations:
// mean B = (same + different·B(a, b)) / pairs).
func TestSegmentationManyCoders(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	const coders = 600
	var b strings.Builder
	b.WriteString("item,coder,masses\n")
	masses := [2]string{"3 4 5", "3 5 4"}
	for c := range coders {
		fmt.Fprintf(&b, "doc,c%d,%s\n", c, masses[c%2])
	}
	p := filepath.Join(t.TempDir(), "many.csv")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	limit := int64(256 << 20)
	if raceEnabled {
		limit = 0
	}
	r := agreeChild(t, limit, 2*time.Minute, "segmentation", "--format", "json", p)
	if r.code != 0 {
		t.Fatalf("exit %d: %.400s", r.code, r.stderr)
	}
	if limit > 0 && r.peak > 60<<20 {
		t.Errorf("peak memory %d MB", r.peak>>20)
	}
	var out struct {
		Pairs             []json.RawMessage `json:"pairs"`
		PairsOmitted      int               `json:"pairs_omitted"`
		CoderPairs        []json.RawMessage `json:"coder_pairs"`
		CoderPairsOmitted int               `json:"coder_pairs_omitted"`
		Summary           map[string]struct {
			Mean float64 `json:"mean"`
			N    int     `json:"n"`
		} `json:"summary"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatal(err)
	}
	const pairs = coders * (coders - 1) / 2
	if len(out.Pairs) != 100 || out.PairsOmitted != pairs-100 || len(out.CoderPairs) != 100 || out.CoderPairsOmitted != pairs-100 {
		t.Errorf("pairs %d + %d, coder pairs %d + %d; want 100 + %d", len(out.Pairs), out.PairsOmitted, len(out.CoderPairs), out.CoderPairsOmitted, pairs-100)
	}
	sa, _ := segmentation.FromMasses([]int{3, 4, 5})
	sb, _ := segmentation.FromMasses([]int{3, 5, 4})
	e, err := segmentation.BoundaryEdits(sa, sb, segmentation.DefaultNT)
	if err != nil {
		t.Fatal(err)
	}
	same := 2 * (coders / 2) * (coders/2 - 1) / 2
	want := (float64(same) + float64(pairs-same)*e.B()) / pairs
	if s := out.Summary["b"]; s.N != pairs || math.Abs(s.Mean-want) > 1e-12 {
		t.Errorf("summary b: n %d mean %v, want %d, %v", s.N, s.Mean, pairs, want)
	}
}
