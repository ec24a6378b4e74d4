package gate

import (
	"bytes"
	"encoding/xml"
	"math"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	cases := []struct {
		in, name, op string
		bound        float64
		bad          bool
	}{
		{in: "krippendorff_alpha>=0.8", name: "krippendorff_alpha", op: ">=", bound: 0.8},
		{in: "micro.f1 > 0.5", name: "micro.f1", op: ">", bound: 0.5},
		{in: "pk<=0.3", name: "pk", op: "<=", bound: 0.3},
		{in: "a<1e-3", name: "a", op: "<", bound: 1e-3},
		{in: "alpha", bad: true},       // no operator
		{in: ">=0.8", bad: true},       // no name
		{in: "alpha>=high", bad: true}, // not a number
		{in: "alpha>=NaN", bad: true},  // not finite
		{in: "alpha==0.8", bad: true},  // not an operator we take
		{in: "al pha>=0.8", bad: true}, // a space inside the name
	}
	for _, c := range cases {
		r, err := Parse(c.in)
		if c.bad {
			if err == nil {
				t.Errorf("%q: parsed as %v, want an error", c.in, r)
			}
			continue
		}
		if err != nil || r.Name != c.name || r.Op != c.op || r.Bound != c.bound {
			t.Errorf("%q: %+v, %v", c.in, r, err)
		}
	}
}

// result is shaped like agree's JSON outputs.
var result = map[string]any{
	"coefficients": map[string]any{
		"krippendorff_alpha": map[string]any{"value": 0.743, "ci": map[string]any{"low": 0.61, "high": 0.85}},
		"cohen_kappa":        map[string]any{"value": nil, "undefined_reason": "3 coders"},
	},
	"micro": map[string]any{"f1": 0.9},
	"macro": map[string]any{"f1": 0.7},
	"pairs": []any{map[string]any{"f1": 0.5}, map[string]any{"f1": 0.6}},
	"icc":   map[string]any{"forms": []any{map[string]any{"key": "icc1", "value": 0.2}, map[string]any{"key": "icc_a1", "value": 0.3}}},
	"file":  "x.csv",
}

func TestCheck(t *testing.T) {
	cases := []struct {
		expr    string
		path    string
		value   float64
		met     bool
		problem string
	}{
		{"krippendorff_alpha>=0.7", "coefficients.krippendorff_alpha.value", 0.743, true, ""},
		{"krippendorff_alpha>=0.8", "coefficients.krippendorff_alpha.value", 0.743, false, ""},
		{"krippendorff_alpha.low>=0.6", "coefficients.krippendorff_alpha.ci.low", 0.61, true, ""},     // the interval by name
		{"krippendorff_alpha.ci.low>0.61", "coefficients.krippendorff_alpha.ci.low", 0.61, false, ""}, // strict
		{"cohen_kappa>=0", "coefficients.cohen_kappa.value", math.NaN(), false, ""},                   // undefined fails
		{"micro.f1<=0.9", "micro.f1", 0.9, true, ""},
		{"pairs.1.f1<0.7", "pairs.1.f1", 0.6, true, ""},
		{"icc_a1>=0.25", "icc.forms.1.value", 0.3, true, ""}, // an element by its key
		{"f1>=0.5", "", math.NaN(), false, "ambiguous"},
		{"gamma>=0.5", "", math.NaN(), false, "no such number"},
		{"file>=1", "file", math.NaN(), false, "not a number"},
		{"micro>=1", "micro", math.NaN(), false, "without a \"value\""},
	}
	for _, c := range cases {
		r, err := Parse(c.expr)
		if err != nil {
			t.Fatal(err)
		}
		out, err := Check(result, []Requirement{r})
		if err != nil {
			t.Fatal(err)
		}
		o := out[0]
		if o.Met != c.met || o.Path != c.path || (c.problem == "") != (o.Problem == "") || !strings.Contains(o.Problem, c.problem) {
			t.Errorf("%s: met %v, path %q, problem %q; want %v, %q, %q", c.expr, o.Met, o.Path, o.Problem, c.met, c.path, c.problem)
		}
		if !(o.Value == c.value || math.IsNaN(o.Value) && math.IsNaN(c.value)) {
			t.Errorf("%s: value %v, want %v", c.expr, o.Value, c.value)
		}
	}
}

func TestWriteJUnit(t *testing.T) {
	r1, _ := Parse("krippendorff_alpha>=0.7")
	r2, _ := Parse("krippendorff_alpha>=0.8")
	out, _ := Check(result, []Requirement{r1, r2})
	var b bytes.Buffer
	if err := WriteJUnit(&b, "agree coding x.csv", out); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Suite    struct {
			Name  string `xml:"name,attr"`
			Cases []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Message string `xml:"message,attr"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if doc.Tests != 2 || doc.Failures != 1 || doc.Suite.Name != "agree coding x.csv" || len(doc.Suite.Cases) != 2 ||
		doc.Suite.Cases[0].Failure != nil || doc.Suite.Cases[1].Failure == nil || !strings.Contains(doc.Suite.Cases[1].Failure.Message, "NOT met") {
		t.Errorf("unexpected JUnit document:\n%s", b.String())
	}
}

// FuzzParse: Parse never panics, and what it accepts it writes back
// (String) in a form it parses to the same requirement.
// go test -run '^$' -fuzz FuzzParse ./internal/gate
func FuzzParse(f *testing.F) {
	for _, s := range []string{"krippendorff_alpha>=0.8", "micro.f1 > 0.5", "a<1e-3", "x<=-2", ">=", "a>=b", "a.low>=0.667", "α>=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Parse(s)
		if err != nil {
			return
		}
		r2, err := Parse(r.String())
		if err != nil || r2.Name != r.Name || r2.Op != r.Op || r2.Bound != r.Bound {
			t.Errorf("%q → %q → %+v, %v", s, r.String(), r2, err)
		}
		if _, err := Check(map[string]any{"a": 1.0}, []Requirement{r}); err != nil {
			t.Errorf("Check: %v", err)
		}
	})
}
