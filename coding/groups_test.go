package coding

import (
	"math"
	"testing"
)

// TestGroup: a group's analysis is that of its items built anew, from the
// items or from the statistics' patterns; Macro is the mean of the
// defined values.
func TestGroup(t *testing.T) {
	b := NewBuilder()
	rows := [][]string{{"a", "a", "b"}, {"b", "b", "b"}, {"a", "c", "c"}, {"c", "c", "a"}, {"a", "a", "a"}, {"b", "", "b"}}
	for i, r := range rows {
		it := b.NewItem(string(rune('1' + i)))
		for c, v := range r {
			if v == "" {
				continue
			}
			if err := b.Set(it, b.Coder(string(rune('A'+c))), v, Pos{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	d, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	whole, err := Analyze(d, Options{})
	if err != nil {
		t.Fatal(err)
	}
	items := []int{0, 2, 3, 5}
	g, err := whole.Group(ItemGroup{Items: items})
	if err != nil {
		t.Fatal(err)
	}
	alone, err := Analyze(d.Resample(items), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range All() {
		x, y := g.Coefficient(c), alone.Coefficient(c)
		if x.Value != y.Value && !(math.IsNaN(x.Value) && math.IsNaN(y.Value)) {
			t.Errorf("%s: group %v, its items analysed anew %v", c.Key(), x.Value, y.Value)
		}
	}
	// From the statistics: the same group counted by pattern.
	pat := whole.ItemPatterns()
	w := map[int]int64{}
	for _, i := range items {
		w[int(pat[i])]++
	}
	ws, err := AnalyzeStats(whole.Stats(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var ig ItemGroup
	for p := range ws.Stats().NumPatterns() {
		if w[p] > 0 {
			ig.Patterns, ig.Counts = append(ig.Patterns, p), append(ig.Counts, w[p])
		}
	}
	gs, err := ws.Group(ig)
	if err != nil {
		t.Fatal(err)
	}
	if gs.Coefficient(KrippendorffAlpha).Value != g.Coefficient(KrippendorffAlpha).Value {
		t.Error("a group counted by pattern differs from the group of items")
	}
	if _, err := ws.Group(ItemGroup{Items: items}); err == nil {
		t.Error("items of an analysis of statistics: want an error")
	}
	und := Result{Value: math.NaN(), Reason: "x"}
	if m, n := Macro([]Result{{Value: 0.5}, und, {Value: 1}}); m != 0.75 || n != 2 {
		t.Errorf("Macro = %v over %d, want 0.75 over 2", m, n)
	}
	if m, n := Macro([]Result{und}); !math.IsNaN(m) || n != 0 {
		t.Errorf("Macro of undefined values = %v over %d", m, n)
	}
	// Light's κ is the mean of the pairs' Cohen's κ.
	pairs, err := whole.Pairwise()
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, p := range pairs {
		sum += p.Kappa.Value
	}
	if k, n := Light(pairs); n != 3 || math.Abs(k-sum/3) > 1e-15 {
		t.Errorf("Light = %v over %d pairs, want %v over 3", k, n, sum/3)
	}
}
