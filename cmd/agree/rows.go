package main

import (
	"flag"

	"agree/internal/view"
)

// maxRowsFlag registers --max-rows (0 … 1,000,000; 0: all) with the
// usage text of the command.
func maxRowsFlag(fs *flag.FlagSet, p *int, usage string) {
	fs.IntVar(p, "max-rows", view.DefaultMaxRows, usage)
	bound(fs, "max-rows", between(0, 1_000_000))
}
