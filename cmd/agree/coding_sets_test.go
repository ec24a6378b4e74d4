package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"agree/coding"
	"agree/distance"
)

func TestCodingSetAndHierarchyDistances(t *testing.T) {
	dir := t.TempDir()
	sets := filepath.Join(dir, "sets.csv")
	body := "item,a,b,c\n1,x;y,x,x;y\n2,z,z;w,z\n3,x,y,x;y;z\n4,w,w,w\n"
	if err := os.WriteFile(sets, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	// The CLI's α must be the engine's α with the same set distance.
	for _, m := range []string{"masi", "jaccard", "dice", "passonneau"} {
		out, errs, code := agree(t, "", "coding", "--metric", m, "--set-sep", ";", "--format", "json", "--no-se", "--top", "0", sets)
		if code != 0 {
			t.Fatalf("%s: %s", m, errs)
		}
		sp, err := distance.SetDistance(m, ";")
		if err != nil {
			t.Fatal(err)
		}
		b := coding.NewBuilder()
		for i, row := range strings.Split(strings.TrimSpace(body), "\n")[1:] {
			for c, v := range strings.Split(row, ",")[1:] {
				if err := b.Add(itoa(i), string(rune('a'+c)), v); err != nil {
					t.Fatal(err)
				}
			}
		}
		d, _ := b.Build()
		an, err := coding.Analyze(d, coding.Options{Distance: sp})
		if err != nil {
			t.Fatal(err)
		}
		want := an.Coefficient(coding.KrippendorffAlpha).Value
		nearPtr(t, m+" α", decodeCoefs(t, out)["krippendorff_alpha"].Value, want, 1e-12)
	}

	// Hierarchical tags with a taxonomy file: identical data give α = 1
	// whatever the distance, and a missing --taxonomy is a usage error.
	tax := filepath.Join(dir, "tax.csv")
	if err := os.WriteFile(tax, []byte("child,parent\nyn,question\nwh,question\nstatement,act\nquestion,act\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tags := filepath.Join(dir, "tags.csv")
	if err := os.WriteFile(tags, []byte("item,a,b\n1,yn,yn\n2,wh,wh\n3,statement,statement\n4,yn,yn\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"geertzen-bunt:0.75,1", "melamed-resnik", "extended:passonneau"} {
		out, errs, code := agree(t, "", "coding", "--metric", m, "--taxonomy", tax, "--format", "json", tags)
		if code != 0 {
			t.Fatalf("%s: %s", m, errs)
		}
		nearPtr(t, m+" α on identical codings", decodeCoefs(t, out)["krippendorff_alpha"].Value, 1, 1e-12)
	}
	if _, errs, code := agree(t, "", "coding", "--metric", "melamed-resnik", tags); code != 2 || !strings.Contains(errs, "needs --taxonomy") {
		t.Errorf("no taxonomy: exit %d, %q", code, errs)
	}
}
