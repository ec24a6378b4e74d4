package main

import (
	"slices"

	"agree/formats/table"
	"agree/internal/plural"
)

// layoutNeedsIdentity is a usage error for the options that need coder
// identity with a layout whose coders are anonymous.
func layoutNeedsIdentity(l table.Layout, dawidSkene, consensus bool) error {
	if !table.CodersAnonymous(l) {
		return nil
	}
	var bad []string
	if dawidSkene {
		bad = append(bad, "--dawid-skene")
	}
	if consensus {
		bad = append(bad, "--consensus")
	}
	if len(bad) == 0 {
		return nil
	}
	slices.Sort(bad)
	return usagef("coding: %s %s to know which coder gave which value; --layout counts does not say", bad[0], plural.Verb(len(bad), "needs", "need"))
}
