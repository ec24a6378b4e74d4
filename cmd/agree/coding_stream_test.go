package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
)

// randomCodingFile writes items × coders wide data with missing cells and
// k values (numbers), the item ids in random order, and returns its path
// and its rows (without the header).
func randomCodingFile(t *testing.T, dir string, seed uint64, items, coders, k int) (string, []string) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 21))
	var rows []string
	for _, i := range rng.Perm(items) {
		row := []string{fmt.Sprintf("item%d", i)}
		truth := rng.IntN(k)
		for range coders {
			switch r := rng.Float64(); {
			case r < 0.15:
				row = append(row, "")
			case r < 0.45:
				row = append(row, fmt.Sprint(rng.IntN(k)))
			default:
				row = append(row, fmt.Sprint(truth))
			}
		}
		rows = append(rows, strings.Join(row, ","))
	}
	header := "item"
	for c := range coders {
		header += fmt.Sprintf(",coder%d", c)
	}
	return writeFile(t, dir, fmt.Sprintf("data%d.csv", seed), header+"\n"+strings.Join(rows, "\n")+"\n"), rows
}

// runJSON runs agree coding with --format json and decodes the output
// into a generic map, without the "file" and "notes" keys.
func runJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	out, errs, code := agree(t, "", append([]string{"coding", "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errs)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	delete(v, "file")
	delete(v, "notes")
	return v
}

// sameJSON compares two decoded outputs: numbers to tol (0: exactly),
// everything else exactly; keys present in only one are reported unless
// listed in skip.
func sameJSON(t *testing.T, path string, got, want any, tol float64, skip map[string]bool) {
	t.Helper()
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			t.Errorf("%s: got %T, want an object", path, got)
			return
		}
		for k, wv := range w {
			if skip[k] {
				continue
			}
			gv, ok := g[k]
			if !ok {
				t.Errorf("%s.%s missing", path, k)
				continue
			}
			sameJSON(t, path+"."+k, gv, wv, tol, skip)
		}
		for k := range g {
			if _, ok := w[k]; !ok && !skip[k] {
				t.Errorf("%s.%s unexpected", path, k)
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			t.Errorf("%s: got %v, want %v", path, got, want)
			return
		}
		for i := range w {
			sameJSON(t, fmt.Sprintf("%s[%d]", path, i), g[i], w[i], tol, skip)
		}
	case float64:
		g, ok := got.(float64)
		if !ok || math.Abs(g-w) > tol*math.Max(1, math.Abs(w)) {
			t.Errorf("%s: got %v, want %v (± %g)", path, got, want, tol)
		}
	default:
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: got %v, want %v", path, got, want)
		}
	}
}

// TestCodingStreamMatchesInMemory: the default output, streamed, equals
// (to 1e-12) the output computed from the data in memory (which
// --dawid-skene forces), for every coefficient, standard error and
// diagnostic, on random data, for several distances.
func TestCodingStreamMatchesInMemory(t *testing.T) {
	// The example files, as every test reads them.
	for _, args := range [][]string{
		{"examples/krippendorff.csv"},
		{"--metric", "interval", "examples/krippendorff.csv"},
		{"--metric", "ordinal", "--missing", "item", "examples/krippendorff.csv"},
		{"examples/table6.csv"},
		{"--metric", "matrix:examples/table6-distances.csv", "examples/table6.csv"},
		{"--categories", "STAT,IREQ,CHCK,OTHER", "examples/table6.csv"},
	} {
		streamed := runJSON(t, args...)
		inMemory := runJSON(t, append([]string{"--dawid-skene"}, args...)...)
		sameJSON(t, fmt.Sprint(args), streamed, inMemory, 1e-12, map[string]bool{"dawid_skene": true})
	}
	dir := t.TempDir()
	for seed := range uint64(3) {
		file, _ := randomCodingFile(t, dir, seed, 300, 4+int(seed), 5)
		for _, metric := range []string{"nominal", "ordinal", "interval"} {
			streamed := runJSON(t, "--metric", metric, "--top", "15", file)
			inMemory := runJSON(t, "--metric", metric, "--top", "15", "--dawid-skene", file)
			sameJSON(t, fmt.Sprintf("seed %d %s", seed, metric), streamed, inMemory, 1e-12, map[string]bool{"dawid_skene": true})
		}
	}
}

// TestCodingShardsMergeBitIdentical: statistics emitted for shards of a
// file and merged, in any order, give bit for bit the output of one run.
func TestCodingShardsMergeBitIdentical(t *testing.T) {
	dir := t.TempDir()
	file, rows := randomCodingFile(t, dir, 7, 900, 5, 4)
	header := "item,coder0,coder1,coder2,coder3,coder4\n"
	rng := rand.New(rand.NewPCG(1, 2))
	shards := make([][]string, 3)
	for _, r := range rows {
		k := rng.IntN(3)
		shards[k] = append(shards[k], r)
	}
	var stats []string
	for k, s := range shards {
		in := writeFile(t, dir, fmt.Sprintf("shard%d.csv", k), header+strings.Join(s, "\n")+"\n")
		out := filepath.Join(dir, fmt.Sprintf("shard%d.json", k))
		if _, errs, code := agree(t, "", "coding", "--emit-stats", out, in); code != 0 {
			t.Fatalf("emit: exit %d: %s", code, errs)
		}
		stats = append(stats, out)
	}
	for _, metric := range []string{"nominal", "interval"} {
		want := runJSON(t, "--metric", metric, file)
		for _, order := range [][]int{{0, 1, 2}, {2, 0, 1}, {1, 2, 0}} {
			args := []string{"--metric", metric, "--merge-stats"}
			for _, o := range order {
				args = append(args, stats[o])
			}
			sameJSON(t, fmt.Sprintf("%s merged %v", metric, order), runJSON(t, args...), want, 0, nil)
		}
	}
	// Statistics on standard output, merged from standard input.
	out, errs, code := agree(t, "", "coding", "--emit-stats", "-", file)
	if code != 0 {
		t.Fatalf("emit to stdout: exit %d: %s", code, errs)
	}
	merged, errs, code := agree(t, out, "coding", "--format", "json", "--merge-stats", "-")
	if code != 0 {
		t.Fatalf("merge from stdin: exit %d: %s", code, errs)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(merged), &v); err != nil {
		t.Fatal(err)
	}
	delete(v, "file")
	delete(v, "notes")
	sameJSON(t, "stdin", v, runJSON(t, file), 0, nil)
}

// TestCodingSortedLong: a long file read with --sorted gives the output of
// the unsorted reader; records out of order are refused.
func TestCodingSortedLong(t *testing.T) {
	dir := t.TempDir()
	_, rows := randomCodingFile(t, dir, 3, 400, 4, 3)
	var long []string
	for _, r := range rows {
		f := strings.Split(r, ",")
		for c, v := range f[1:] {
			long = append(long, fmt.Sprintf("%s,coder%d,%s", f[0], c, v))
		}
	}
	shuffled := writeFile(t, dir, "shuffled.csv", "item,coder,value\n"+strings.Join(long, "\n")+"\n")
	sortedRecs := append([]string(nil), long...)
	slicesSortStable(sortedRecs)
	sorted := writeFile(t, dir, "sorted.csv", "item,coder,value\n"+strings.Join(sortedRecs, "\n")+"\n")
	want := runJSON(t, shuffled)
	sameJSON(t, "sorted", runJSON(t, "--sorted", sorted), want, 0, nil)
	sameJSON(t, "sorted without --sorted", runJSON(t, sorted), want, 0, nil)
	_, errs, code := agree(t, "", "coding", "--sorted", shuffled)
	if code != 1 || !strings.Contains(errs, "not sorted by item") {
		t.Errorf("shuffled with --sorted: exit %d, %s", code, errs)
	}
}

// slicesSortStable sorts records by their first field (byte order),
// keeping the order of each item's records.
func slicesSortStable(recs []string) {
	key := func(s string) string { k, _, _ := strings.Cut(s, ","); return k }
	for i := 1; i < len(recs); i++ {
		for j := i; j > 0 && key(recs[j]) < key(recs[j-1]); j-- {
			recs[j], recs[j-1] = recs[j-1], recs[j]
		}
	}
}

// TestCodingCrowd: crowd data (many workers, few labels per item) lists
// only pairs of workers with shared items, at most --max-rows of them.
func TestCodingCrowd(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	var b strings.Builder
	b.WriteString("item,coder,value\n")
	for i := range 500 {
		truth := rng.IntN(3)
		for _, w := range rng.Perm(200)[:5] {
			v := truth
			if rng.IntN(4) == 0 {
				v = rng.IntN(3)
			}
			fmt.Fprintf(&b, "q%d,w%d,%d\n", i, w, v)
		}
	}
	file := writeFile(t, t.TempDir(), "crowd.csv", b.String())
	var v struct {
		Pairwise        []struct{ Items int } `json:"pairwise"`
		PairwiseOmitted int                   `json:"pairwise_omitted"`
		LOO             []json.RawMessage     `json:"leave_one_coder_out"`
		LOOOmitted      int                   `json:"leave_one_coder_out_omitted"`
	}
	out, errs, code := agree(t, "", "coding", "--format", "json", "--max-rows", "50", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Pairwise) != 50 || v.PairwiseOmitted == 0 || len(v.LOO) != 50 || v.LOOOmitted != 150 {
		t.Errorf("pairs %d (+%d omitted), leave-one-out %d (+%d); want 50 of each and the rest counted", len(v.Pairwise), v.PairwiseOmitted, len(v.LOO), v.LOOOmitted)
	}
	// 500 items × 10 pairs of workers: at most 5000 pairs share an item,
	// far fewer than the 19,900 pairs of workers.
	if total := len(v.Pairwise) + v.PairwiseOmitted; total > 5000 {
		t.Errorf("%d pairs listed or counted; only pairs with shared items should be", total)
	}
	for i := 1; i < len(v.Pairwise); i++ {
		if v.Pairwise[i].Items > v.Pairwise[i-1].Items {
			t.Errorf("pairs not by decreasing shared items")
			break
		}
	}
	text, errs, code := agree(t, "", "coding", "--max-rows", "50", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"showing the first 50 of", "pairs (those with the most shared items; --max-rows)", "showing the first 50 of 200 coders"} {
		if !strings.Contains(text, want) {
			t.Errorf("the tables do not say %q", want)
		}
	}
}

func TestCodingStreamUsage(t *testing.T) {
	dir := t.TempDir()
	file, _ := randomCodingFile(t, dir, 1, 20, 3, 3)
	existing := writeFile(t, dir, "exists.json", "{}")
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"emit over an existing file", []string{"coding", "--emit-stats", existing, file}, 2, "file exists"},
		{"emit over the input", []string{"coding", "--emit-stats", file, "--force", file}, 2, "refusing to overwrite an input"},
		{"merge with a bootstrap", []string{"coding", "--merge-stats", "--bootstrap", "100", existing}, 2, "--bootstrap needs the items"},
		{"merge with a layout", []string{"coding", "--merge-stats", "--layout", "wide", existing}, 2, "--layout does not apply"},
		{"emit with a bootstrap", []string{"coding", "--emit-stats", "x.json", "--bootstrap", "10", file}, 2, "would not be used"},
		{"sorted wide", []string{"coding", "--sorted", "--layout", "wide", file}, 2, "--sorted is for the long layout"},
		{"negative max-rows", []string{"coding", "--max-rows", "-1", file}, 2, "max-rows"},
		{"merge of a non-statistics file", []string{"coding", "--merge-stats", file}, 1, "invalid JSON"},
		{"merge of another JSON", []string{"coding", "--merge-stats", existing}, 1, "not agree coding statistics"},
		{"two tables", []string{"coding", file, file}, 2, "a table is one FILE"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, errs, code := agree(t, "", c.args...)
			if code != c.code || !strings.Contains(errs, c.want) {
				t.Errorf("exit %d, %q; want exit %d and %q", code, errs, c.code, c.want)
			}
		})
	}
}
