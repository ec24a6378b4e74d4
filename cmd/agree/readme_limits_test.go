package main

import (
	"fmt"
	"strings"
	"testing"

	"agree/internal/limits"
)

// TestREADMEInputLimits: the README's table of input limits states the
// limits the readers apply (package limits).
func TestREADMEInputLimits(t *testing.T) {
	text := docs(t)
	i := strings.Index(text, "**Inputs are bounded.**")
	if i < 0 {
		t.Fatal("the README has no **Inputs are bounded.** paragraph")
	}
	table := text[i:]
	if end := strings.Index(table, "\n\nA coding table"); end > 0 {
		table = table[:end]
	}
	for _, want := range []string{
		"| " + limits.Size(limits.MaxLine) + " |",
		"| " + limits.Size(limits.MaxFile) + " |",
		"| " + limits.Size(limits.MaxEntry) + " |",
		fmt.Sprintf("| %d to 1 |", limits.MaxRatio),
		"larger than " + limits.Size(limits.RatioGrace),
	} {
		if !strings.Contains(table, want) {
			t.Errorf("the README's table of input limits does not say %q", want)
		}
	}
}
