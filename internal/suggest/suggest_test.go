package suggest

import "testing"

func TestClosest(t *testing.T) {
	names := []string{"nominal", "ordinal", "interval", "linear", "ratio", "json", "csv", "table", "markdown"}
	cases := []struct {
		in, want, why string
	}{
		{"intervall", "interval", "one insertion"},
		{"Ordinl", "ordinal", "one deletion, case ignored"},
		{"jsno", "json", "a transposition is one edit"},
		{"jsn", "json", "one deletion"},
		{"inter", "interval", "a prefix"},
		{"markdwon", "markdown", "two edits in eight runes"},
		{"xml", "", "nothing close"},
		{"", "", "nothing given"},
		{"ratio", "ratio", "exact"},
	}
	for _, c := range cases {
		if got := Closest(c.in, names); got != c.want {
			t.Errorf("%s: Closest(%q) = %q, want %q", c.why, c.in, got, c.want)
		}
	}
}

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"kitten", "sitting", 3}, {"flaw", "lawn", 2}, {"α", "β", 1}, {"abc", "", 3}, {"brta", "brat", 1}, {"ca", "abc", 3}} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
