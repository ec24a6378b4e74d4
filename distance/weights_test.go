package distance

import (
	"math"
	"testing"
)

func TestIrrCACWeights(t *testing.T) {
	// irrCAC's weights.gen (Gwet, irrCAC 1.0; Handbook, 4th ed., ch. 3) on
	// the categories 1..5: ordinal weights 1 − C(|Δr|+1, 2)/C(5, 2), so
	// w(1,2) = 0.9, w(1,3) = 0.7, w(1,5) = 0; radical weights
	// 1 − √|Δ|/√4, so w(1,2) = 0.5, w(1,5) = 0. As distances d = (1 − w)·d_max.
	labels := []string{"1", "2", "3", "4", "5"}
	for _, c := range []struct {
		sp   Spec
		a, b int
		w    float64
	}{
		{IrrCACOrdinal(nil), 0, 1, 0.9}, {IrrCACOrdinal(nil), 0, 2, 0.7}, {IrrCACOrdinal(nil), 1, 3, 0.7}, {IrrCACOrdinal(nil), 0, 4, 0},
		{Radical(nil), 0, 1, 0.5}, {Radical(nil), 0, 4, 0}, {Radical(nil), 1, 2, 0.5},
	} {
		m, err := c.sp.Bind(labels, nil)
		if err != nil {
			t.Fatal(err)
		}
		dmax := Max(m, []int{0, 1, 2, 3, 4})
		if w := 1 - m.Distance(c.a, c.b)/dmax; math.Abs(w-c.w) > 1e-15 {
			t.Errorf("%s: w(%s, %s) = %v, want %v", c.sp.Name(), labels[c.a], labels[c.b], w, c.w)
		}
	}
	// irrCAC's ordinal weights use ranks, not values nor frequencies:
	// 1, 10, 100 are three equally spaced ranks.
	m, _ := IrrCACOrdinal(nil).Bind([]string{"1", "10", "100"}, nil)
	if m.Distance(0, 1) != m.Distance(1, 2) {
		t.Errorf("ranks: d(1,10) = %v, d(10,100) = %v", m.Distance(0, 1), m.Distance(1, 2))
	}
	// Text categories take their positions from the order given.
	m, err := IrrCACOrdinal([]string{"1st grade", "2nd grade", "3rd grade"}).Bind([]string{"3rd grade", "1st grade"}, nil)
	if err != nil || m.Distance(0, 1) != 3 { // |Δr| = 2: 2·3/2
		t.Errorf("ordered text: d = %v, %v; want 3", m, err)
	}
	if _, err := Radical(nil).Bind([]string{"low"}, nil); err == nil {
		t.Error("radical on text without an order: want an error naming --order")
	}
}
