package plural

import (
	"fmt"
	"testing"
)

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		why  string
		n    int
		noun string
		want string
	}{
		{"one is singular", 1, "document", "1 document"},
		{"zero is plural", 0, "document", "0 documents"},
		{"many", 4, "token", "4 tokens"},
		{"minus one is singular", -1, "unit", "-1 unit"},
		{"consonant and y", 2, "entry", "2 entries"},
		{"vowel and y", 2, "day", "2 days"},
		{"after s", 3, "class", "3 classes"},
		{"after x", 3, "box", "3 boxes"},
		{"after ch", 2, "match", "2 matches"},
		{"irregular", 2, "index", "2 indexes"},
		{"several words: the last takes the plural", 2, "span layer", "2 span layers"},
		{"'of': the head takes the plural", 2, "pair of annotators", "2 pairs of annotators"},
		{"'of', singular", 1, "pair of annotators", "1 pair of annotators"},
		{"a .ann file", 2, ".ann file", "2 .ann files"},
	} {
		if got := Count(tc.n, tc.noun); got != tc.want {
			t.Errorf("%s: Count(%d, %q) = %q, want %q", tc.why, tc.n, tc.noun, got, tc.want)
		}
	}
	if Verb(1, "lacks", "lack") != "lacks" || Verb(3, "lacks", "lack") != "lack" {
		t.Error("Verb")
	}
}

func ExampleCount() {
	fmt.Printf("%s of %s\n", Count(4, "token"), Count(1, "document"))
	// Output: 4 tokens of 1 document
}
