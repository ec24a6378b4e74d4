package main

import (
	"cmp"
	"flag"
	"slices"
)

// defaultMaxRows is --max-rows's default: the rows of a table of pairs
// (or coders) printed, the others counted.
const defaultMaxRows = 100

// maxRowsFlag registers --max-rows (0 … 1,000,000; 0: all) with the
// usage text of the command.
func maxRowsFlag(fs *flag.FlagSet, p *int, usage string) {
	fs.IntVar(p, "max-rows", defaultMaxRows, usage)
	bound(fs, "max-rows", between(0, 1_000_000))
}

// topRows returns the indexes of at most max of n rows (0: all), and how
// many are left out: all n in order when they fit, else those with the
// largest key (ties in order), by key — --max-rows as agree coding bounds
// its pairs of coders.
func topRows(n, max int, key func(int) int) (idx []int, omitted int) {
	idx = make([]int, n)
	for k := range idx {
		idx[k] = k
	}
	if max <= 0 || n <= max {
		return idx, 0
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(key(b), key(a)) })
	return idx[:max], n - max
}
