package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRequire: --require checks the JSON output's numbers after the output
// is written: met → 0, unmet → 3 with what failed on standard error; the
// interval's bound by name; --junit writes the outcomes, never over a file
// without --force; mistakes in the flags are usage errors (2) before any
// work.
func TestRequire(t *testing.T) {
	dir := t.TempDir()
	junit := filepath.Join(dir, "gate.xml")
	exists := filepath.Join(dir, "exists.xml")
	os.WriteFile(exists, []byte("keep"), 0o644)
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"coding", "--require", "krippendorff_alpha>=0.7", "examples/krippendorff.csv"}, 0, "krippendorff_alpha >= 0.7: met (coefficients.krippendorff_alpha.value = 0.743421)"},
		{[]string{"coding", "--require", "krippendorff_alpha>=0.8", "--require", "percent_agreement>0.5", "examples/krippendorff.csv"}, 3, "requirement krippendorff_alpha >= 0.8: NOT met"},
		{[]string{"coding", "--require", "krippendorff_alpha.low>=0.7", "examples/krippendorff.csv"}, 3, "coefficients.krippendorff_alpha.ci.low"},
		{[]string{"coding", "--require", "cohen_kappa>=0", "examples/krippendorff.csv"}, 3, "undefined (null)"},
		{[]string{"coding", "--require", "gamma>=0", "examples/krippendorff.csv"}, 3, "no such number"},
		{[]string{"spans", "--require", "f1>=0", "examples/entities.csv"}, 3, "ambiguous: macro.f1, micro.f1"},
		{[]string{"spans", "--require", "micro.f1>=0.3", "examples/entities.csv"}, 0, "met (micro.f1 = 0.64"},
		{[]string{"ratings", "--require", "icc_a1>=0.8", "examples/ratings.csv"}, 0, "icc.forms.1.value"},
		{[]string{"relations", "--require", "micro.f1>=0.9", "examples/relations.csv"}, 3, "micro.f1"},
		{[]string{"gamma", "--samples", "5", "--require", "gamma<=1", "examples/continuum.csv"}, 0, "met (gamma ="},
		{[]string{"unitizing", "--require", "kappa_d>=-1", "examples/continuum.csv"}, 0, "met"},
		{[]string{"segmentation", "--require", "agreement.kappa>=2", "testdata/segmentation/g5_ch1.csv"}, 3, "NOT met"},
		{[]string{"coref", "--missing", "singletons", "--require", "pairs.0.conll_f1>=0", "testdata/coref/passonneau.csv"}, 0, "met"},
		{[]string{"coding", "--require", "alpha", "examples/krippendorff.csv"}, 2, "want NAME>=NUMBER"},
		{[]string{"coding", "--junit", junit, "examples/krippendorff.csv"}, 2, "--junit needs --require"},
		{[]string{"coding", "--require", "krippendorff_alpha>=0.8", "--junit", exists, "examples/krippendorff.csv"}, 2, "file exists"},
		{[]string{"coding", "--require", "krippendorff_alpha>=0.8", "--junit", junit, "examples/krippendorff.csv"}, 3, "NOT met"},
	}
	for _, c := range cases {
		_, errs, code := agree(t, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("agree %s: exit %d, %q; want %d and %q", strings.Join(c.args, " "), code, errs, c.code, c.msg)
		}
	}
	b, err := os.ReadFile(junit)
	if err != nil || !strings.Contains(string(b), `<testsuite name="agree coding examples/krippendorff.csv" tests="1" failures="1">`) {
		t.Errorf("JUnit file: %v\n%s", err, b)
	}
	if b, _ := os.ReadFile(exists); string(b) != "keep" {
		t.Error("an existing JUnit file was overwritten without --force")
	}
}
