package main

import (
	"flag"
	"strings"
)

// limitFlags declares the bounds of coding's numeric flags and its
// --force flag (register calls it).
func (f *codingFlags) limitFlags(fs *flag.FlagSet) {
	bound(fs, "level", span(0, 1, "both"))
	bound(fs, "population", atLeast(0))
	bound(fs, "bootstrap", between(0, maxResamples))
	bound(fs, "workers", between(0, maxWorkers))
	bound(fs, "top", between(0, maxTop))
	fs.BoolVar(&f.inf.force, "force", false, "overwrite an existing --consensus or --emit-stats file")
}

// validate checks what the flags say together, before the data are read:
// every problem is a usage error (exit 2). file is the input ("-" for
// standard input), which no output may overwrite.
func (f *codingFlags) validate(e env, fs *flag.FlagSet, file string) error {
	if err := requires(fs, "closed", "categories"); err != nil {
		return err
	}
	if err := oneOf(fs, "alpha-bootstrap", f.inf.alphaBoot, "item", "krippendorff"); err != nil {
		return err
	}
	if f.inf.alphaBoot != "item" && f.inf.bootstrap == 0 {
		return usagef("coding: --alpha-bootstrap %s needs --bootstrap N", f.inf.alphaBoot)
	}
	if f.convention == "irrcac" {
		for _, name := range []string{"missing", "incomplete"} {
			if flagSet(fs, name) {
				return usagef("coding: --%s is for --convention survey; irrCAC's estimators fix how items with missing values count", name)
			}
		}
	}
	layout := strings.ToLower(f.layout)
	if f.header && layout != "columns" && f.columns == "" {
		return usagef("coding: --header is for --layout columns (wide and long files always have a header)")
	}
	if f.columns != "" && layout != "auto" && layout != "columns" {
		return usagef("coding: --columns is for --layout columns, not %s", f.layout)
	}
	if f.taxonomy != "" {
		name, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(f.metric)), ":")
		if name != "geertzen-bunt" && name != "melamed-resnik" && name != "extended" {
			return usagef("coding: --taxonomy is used only by --metric geertzen-bunt, melamed-resnik or extended, not %q", f.metric)
		}
	}
	inputs := []string{file, f.taxonomy}
	if name, arg, _ := strings.Cut(f.metric, ":"); strings.EqualFold(strings.TrimSpace(name), "matrix") {
		inputs = append(inputs, arg)
	}
	return checkOutput(e, f.inf.consensus, "--consensus", f.inf.force, inputs)
}
