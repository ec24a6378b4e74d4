package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"agree/annotation"
	"agree/coding"
)

// TestCodingTokens: span files go through agree coding token by token;
// its JSON keys stay, the notes say which outside treatment was used, and
// the coefficients are the engine's on the projected tokens.
func TestCodingTokens(t *testing.T) {
	f, err := os.Open("examples/entities.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	c, err := annotation.ReadJSONL(f, "entities.jsonl")
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, outside := range []string{"category", "exclude"} {
		out, errs, code := agree(t, "", "coding", "--format", "json", "--no-se", "--top", "0", "--outside", outside, "examples/entities.jsonl")
		if code != 0 {
			t.Fatalf("%s: %s", outside, errs)
		}
		var v struct {
			Items int      `json:"items"`
			Notes []string `json:"notes"`
		}
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.Join(v.Notes, "\n"), "--outside "+outside) {
			t.Errorf("%s: the notes do not say which outside treatment was used: %q", outside, v.Notes)
		}
		o, _ := annotation.ParseOutside(outside)
		d, _, err := c.TokenCoding(annotation.TokenOptions{Outside: o})
		if err != nil {
			t.Fatal(err)
		}
		an, _ := coding.Analyze(d, coding.Options{})
		if v.Items != d.NumItems() {
			t.Errorf("%s: %d items, the projection has %d", outside, v.Items, d.NumItems())
		}
		for _, k := range []coding.Coefficient{coding.KrippendorffAlpha, coding.FleissKappa, coding.GwetAC} {
			nearPtr(t, outside+" "+k.Key(), decodeCoefs(t, out)[k.Key()].Value, an.Coefficient(k).Value, 1e-12)
		}
	}
	// Token flags on a table, or a bad value: usage errors.
	for _, args := range [][]string{
		{"coding", "--outside", "exclude", "examples/krippendorff.csv"},
		{"coding", "--outside", "nothing", "examples/entities.jsonl"},
		{"coding", "--token-tags", "iob", "examples/entities.jsonl"},
	} {
		if _, errs, code := agree(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d (%s), want 2", args, code, errs)
		}
	}
	// A span CSV has no text to cut into tokens.
	if _, errs, code := agree(t, "", "coding", "examples/entities.csv"); code != 1 || !strings.Contains(errs, "no text and no tokens") {
		t.Errorf("span CSV: exit 0 (%s)", errs)
	}
}
