package table

import (
	"math"
	"os"
	"strings"
	"testing"

	"agree/coding"
)

func readFile(t *testing.T, file string, opt Options) *coding.Data {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := Read(f, file, opt)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func coefficient(t *testing.T, d *coding.Data, k coding.Coefficient) coding.Result {
	t.Helper()
	a, err := coding.Analyze(d, coding.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return a.Coefficient(k)
}

// TestTransposed: Krippendorff's reliability data (2004, §11.3) with rows
// = coders gives his α = 0.743 (nominal), and the same data as the wide
// layout; a matrix written by numpy.savetxt (no names, "nan" missing, space
// separated) too.
func TestTransposed(t *testing.T) {
	wide, err := Read(strings.NewReader(strings.Join([]string{"unit,A,B,C,D", "1,1,1,,1", "2,2,2,3,2", "3,3,3,3,3", "4,3,3,3,3",
		"5,2,2,2,2", "6,1,2,3,4", "7,4,4,4,4", "8,1,1,2,1", "9,2,2,2,2", "10,,5,5,5", "11,,,1,1", "12,,,3,"}, "\n")), "wide.csv", Options{})
	if err != nil {
		t.Fatal(err)
	}
	tr := readFile(t, "testdata/krippendorff-transposed.csv", Options{Layout: Transposed})
	if tr.NumItems() != 12 || tr.NumCoders() != 4 || tr.Coders()[2] != "C" || tr.Items()[9] != "10" {
		t.Fatalf("%d items, %d coders %v", tr.NumItems(), tr.NumCoders(), tr.Coders())
	}
	for i := 0; i < 12; i++ {
		for c := 0; c < 4; c++ {
			a, b := wide.Value(i, c), tr.Value(i, c)
			if (a < 0) != (b < 0) || (a >= 0 && wide.Labels()[a] != tr.Labels()[b]) {
				t.Errorf("unit %d, coder %d differs", i+1, c)
			}
		}
	}
	if r := coefficient(t, tr, coding.KrippendorffAlpha); math.Abs(r.Value-0.743) > 5e-4 {
		t.Errorf("α = %v, want 0.743", r.Value)
	}
	np := readFile(t, "testdata/krippendorff-numpy.txt", Options{Layout: Transposed, Comma: ' ', Missing: []string{"", "nan"}})
	if np.NumItems() != 12 || np.NumCoders() != 4 || np.Coders()[0] != "1" {
		t.Fatalf("numpy: %d items, coders %v", np.NumItems(), np.Coders())
	}
	if r := coefficient(t, np, coding.KrippendorffAlpha); math.Abs(r.Value-0.743) > 5e-4 {
		t.Errorf("numpy: α = %v, want 0.743", r.Value)
	}
}

// TestCounts: Fleiss's (1971) table of counts gives his κ = 0.430
// (0.4302445 in R irr::kappam.fleiss) and Krippendorff's α of the same
// data; the coders are anonymous (CodersAnonymous, Data.AnonymousCoders),
// so what needs them is undefined.
func TestCounts(t *testing.T) {
	d := readFile(t, "testdata/fleiss1971-counts.csv", Options{Layout: Counts})
	if d.NumItems() != 30 || d.NumCoders() != 6 || d.Items()[0] != "1" || len(d.Declared()) != 5 {
		t.Fatalf("%d items, %d coders, declared %v", d.NumItems(), d.NumCoders(), d.Declared())
	}
	if r := coefficient(t, d, coding.FleissKappa); math.Abs(r.Value-0.4302445) > 5e-8 {
		t.Errorf("Fleiss κ = %v, want 0.4302445", r.Value)
	}
	// Every coefficient that uses the counts alone is invariant to how the
	// values are dealt to the anonymous coders: reversing the order gives
	// the same α, π and AC.
	rev, err := Read(strings.NewReader(reverseColumns(t, "testdata/fleiss1971-counts.csv")), "rev.csv", Options{Layout: Counts})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []coding.Coefficient{coding.KrippendorffAlpha, coding.FleissKappa, coding.PercentAgreement, coding.GwetAC} {
		a, b := coefficient(t, d, k), coefficient(t, rev, k)
		if math.Abs(a.Value-b.Value) > 1e-12 {
			t.Errorf("%v: %v, reversed %v", k, a.Value, b.Value)
		}
	}
	if !CodersAnonymous(Counts) || CodersAnonymous(Transposed) {
		t.Error("CodersAnonymous")
	}
	// The data say so: the coefficients that need coder identity are
	// undefined with the reason in the library too (issue 24: they had
	// values there, multi-κ = α_κ = 0.5098 on a 5-item table, and were
	// blanked by the CLI only).
	if d.AnonymousCoders() != AnonymousReason {
		t.Errorf("AnonymousCoders() = %q, want AnonymousReason", d.AnonymousCoders())
	}
	for _, k := range []coding.Coefficient{coding.CohenKappa, coding.MultiKappa, coding.WeightedKappa, coding.AlphaKappa} {
		if r := coefficient(t, d, k); r.Defined() || r.Reason != AnonymousReason {
			t.Errorf("%v = %v (%q), want undefined with AnonymousReason", k, r.Value, r.Reason)
		}
	}
}

// reverseColumns reverses the category columns of a counts file.
func reverseColumns(t *testing.T, file string) string {
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, ",")
		for i, j := 1, len(f)-1; i < j; i, j = i+1, j-1 {
			f[i], f[j] = f[j], f[i]
		}
		out = append(out, strings.Join(f, ","))
	}
	return strings.Join(out, "\n")
}

// TestContingency: the SAS PROC FREQ example table gives κ = 0.4842.
func TestContingency(t *testing.T) {
	d := readFile(t, "testdata/sas-contingency.csv", Options{Layout: Contingency})
	if d.NumItems() != 19 || d.NumCoders() != 2 {
		t.Fatalf("%d items, %d coders", d.NumItems(), d.NumCoders())
	}
	if r := coefficient(t, d, coding.CohenKappa); math.Abs(r.Value-0.4842) > 5e-5 {
		t.Errorf("κ = %v, want 0.4842", r.Value)
	}
}

// TestLayoutErrors: file:line:column and what was expected.
func TestLayoutErrors(t *testing.T) {
	for _, tc := range []struct {
		layout Layout
		in     string
		want   string
	}{
		{Transposed, "coder,u1,u2\nA,1\n", "x.csv:2: 2 fields, want 3"},
		{Transposed, "coder,u1,u1\nA,1,2\n", `x.csv:1:3: unit "u1" appears twice`},
		{Transposed, "coder,u1\nA,1\nA,2\n", `x.csv:3:1: coder "A" has two rows`},
		{Transposed, "coder,u1\n", "x.csv: no coder rows"},
		{Counts, "item,a,b\n1,2,x\n", `x.csv:2:3: count "x" is not a whole number`},
		{Counts, "item,a,a\n", `x.csv:1:3: category "a" appears twice`},
		{Counts, "item,a,b\n1,1,1\n1,2,0\n", `x.csv:3:1: item "1" appears on two rows`},
		{Counts, "a,b\n1\n", "x.csv:2: 1 fields, want 2"},
		{Contingency, "A\\B,x,y\nx,1,-1\ny,0,1\n", `x.csv:2:3: count "-1" is not a whole number`},
		{Contingency, "A\\B,x,y\nx,1,1\nx,0,1\n", `x.csv:3:1: category "x" has two rows`},
		{Contingency, "A\\B\n", "a header without the second coder's categories"},
	} {
		_, err := Read(strings.NewReader(tc.in), "x.csv", Options{Layout: tc.layout})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: err = %v, want %q", tc.in, err, tc.want)
		}
	}
	if _, err := ParseLayout("matrix"); err == nil || !strings.Contains(err.Error(), "transposed, counts or contingency") {
		t.Errorf("ParseLayout: %v", err)
	}
}
