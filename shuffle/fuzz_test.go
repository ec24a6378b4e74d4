package shuffle

import "testing"

// FuzzParseErrorType: parsing never panics, and a parsed set prints as a
// string that parses back to the same set.
func FuzzParseErrorType(f *testing.F) {
	f.Add("position+category")
	f.Add("fn+FP+split")
	f.Add("+")
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseErrorType(s)
		if err != nil {
			return
		}
		back, err := ParseErrorType(e.String())
		if err != nil || back != e {
			t.Errorf("%q → %v → %q → %v (%v)", s, e, e.String(), back, err)
		}
	})
}
