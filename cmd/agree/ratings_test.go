package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// shroutFleissCSV is Shrout & Fleiss's (1979) Table 2 in the long layout.
const shroutFleissCSV = `subject,judge,rating
1,J1,9
1,J2,2
1,J3,5
1,J4,8
2,J1,6
2,J2,1
2,J3,3
2,J4,2
3,J1,8
3,J2,4
3,J3,6
3,J4,8
4,J1,7
4,J2,1
4,J3,2
4,J4,6
5,J1,10
5,J2,5
5,J3,6
5,J4,9
6,J1,6
6,J2,2
6,J3,4
6,J4,7
`

// TestRatingsCommand: agree ratings reads the long layout and gives Shrout
// & Fleiss's (1979, Table 4) six coefficients (ICC(1,1) .17, ICC(2,1) .29,
// ICC(3,1) .71, ICC(1,4) .44, ICC(2,4) .62, ICC(3,4) .91) and psych::ICC's
// interval of ICC(2,1), [0.0188, 0.7611] (package ratings' test has every
// digit); the text, CSV and Markdown outputs carry them too.
func TestRatingsCommand(t *testing.T) {
	out, errs, code := agree(t, shroutFleissCSV, "ratings", "--format", "json", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Items, Raters int
		ICC           struct {
			Forms []struct {
				Key          string
				ShroutFleiss string `json:"shrout_fleiss"`
				Value        float64
				CI           struct{ Low, High float64 }
			}
		}
		Pairs    []struct{ Raters []string }
		VsOthers []struct{ Rater string } `json:"vs_others"`
		KendallW struct{ Value float64 }  `json:"kendall_w"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"ICC(1,1)": .17, "ICC(2,1)": .29, "ICC(3,1)": .71, "ICC(1,k)": .44, "ICC(2,k)": .62, "ICC(3,k)": .91}
	if r.Items != 6 || r.Raters != 4 || len(r.ICC.Forms) != 6 || len(r.Pairs) != 6 || len(r.VsOthers) != 4 {
		t.Fatalf("items %d, raters %d, forms %d, pairs %d, vs_others %d", r.Items, r.Raters, len(r.ICC.Forms), len(r.Pairs), len(r.VsOthers))
	}
	for _, f := range r.ICC.Forms {
		if math.Abs(f.Value-want[f.ShroutFleiss]) > 0.005 {
			t.Errorf("%s = %v, want %v", f.ShroutFleiss, f.Value, want[f.ShroutFleiss])
		}
		if f.Key == "icc_a1" && (math.Abs(f.CI.Low-0.0187865) > 1e-6 || math.Abs(f.CI.High-0.7610844) > 1e-6) {
			t.Errorf("ICC(A,1) interval [%v, %v]", f.CI.Low, f.CI.High)
		}
	}
	for _, format := range []string{"table", "csv", "markdown"} {
		out, errs, code := agree(t, shroutFleissCSV, "ratings", "--format", format, "-")
		if code != 0 || !strings.Contains(out, "0.2898") || !strings.Contains(out, "Kendall") {
			t.Errorf("--format %s: exit %d, %s\n%s", format, code, errs, out)
		}
	}
}

// TestRatingsErrors: a value that is not a number is a data error at its
// line and column; too few raters and a layout without raters are refused;
// flags outside their range are usage errors.
func TestRatingsErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte("item,a,b\n1,3,4\n2,high,5\n"), 0o644)
	one := filepath.Join(dir, "one.csv")
	os.WriteFile(one, []byte("item,a\n1,3\n2,4\n"), 0o644)
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"ratings", bad}, 1, "bad.csv:3:3: rating \"high\" is not a number"},
		{[]string{"ratings", one}, 1, "1 rater; agreement needs at least two"},
		{[]string{"ratings", "--layout", "counts", bad}, 2, "--layout counts has no raters' ratings"},
		{[]string{"ratings", "--level", "1", bad}, 2, "--level 1: want 0 < x < 1"},
		{[]string{"ratings", "--workers", "-1", bad}, 2, "--workers -1"},
		{[]string{"ratings"}, 2, "want one FILE"},
	}
	for _, c := range cases {
		_, errs, code := agree(t, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("agree %s: exit %d, %q; want %d and %q", strings.Join(c.args, " "), code, errs, c.code, c.msg)
		}
	}
}

// TestRatingsBy: --by batch gives each batch's intraclass correlations as
// agree ratings gives them on the batch's rows alone (two paths), and the
// pooled corpus value is the whole table's.
func TestRatingsBy(t *testing.T) {
	out, errs, code := agree(t, "", "ratings", "--by", "batch", "--format", "json", "testdata/ratings-batches.csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		RaterNames []string `json:"rater_names"`
		ICC        struct {
			Forms []struct {
				Key   string
				Value float64
			}
		}
		PerGroup []struct {
			Group string
			ICC   map[string]float64
		} `json:"per_group"`
		Corpus struct{ ICC map[string]float64 }
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.RaterNames) != 3 || len(r.PerGroup) != 4 || r.Corpus.ICC["icc_a1"] != r.ICC.Forms[1].Value {
		t.Fatalf("raters %v, groups %d, corpus %v", r.RaterNames, len(r.PerGroup), r.Corpus.ICC)
	}
	src, _ := os.ReadFile("testdata/ratings-batches.csv")
	lines := strings.Split(strings.TrimSpace(string(src)), "\n")
	for _, g := range r.PerGroup {
		sub := []string{"essay,r1,r2,r3"}
		for _, l := range lines[1:] {
			f := strings.Split(l, ",")
			if f[1] == g.Group {
				sub = append(sub, strings.Join(append([]string{f[0]}, f[2:]...), ","))
			}
		}
		p := filepath.Join(t.TempDir(), "b.csv")
		os.WriteFile(p, []byte(strings.Join(sub, "\n")+"\n"), 0o644)
		out, _, _ := agree(t, "", "ratings", "--format", "json", p)
		var s struct {
			ICC struct {
				Forms []struct {
					Key   string
					Value float64
				}
			}
		}
		json.Unmarshal([]byte(out), &s)
		for _, fm := range s.ICC.Forms {
			if math.Abs(fm.Value-g.ICC[fm.Key]) > 1e-12 {
				t.Errorf("batch %s %s: %v, on its rows alone %v", g.Group, fm.Key, g.ICC[fm.Key], fm.Value)
			}
		}
	}
	if _, errs, code := agree(t, "", "ratings", "--by", "document", "testdata/ratings-batches.csv"); code != 2 || !strings.Contains(errs, "no documents") {
		t.Errorf("--by document: exit %d, %s", code, errs)
	}
}

// TestRatingsByLongTable: ratings --by COLUMN on a long table gives the
// groups and intraclass correlations of the same data as a wide table.
func TestRatingsByLongTable(t *testing.T) {
	src, _ := os.ReadFile("testdata/ratings-batches.csv")
	lines := strings.Split(strings.TrimSpace(string(src)), "\n")
	head := strings.Split(lines[0], ",")
	bc := slices.Index(head, "batch")
	long := []string{"item,rater,rating,batch"}
	for _, l := range lines[1:] {
		f := strings.Split(l, ",")
		for c := 1; c < len(f); c++ {
			if c != bc {
				long = append(long, strings.Join([]string{f[0], head[c], f[c], f[bc]}, ","))
			}
		}
	}
	p := filepath.Join(t.TempDir(), "long.csv")
	os.WriteFile(p, []byte(strings.Join(long, "\n")+"\n"), 0o644)
	groups := func(file string) string {
		out, errs, code := agree(t, "", "ratings", "--by", "batch", "--format", "json", file)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", file, code, errs)
		}
		var r struct {
			PerGroup []struct {
				Group string
				ICC   map[string]float64
			} `json:"per_group"`
		}
		json.Unmarshal([]byte(out), &r)
		b, _ := json.Marshal(r.PerGroup)
		return string(b)
	}
	if w, l := groups("testdata/ratings-batches.csv"), groups(p); w != l || len(w) < 100 {
		t.Errorf("long table's groups %s, wide table's %s", l, w)
	}
}
