package main

import (
	"fmt"
	"strings"
	"testing"

	"agree/internal/limits"
)

// TestREADMEInputLimits: the table of input limits (docs/cli.md) states the
// limits the readers apply (package limits).
func TestREADMEInputLimits(t *testing.T) {
	text := docs(t)
	i := strings.Index(text, "\n## Inputs are bounded\n")
	if i < 0 {
		t.Fatal("the docs have no section \"## Inputs are bounded\" (docs/cli.md)")
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
			t.Errorf("the table of input limits (docs/cli.md) does not say %q", want)
		}
	}
}
