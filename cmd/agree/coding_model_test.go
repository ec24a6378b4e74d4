package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCodingDocumentLabelsPaths: document labels read through the
// annotation model (a crowd JSONL: many annotators, each labelling a few
// documents) are analysed from their statistics, and give the
// coefficients of the same labels as a long table (item,coder,value) and
// of the items in memory (--bootstrap builds the table; its point values
// are those of the data). Tolerance 1e-12: the paths sum in one order.
func TestCodingDocumentLabelsPaths(t *testing.T) {
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(11, 12))
	var jsonl, long strings.Builder
	long.WriteString("item,coder,value\n")
	for d := range 300 {
		for _, a := range r.Perm(60)[:3] {
			v := string("abc"[r.IntN(3)])
			fmt.Fprintf(&jsonl, `{"type":"label","document":"d%03d","annotator":"w%02d","value":%q}`+"\n", d, a, v)
			fmt.Fprintf(&long, "d%03d,w%02d,%s\n", d, a, v)
		}
	}
	model := writeFile(t, dir, "crowd.jsonl", jsonl.String())
	table := writeFile(t, dir, "crowd.csv", long.String())
	coefs := func(args ...string) map[string]any {
		return jsonOut(t, append([]string{"coding", "--format", "json"}, args...)...)["coefficients"].(map[string]any)
	}
	want := coefs("--layout", "long", table)
	for _, tc := range []struct {
		why  string
		args []string
	}{
		{"the statistics built from the labels", []string{model}},
		{"the items in memory (--bootstrap needs them)", []string{"--bootstrap", "20", "--seed", "1", model}},
	} {
		got := coefs(tc.args...)
		for k, w := range want {
			x, y := got[k].(map[string]any)["value"], w.(map[string]any)["value"]
			xf, xok := x.(float64)
			yf, yok := y.(float64)
			if xok != yok || (xok && math.Abs(xf-yf) > 1e-12) {
				t.Errorf("%s: %s = %v, the long table gives %v", tc.why, k, x, y)
			}
		}
	}
}

// TestCodingDenseLimit: the options that need the items as a documents ×
// annotators table refuse one past 2^28 cells (crowd data of 20,000
// documents and 20,000 annotators: 8.6 GB were seen), naming the sizes;
// without them the same data are analysed from the labels.
func TestCodingDenseLimit(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i := range 20_000 {
		fmt.Fprintf(&b, `{"type":"annotator","annotator":"w%d"}`+"\n"+`{"type":"document","document":"d%d"}`+"\n", i, i)
	}
	for i := range 600 {
		fmt.Fprintf(&b, `{"type":"label","document":"d%d","annotator":"w%d","value":"%c"}`+"\n", i/2, (i*7919)%20_000, "ab"[i%2])
	}
	crowd := writeFile(t, dir, "crowd.jsonl", b.String())
	for _, tc := range []struct {
		why  string
		args []string
		code int
		want string
	}{
		{"--bootstrap would build 400 million cells", []string{"--bootstrap", "10"}, 1, "--bootstrap needs the labels as a table of 20000 documents × 20000 annotators (400000000 cells, 1.5 GiB)"},
		{"--dawid-skene too", []string{"--dawid-skene"}, 1, "--dawid-skene needs the labels as a table"},
		{"without them the labels suffice", nil, 0, "20000 items"},
	} {
		out, errs, code := agree(t, "", append(append([]string{"coding"}, tc.args...), crowd)...)
		if code != tc.code || !strings.Contains(out+errs, tc.want) {
			t.Errorf("%s: exit %d, want %d with %q:\n%s%s", tc.why, code, tc.code, tc.want, out, errs)
		}
	}
}
