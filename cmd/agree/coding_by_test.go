package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCodingByColumn: --by COLUMN takes the column out of the coders; the
// pooled corpus value is the value on the table without the column, each
// group's is the value on its rows alone, macro is their mean; groups come
// in the column's order (numbers by value).
func TestCodingByColumn(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/rounds.csv")
	lines := strings.Split(strings.TrimSpace(string(src)), "\n")
	// The same table without the round column, and each round's rows.
	drop := func(l string) string {
		f := strings.Split(l, ",")
		return strings.Join(append([]string{f[0]}, f[2:]...), ",")
	}
	var all []string
	rounds := map[string][]string{}
	for i, l := range lines {
		all = append(all, drop(l))
		if i > 0 {
			r := strings.Split(l, ",")[1]
			rounds[r] = append(rounds[r], drop(l))
		}
	}
	write := func(name string, ls []string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(strings.Join(ls, "\n")+"\n"), 0o644)
		return p
	}
	alpha := func(args ...string) (float64, map[string]any) {
		out, errs, code := agree(t, "", append(args, "--format", "json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var v map[string]any
		json.Unmarshal([]byte(out), &v)
		return v["coefficients"].(map[string]any)["krippendorff_alpha"].(map[string]any)["value"].(float64), v
	}
	plain, _ := alpha("coding", write("all.csv", all))
	pooled, v := alpha("coding", "--by", "round", "testdata/rounds.csv")
	if math.Abs(plain-pooled) > 1e-12 {
		t.Errorf("α with --by round %v, without the column %v", pooled, plain)
	}
	if names := v["coder_names"].([]any); len(names) != 3 {
		t.Errorf("coders %v: the round column is not a coder", names)
	}
	groups := v["per_group"].([]any)
	var sum float64
	for i, g := range groups {
		g := g.(map[string]any)
		r := g["group"].(string)
		if r != []string{"1", "2", "3", "4"}[i] {
			t.Errorf("group %d is %q", i, r)
		}
		want, _ := alpha("coding", write("r"+r+".csv", append([]string{all[0]}, rounds[r]...)))
		got := g["coefficients"].(map[string]any)["krippendorff_alpha"].(float64)
		if math.Abs(got-want) > 1e-12 {
			t.Errorf("round %s: α %v, on its rows alone %v", r, got, want)
		}
		sum += got
	}
	// The items read into memory (--bootstrap) give the same groups as
	// the streamed statistics.
	_, mem := alpha("coding", "--by", "round", "--bootstrap", "10", "testdata/rounds.csv")
	for i, g := range mem["per_group"].([]any) {
		a := g.(map[string]any)["coefficients"].(map[string]any)["krippendorff_alpha"].(float64)
		b := groups[i].(map[string]any)["coefficients"].(map[string]any)["krippendorff_alpha"].(float64)
		if a != b {
			t.Errorf("group %d: α %v in memory, %v streamed", i, a, b)
		}
	}
	_, m := alpha("coding", "--by", "round", "--average", "macro", "testdata/rounds.csv")
	if got := m["corpus"].(map[string]any)["coefficients"].(map[string]any)["krippendorff_alpha"].(float64); math.Abs(got-sum/4) > 1e-12 {
		t.Errorf("macro α %v, mean of the rounds %v", got, sum/4)
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"coding", "--by", "batch", "testdata/rounds.csv"}, 2, `the table has no column "batch"`},
		{[]string{"coding", "--by", "round,", "testdata/rounds.csv"}, 2, "an empty column name"},
		{[]string{"spans", "--by", "round", "examples/entities.csv"}, 2, "--by must be document"},
		{[]string{"coding", "--by", "round", "--emit-stats", "-", "testdata/rounds.csv"}, 2, "--by round would not be used"},
		{[]string{"coding", "--by", "round", "--merge-stats", "testdata/rounds.csv"}, 2, "merged statistics have none"},
	} {
		_, errs, code := agree(t, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("agree %s: exit %d, %q; want %d, %q", strings.Join(c.args, " "), code, errs, c.code, c.msg)
		}
	}
}

// TestCodingByLongTable: --by COLUMN on a long table (the column beside
// item, coder and value) gives the groups and values of --by on the same
// data as a wide table, streamed (shuffled or --sorted records) and read
// into memory (--bootstrap); two columns make groups of both values; an
// item whose records disagree on the column is refused (exit 1) with its
// line.
func TestCodingByLongTable(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/rounds.csv")
	lines := strings.Split(strings.TrimSpace(string(src)), "\n")
	coders := strings.Split(lines[0], ",")[2:]
	long := []string{"round,item,coder,value,site"}
	for _, l := range lines[1:] {
		f := strings.Split(l, ",")
		for c, v := range f[2:] {
			long = append(long, strings.Join([]string{f[1], f[0], coders[c], v, "s" + f[0][len(f[0])-1:]}, ","))
		}
	}
	p := filepath.Join(dir, "long.csv")
	os.WriteFile(p, []byte(strings.Join(long, "\n")+"\n"), 0o644)
	shuffled := append([]string{long[0]}, long[1:]...)
	for i := 1; i < len(shuffled); i++ { // a fixed permutation
		j := 1 + (i*7919)%(len(shuffled)-1)
		shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
	}
	ps := filepath.Join(dir, "shuffled.csv")
	os.WriteFile(ps, []byte(strings.Join(shuffled, "\n")+"\n"), 0o644)
	groups := func(args ...string) []any {
		t.Helper()
		out, errs, code := agree(t, "", append(append([]string{"coding"}, args...), "--format", "json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var v map[string]any
		json.Unmarshal([]byte(out), &v)
		if v["per_group"] == nil {
			t.Fatalf("%v: no per_group", args)
		}
		return v["per_group"].([]any)
	}
	alphas := func(gs []any) map[string]float64 {
		m := map[string]float64{}
		for _, g := range gs {
			g := g.(map[string]any)
			m[g["group"].(string)] = g["coefficients"].(map[string]any)["krippendorff_alpha"].(float64)
		}
		return m
	}
	want := alphas(groups("--by", "round", "testdata/rounds.csv"))
	if len(want) != 4 {
		t.Fatalf("wide: groups %v", want)
	}
	for _, args := range [][]string{{p}, {ps}, {"--sorted", p}, {"--bootstrap", "10", ps}, {"--layout", "long", p}} {
		got := alphas(groups(append([]string{"--by", "round"}, args...)...))
		if len(got) != len(want) {
			t.Errorf("%v: groups %v, wide %v", args, got, want)
		}
		for k, a := range want {
			if math.Abs(got[k]-a) > 1e-12 {
				t.Errorf("%v: round %s: α %v, wide %v", args, k, got[k], a)
			}
		}
	}
	two := groups("--by", "round,site", p)
	if g := two[0].(map[string]any); g["group"] != "1, s1" || g["values"].(map[string]any)["site"] != "s1" {
		t.Errorf("--by round,site: first group %v", g)
	}
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte("item,coder,value,round\ni1,a,x,1\ni1,b,x,2\ni2,a,y,1\ni2,b,y,1\n"), 0o644)
	if _, errs, code := agree(t, "", "coding", "--by", "round", bad); code != 1 || !strings.Contains(errs, `bad.csv:3: item "i1" is in round "2" here and "1"`) {
		t.Errorf("an item in two rounds: exit %d, %q", code, errs)
	}
	if _, errs, code := agree(t, "", "coding", "--by", "batch", p); code != 2 || !strings.Contains(errs, `the table has no column "batch" (columns: round, site;`) {
		t.Errorf("--by batch: exit %d, %q", code, errs)
	}
}
