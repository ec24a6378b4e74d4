package reference

import (
	"fmt"
	"math"
	"testing"

	"agree/coding"
)

func approx(t *testing.T, name string, got, want, tol float64) {
	t.Helper()
	if !(math.Abs(got-want) <= tol) {
		t.Errorf("%s = %v, want %v (± %g)", name, got, want, tol)
	}
}

// table builds data from rows of labels ("" missing), coders c1…ck.
func table(t *testing.T, rows [][]string) *coding.Data {
	t.Helper()
	b := coding.NewBuilder()
	for i, r := range rows {
		item := b.NewItem(fmt.Sprint("i", i+1))
		for c, v := range r {
			cc := b.Coder(fmt.Sprint("c", c+1))
			if v != "" {
				if err := b.Set(item, cc, v, coding.Pos{}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	d, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestAgainstCoder: the SAS PROC FREQ example (rows the reference, columns
// the annotator, [[0,4,1],[0,8,0],[0,1,5]]): κ 0.4842 with ASE 0.1380 and
// the 95% interval (0.2137, 0.7547) as SAS prints them; accuracy 13/19.
func TestAgainstCoder(t *testing.T) {
	d, err := coding.FromContingency([]string{"0", "1", "2"}, []string{"0", "1", "2"}, [][]int{{0, 4, 1}, {0, 8, 0}, {0, 1, 5}})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := AgainstCoder(d, 0, coding.Options{}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].Items != 19 {
		t.Fatalf("rows %+v", rows)
	}
	r := rows[0]
	approx(t, "accuracy", r.Accuracy.Value, 13.0/19, 1e-15)
	approx(t, "κ", r.Kappa.Value, 0.4842, 5e-5)
	approx(t, "κ SE", r.Kappa.SE, 0.1380, 5e-5)
	approx(t, "κ low", r.Kappa.CI.Low, 0.2137, 5e-5)
	approx(t, "κ high", r.Kappa.CI.High, 0.7547, 5e-5)
	if math.IsNaN(r.Alpha.Value) || math.IsNaN(r.Accuracy.CI.Low) {
		t.Errorf("α %v, accuracy interval %v", r.Alpha.Value, r.Accuracy.CI)
	}
}

// TestAgainstMajority: each annotator against the majority of the others;
// an annotator always with the majority scores 1; a tie among the others
// gives no reference on that item (counted); two annotators are refused.
func TestAgainstMajority(t *testing.T) {
	d := table(t, [][]string{
		{"a", "a", "a", "b"},
		{"b", "b", "b", "b"},
		{"a", "a", "b", "a"},
		{"c", "c", "c", "a"},
		{"b", "b", "a", "b"},
		{"a", "b", "a", "b"}, // for c1 the others are b, a, b: b; for c3: a, b, b: b
	})
	rows, err := AgainstMajority(d, coding.Options{}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 {
		t.Fatalf("%d rows", len(rows))
	}
	// c2 agrees with the majority of c1, c3, c4 on every item: items 1–5
	// (a, b, a, c, b) and item 6 (c1 a, c3 a, c4 b: a ≠ c2's b).
	approx(t, "c2 accuracy", rows[1].Accuracy.Value, 5.0/6, 1e-15)
	// c1 on item 6: the others b, a, b → b; c1 says a.
	approx(t, "c1 accuracy", rows[0].Accuracy.Value, 5.0/6, 1e-15)
	tie := table(t, [][]string{{"a", "a", "b"}, {"a", "b", "a"}, {"b", "b", "b"}})
	tr, err := AgainstMajority(tie, coding.Options{}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	// c1: others (a, b) tie on item 1, (b, a) on item 2: 2 items without a majority.
	if tr[0].NoMajority != 2 || tr[0].Items != 1 {
		t.Errorf("ties: %+v", tr[0])
	}
	if _, err := AgainstMajority(table(t, [][]string{{"a", "b"}}), coding.Options{}, 0.95); err == nil {
		t.Error("two annotators: want an error")
	}
}

// TestWithReference: a reference file's labels join the annotators' by
// item id, whatever their order; a file with two columns is refused.
func TestWithReference(t *testing.T) {
	d := table(t, [][]string{{"a", "b"}, {"b", "b"}, {"a", "a"}})
	b := coding.NewBuilder()
	g := b.Coder("gold")
	for _, x := range [][2]string{{"i3", "a"}, {"i1", "a"}, {"i2", "b"}} {
		if err := b.Set(b.NewItem(x[0]), g, x[1], coding.Pos{}); err != nil {
			t.Fatal(err)
		}
	}
	ref, _ := b.Build()
	m, rc, err := WithReference(d, ref)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := AgainstCoder(m, rc, coding.Options{}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	approx(t, "c1 accuracy", rows[0].Accuracy.Value, 1, 0)
	approx(t, "c2 accuracy", rows[1].Accuracy.Value, 2.0/3, 1e-15)
	if _, _, err := WithReference(d, d); err == nil {
		t.Error("a reference with two columns: want an error")
	}
}
