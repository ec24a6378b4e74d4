package segmentation

import (
	"strings"
	"testing"
)

func mustString(t testing.TB, s string) Segmentation {
	t.Helper()
	seg, err := FromBoundaryString(s)
	if err != nil {
		t.Fatal(err)
	}
	return seg
}

// TestNLTKGHD reproduces the GHD vectors of sheet §8.3 (NLTK 3.8). NLTK's
// ghd(ref, hyp, ins, del, shift) is GHD(hyp, ref, …) here.
func TestNLTKGHD(t *testing.T) {
	cases := []struct {
		ref, hyp        string
		ins, del, shift float64
		want            float64
	}{
		{"1100100000", "1100010000", 1, 1, 0.5, 0.5},
		{"1100100000", "1100000001", 1, 1, 0.5, 2.0},
		{"011", "110", 1, 1, 0.5, 1.0},
		{"1", "0", 1, 1, 0.5, 1.0},
		{"111", "000", 1, 1, 0.5, 3.0},
		{"000", "111", 1, 2, 0.5, 6.0},
		{"0100100000", "0101000000", 2, 2, 1, 1.0}, // NLTK defaults
	}
	for _, c := range cases {
		got, err := GHD(mustString(t, c.hyp), mustString(t, c.ref), GHDCosts{c.ins, c.del, c.shift})
		if err != nil || !close(got, c.want, 1e-12) {
			t.Errorf("ghd(%s, %s, %v, %v, %v) = %v (%v), want %v", c.ref, c.hyp, c.ins, c.del, c.shift, got, err, c.want)
		}
	}
	got, _ := GHD(mustString(t, "0101000000"), mustString(t, "0100100000"), NLTKGHDCosts())
	if got != 1 {
		t.Errorf("ghd defaults = %v, want 1", got)
	}
}

// TestNLTKWindows reproduces the WindowDiff and Pk vectors of sheet §8.3.
// NLTK's pk(ref, hyp, k) and windowdiff(seg1, seg2, k) give the same numbers
// as Pk(hyp, ref, k) and WindowDiff here when k is given.
func TestNLTKWindows(t *testing.T) {
	s1, s2, s3 := mustString(t, "000100000010"), mustString(t, "000010000100"), mustString(t, "100000010000")
	for _, c := range []struct {
		name string
		a, b Segmentation
		want float64
	}{
		{"wd(s1,s1)", s1, s1, 0}, {"wd(s1,s2)", s1, s2, 0.3}, {"wd(s2,s3)", s2, s3, 0.8},
	} {
		w, err := WindowDiff(c.a, c.b, WindowOptions{K: 3})
		if err != nil || !close(w.Value, c.want, 1e-12) {
			t.Errorf("%s = %v (%v), want %v", c.name, w.Value, err, c.want)
		}
	}
	pkCases := []struct {
		ref, hyp string
		k        int
		want     float64
	}{
		{strings.Repeat("0100", 100), strings.Repeat("1", 400), 2, 0.49874686716791977},
		{strings.Repeat("0100", 100), strings.Repeat("0", 400), 2, 0.5012531328320802},
		{strings.Repeat("0100", 100), strings.Repeat("0100", 100), 2, 0},
		{"1000100", "1000100", 3, 0},
		{"010", "100", 2, 0.5},
		{"111111", "100100", 2, 0.4},
		{"000000", "100100", 2, 0.6},
		{"111111", "100100", 3, 0},
		{"000000", "100100", 3, 1},
		{"0100100000", "0101000000", 2, 0.2222222222},
	}
	for _, c := range pkCases {
		w, err := Pk(mustString(t, c.hyp), mustString(t, c.ref), c.k)
		if err != nil || !close(w.Value, c.want, 1e-10) {
			t.Errorf("pk(%.12s…, %.12s…, %d) = %.17f (%v), want %.17f", c.ref, c.hyp, c.k, w.Value, err, c.want)
		}
	}
	// "the default k gives the same value": NLTK's default k for
	// '0100100000' is round(10/4) = 2 (half to even).
	ref := mustString(t, "0100100000")
	k, err := NLTKWindowSize(ref)
	if err != nil || k != 2 {
		t.Fatalf("NLTKWindowSize = %d (%v), want 2", k, err)
	}
	w, _ := Pk(mustString(t, "0101000000"), ref, k)
	if !close(w.Value, 0.2222222222, 1e-10) {
		t.Errorf("pk default k = %v", w.Value)
	}
	if _, err := NLTKWindowSize(mustString(t, "0000")); err == nil {
		t.Error("NLTKWindowSize without boundary: want an error")
	}
}

// TestWeightedWindowDiff checks NLTK's weighted=True against a hand count:
// s1 = 000100000010, s2 = 000010000100, k = 3 (sheet §8.3): the windows'
// count differences are 0,1,0,0,1,0,0,1,0,0, so the weighted sum is 3 as
// the unweighted one; for 111111 against 000000 with k = 2 every one of
// the 5 windows differs by 2: 10/5 = 2.
func TestWeightedWindowDiff(t *testing.T) {
	w, _ := WindowDiff(mustString(t, "000100000010"), mustString(t, "000010000100"), WindowOptions{K: 3, Weighted: true})
	if w.Errors != 3 || w.Windows != 10 {
		t.Errorf("weighted WD parts (%d,%d), want (3,10)", w.Errors, w.Windows)
	}
	w, _ = WindowDiff(mustString(t, "111111"), mustString(t, "000000"), WindowOptions{K: 2, Weighted: true})
	if w.Value != 2 {
		t.Errorf("weighted WD = %v, want 2", w.Value)
	}
}
