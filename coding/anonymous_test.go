package coding

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// TestAnonymousCoders: data whose coders are anonymous (a table of counts
// per item and category) leave undefined, with the reason given, exactly
// the coefficients whose chance model needs each coder's own distribution,
// and refuse the coder tables; the other coefficients keep the values they
// have on the same data with known coders (they depend on each item's
// counts alone). The mark survives the statistics, their JSON form, a
// merge and a resample.
func TestAnonymousCoders(t *testing.T) {
	const why = "the coders are anonymous here"
	build := func(anonymous bool) *Data {
		b := NewBuilder()
		rows := [][]string{{"a", "a", "b"}, {"b", "b", "b"}, {"a", "c", "c"}, {"c", "c", "a"}, {"a", "a", "a"}}
		for i, r := range rows {
			it := b.NewItem(string(rune('1' + i)))
			for c, v := range r {
				if err := b.Set(it, b.Coder(string(rune('A'+c))), v, Pos{}); err != nil {
					t.Fatal(err)
				}
			}
		}
		d, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		if anonymous {
			d.SetAnonymousCoders(why)
		}
		return d
	}
	known, err := Analyze(build(false), Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := build(true)
	if d.AnonymousCoders() != why || build(false).AnonymousCoders() != "" {
		t.Fatalf("AnonymousCoders() = %q", d.AnonymousCoders())
	}
	check := func(name string, a, known *Analysis) {
		t.Helper()
		if a.Stats().AnonymousCoders() != why {
			t.Fatalf("%s: the statistics lost the mark", name)
		}
		for _, c := range All() {
			r, k := a.Coefficient(c), known.Coefficient(c)
			switch {
			case c.NeedsCoderIdentity():
				if r.Defined() || r.Reason != why || !math.IsNaN(r.ObservedDisagreement) {
					t.Errorf("%s: %s = %v (%q), want undefined with the reason given", name, c.Key(), r.Value, r.Reason)
				}
			case r.Value != k.Value && !(math.IsNaN(r.Value) && math.IsNaN(k.Value)):
				t.Errorf("%s: %s = %v, want %v as with known coders (counts alone)", name, c.Key(), r.Value, k.Value)
			}
		}
		if b := a.Bias(false); !math.IsNaN(b) {
			t.Errorf("%s: bias %v, want NaN", name, b)
		}
		if _, err := a.Pairwise(); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%s: Pairwise: %v", name, err)
		}
		if _, err := a.LeaveOneCoderOut(); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%s: LeaveOneCoderOut: %v", name, err)
		}
	}
	a, err := Analyze(d, Options{})
	if err != nil {
		t.Fatal(err)
	}
	check("data", a, known)
	var buf bytes.Buffer
	if err := d.Stats(0).WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"coders_anonymous"`) {
		t.Errorf("the statistics file does not say the coders are anonymous:\n%s", buf.String())
	}
	s, err := ReadStats(&buf, "s.json")
	if err != nil {
		t.Fatal(err)
	}
	if a, err = AnalyzeStats(s, Options{}); err != nil {
		t.Fatal(err)
	}
	check("statistics file", a, known)
	m, err := Merge(build(false).Stats(0), d.Stats(0))
	if err != nil {
		t.Fatal(err)
	}
	if a, err = AnalyzeStats(m, Options{}); err != nil {
		t.Fatal(err)
	}
	if a.Stats().AnonymousCoders() != why || a.Coefficient(CohenKappa).Defined() || a.Coefficient(MultiKappa).Defined() {
		t.Error("a merge with an anonymous shard is not anonymous")
	}
	items := []int{0, 0, 1, 3, 4}
	if a, err = Analyze(d.Resample(items), Options{}); err != nil {
		t.Fatal(err)
	}
	knownResample, err := Analyze(build(false).Resample(items), Options{})
	if err != nil {
		t.Fatal(err)
	}
	check("resample", a, knownResample)
	two := d.Subset([]int{0, 1}, func(int) bool { return true })
	if two.AnonymousCoders() != why {
		t.Error("a subset of the coders lost the mark")
	}
	if a, err = Analyze(two, Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Contingency(); err == nil || !strings.Contains(err.Error(), why) {
		t.Errorf("Contingency: %v", err)
	}
}
