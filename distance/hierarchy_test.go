package distance

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

// ditTree is the DIT++ fragment of Artstein & Poesio (2008), Figure 2:
// information-seeking → ynq, whq; ynq → check → positive-check, negative-check.
const ditTree = `child,parent
information-seeking,
ynq,information-seeking
whq,information-seeking
check,ynq
positive-check,check
negative-check,check
`

func mustTax(t *testing.T, s string) *Taxonomy {
	t.Helper()
	tx, err := ReadTaxonomy(strings.NewReader(s), "tax.csv")
	if err != nil {
		t.Fatal(err)
	}
	return tx
}

func bindDist(t *testing.T, sp Spec, a, b string) float64 {
	t.Helper()
	m, err := sp.Bind([]string{a, b}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m.Distance(0, 1)
}

// TestGeertzenBunt: the survey's examples (§4.2.2, a = 0.75, b = 1):
// d(ynq, whq) = 1, d(ynq, ynq) = 0, d(ynq, check) = 0.75; and by hand
// d(information-seeking, positive-check) = 1 − 0.75³, and with b = 0.5
// d(ynq, check) = 1 − 0.75·0.5¹ (min depth 1).
func TestGeertzenBunt(t *testing.T) {
	tx := mustTax(t, ditTree)
	gb, err := GeertzenBunt(tx, 0.75, 1)
	if err != nil {
		t.Fatal(err)
	}
	gb2, _ := GeertzenBunt(tx, 0.75, 0.5)
	tests := []struct {
		sp   Spec
		a, b string
		want float64
	}{
		{gb, "ynq", "whq", 1},
		{gb, "ynq", "ynq", 0},
		{gb, "ynq", "check", 0.25},
		{gb, "check", "ynq", 0.25},
		{gb, "information-seeking", "positive-check", 1 - 0.75*0.75*0.75},
		{gb, "positive-check", "negative-check", 1},
		{gb2, "ynq", "check", 1 - 0.75*0.5},
		{gb2, "check", "check", 0},
	}
	for _, tc := range tests {
		// The survey prints 1 − 1×0.75¹×1 = 0.75 as "d(ynq, check) = 0.75",
		// but 1 − 0.75 = 0.25: the printed value is the similarity term.
		if got := bindDist(t, tc.sp, tc.a, tc.b); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s(%s, %s) = %v, want %v", tc.sp.Name(), tc.a, tc.b, got, tc.want)
		}
	}
	if _, err := GeertzenBunt(tx, 0, 1); err == nil {
		t.Error("a = 0 accepted")
	}
	if _, err := gb.Bind([]string{"nope"}, nil); err == nil {
		t.Error("unknown tag accepted")
	}
}

// TestMelamedResnik: the survey's example (§4.6): A dominates A1 and A2;
// P(A1|A) = P(A2|A) = 1/2, so d(A, A1) = 1 − 1/2; d(A, A) = 0; d(A1, A2) = 1.
// Deeper: A2 → A21, A22: d(A, A21) = 1 − min(1/4, 1) = 3/4.
func TestMelamedResnik(t *testing.T) {
	tx := mustTax(t, "A1,A\nA2,A\nA21,A2\nA22,A2\nB,\n")
	mr, _ := MelamedResnik(tx)
	tests := []struct {
		a, b string
		want float64
	}{
		{"A", "A", 0}, {"A", "A1", 0.5}, {"A1", "A2", 1}, {"A", "A21", 0.75},
		{"A2", "A21", 0.5}, {"A", "B", 1}, {"A", "A2", 0.5},
	}
	for _, tc := range tests {
		if got := bindDist(t, mr, tc.a, tc.b); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("d(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestExtendedSense: the survey's word-sense example (§4.6) with d_P:
// {WN1, LABEL} vs {WN3, LABEL} = 2/3; {WN1, LABEL} vs {LABEL} = 1/3.
func TestExtendedSense(t *testing.T) {
	tx := mustTax(t, "WN1,LABEL\nWN3,LABEL\nWN2,OTHER\n")
	es, err := ExtendedSense(tx, "passonneau")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		a, b string
		want float64
	}{{"WN1", "WN3", 2.0 / 3}, {"WN1", "LABEL", 1.0 / 3}, {"WN1", "WN2", 1}, {"WN1", "WN1", 0}} {
		if got := bindDist(t, es, tc.a, tc.b); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("d(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
	if _, err := ExtendedSense(tx, "cosine"); err == nil {
		t.Error("unknown set distance accepted")
	}
}

func TestReadTaxonomyErrors(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"a,b\na,c\n", "tax.csv:2: tag \"a\" already has parent \"b\""},
		{"a,a\n", "tax.csv:1: tag \"a\" is its own parent"},
		{"a,b\nb,c\nc,a\n", "cycle in the taxonomy"},
		{"a,b,c\n", "tax.csv:1: want 2 fields"},
		{",b\n", "tax.csv:1: empty child tag"},
		{"a,\"b\n", "tax.csv"},
	}
	for _, tc := range tests {
		_, err := ReadTaxonomy(strings.NewReader(tc.in), "tax.csv")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadTaxonomy(%q) error = %v, want it to contain %q", tc.in, err, tc.want)
		}
	}
	tx := mustTax(t, "# comment\n\nchild,parent\nb,a\nb,a\n")
	if p, _ := tx.Parent("b"); p != "a" {
		t.Errorf("Parent(b) = %q", p)
	}
	if d, _ := tx.Depth("b"); d != 1 {
		t.Errorf("Depth(b) = %d", d)
	}
}

func FuzzReadTaxonomy(f *testing.F) {
	f.Add(ditTree)
	f.Add("a,b\nb,a\n")
	f.Fuzz(func(t *testing.T, s string) {
		tx, err := ReadTaxonomy(strings.NewReader(s), "f")
		if err != nil {
			return
		}
		labels := tx.names
		for _, sp := range []func() (Spec, error){
			func() (Spec, error) { return GeertzenBunt(tx, 0.5, 0.9) },
			func() (Spec, error) { return MelamedResnik(tx) },
			func() (Spec, error) { return ExtendedSense(tx, "masi") },
		} {
			s, _ := sp()
			m, err := s.Bind(labels, nil)
			if err != nil {
				t.Fatal(err)
			}
			for i := range labels {
				for j := range labels {
					d := m.Distance(i, j)
					if d < 0 || d > 1 || (i == j && d != 0) || d != m.Distance(j, i) {
						t.Fatalf("%s: d(%q,%q) = %v", s.Name(), labels[i], labels[j], d)
					}
				}
			}
		}
	})
}

func ExampleGeertzenBunt() {
	tx, _ := ReadTaxonomy(strings.NewReader(ditTree), "dit.csv")
	gb, _ := GeertzenBunt(tx, 0.75, 1)
	m, _ := gb.Bind([]string{"ynq", "whq", "check"}, nil)
	fmt.Println(m.Distance(0, 1), m.Distance(0, 2))
	// Output: 1 0.25
}

func TestParseHierarchical(t *testing.T) {
	tx := mustTax(t, ditTree)
	for _, tc := range []struct {
		in, name string
		ok       bool
	}{
		{"geertzen-bunt", "geertzen-bunt:0.75,1", true},
		{"gb:0.5,0.9", "geertzen-bunt:0.5,0.9", true},
		{"melamed-resnik", "melamed-resnik", true},
		{"extended-sense", "extended-sense:passonneau", true},
		{"extended:masi", "extended-sense:masi", true},
		{"geertzen-bunt:2,1", "", false},
		{"geertzen-bunt:0.5", "", false},
		{"melamed-resnik:1", "", false},
		{"extended-sense:cosine", "", false},
		{"wu-palmer", "", false},
	} {
		sp, err := ParseWith(tc.in, ParseOptions{Taxonomy: tx})
		if (err == nil) != tc.ok || (tc.ok && sp.Name() != tc.name) {
			t.Errorf("ParseWith(%q) = %v, %v; want name %q ok=%v", tc.in, sp, err, tc.name, tc.ok)
		}
		var se *SpecError
		if !tc.ok && !errors.As(err, &se) {
			t.Errorf("ParseWith(%q): error %v is not a *SpecError", tc.in, err)
		}
	}
}

// TestNewTaxonomy: the DIT++ fragment of Artstein & Poesio (2008, Figure 2)
// given as pairs in an order where children come before their parents.
// Read off the figure: information-seeking is the root (depth 0); ynq and
// whq are its children (depth 1); check is under ynq (depth 2);
// positive-check and negative-check are under check (depth 3). The same
// tree read from CSV (ReadTaxonomy) must agree on every tag.
func TestNewTaxonomy(t *testing.T) {
	tx, err := NewTaxonomy([][2]string{
		{"positive-check", "check"}, {"negative-check", "check"}, {"check", "ynq"},
		{"whq", "information-seeking"}, {"ynq", "information-seeking"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		parent string
		depth  int
	}{
		"information-seeking": {"", 0}, "ynq": {"information-seeking", 1}, "whq": {"information-seeking", 1},
		"check": {"ynq", 2}, "positive-check": {"check", 3}, "negative-check": {"check", 3},
	}
	if tx.Len() != len(want) {
		t.Errorf("%d tags, want %d", tx.Len(), len(want))
	}
	csv := mustTax(t, ditTree)
	for tag, w := range want {
		p, ok := tx.Parent(tag)
		d, _ := tx.Depth(tag)
		if !ok || p != w.parent || d != w.depth {
			t.Errorf("%s: parent %q depth %d (known %v), want %q, %d", tag, p, d, ok, w.parent, w.depth)
		}
		cp, _ := csv.Parent(tag)
		cd, _ := csv.Depth(tag)
		if cp != p || cd != d {
			t.Errorf("%s: NewTaxonomy gives %q/%d, ReadTaxonomy %q/%d", tag, p, d, cp, cd)
		}
	}
	if _, ok := tx.Parent("nope"); ok {
		t.Error("unknown tag reported as known")
	}
	// A root declared with an empty parent, and a repeated identical pair,
	// are fine.
	if _, err := NewTaxonomy([][2]string{{"a", ""}, {"b", "a"}, {"b", "a"}}); err != nil {
		t.Errorf("root and repeated pair: %v", err)
	}
	for _, c := range []struct {
		why   string
		pairs [][2]string
		want  string
	}{
		{"two parents", [][2]string{{"b", "a"}, {"c", "a"}, {"b", "c"}}, `pair 3: tag "b" already has parent "a"`},
		{"root, then a parent", [][2]string{{"a", ""}, {"a", "b"}}, `pair 2: tag "a" already has parent none (a root)`},
		{"own parent", [][2]string{{"a", "a"}}, `pair 1: tag "a" is its own parent`},
		{"empty child", [][2]string{{"a", "b"}, {"", "a"}}, "pair 2: empty child tag"},
		{"cycle", [][2]string{{"a", "b"}, {"b", "c"}, {"c", "a"}}, "cycle in the taxonomy: a → b → c → a"},
	} {
		if _, err := NewTaxonomy(c.pairs); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.why, err, c.want)
		}
	}
}
