package main

import (
	"flag"
	"fmt"
	"math"

	"agree/internal/view/unitizingview"
	"agree/report"
	"agree/unitizing"
)

func runUnitizing(e env, args []string) error {
	fs := newFlagSet(e, "unitizing", "unitizing [flags] FILE|DIR...  (CSV annotator,category,start,end or RTTM, one continuum per file; - = stdin; any --input format: one continuum per document)")
	format := formatFlag(fs, "table")
	begin := fs.Float64("begin", 0, "start of the continuum (default: min(0, first unit start))")
	end := fs.Float64("end", 0, "end of the continuum (default: last unit end)")
	atom := fs.Float64("atom", 1, "atom length for κ_d and α_d")
	concat := fs.Bool("concatenate", false, "treat all inputs as one continuum, laid end to end (annotators matched by name)")
	sep := sepFlag(fs)
	dropZero := fs.Bool("drop-zero-length", false, "skip units with start = end (a Praat point tier's points) with a warning each, instead of failing")
	cuOverlap := fs.Bool("cu-overlap", false, "compute c|uα and (k)uα even when an annotator's units overlap (Mathet et al. 2015 §6.3.5; uα and |uα stay undefined)")
	bound(fs, "atom", span(0, math.MaxFloat64, "lo"))
	bound(fs, "begin", span(-math.MaxFloat64, math.MaxFloat64, ""))
	bound(fs, "end", span(-math.MaxFloat64, math.MaxFloat64, ""))
	var in inputFlags
	in.register(fs, true)
	var docs documentsFlag
	docs.registerContinua(fs)
	var by byFlags
	by.register(fs, "pooled", "macro")
	rep := reportFlag(fs)
	gateFlags(e, fs)
	files, f, err := commandArgs(fs, args, format, 1, -1)
	if err != nil {
		return err
	}
	if err := e.checkGate(fs, files); err != nil {
		return err
	}
	comma, err := parseSep(*sep)
	if err != nil {
		return err
	}
	if err := rep.check(e, files); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	if err := by.check(fs); err != nil {
		return err
	}
	if by.active() && *concat {
		return usagef("unitizing: --by document compares the documents; --concatenate makes them one")
	}
	if set["begin"] && set["end"] && !(*begin < *end) {
		return usagef("unitizing: --begin %v must be before --end %v", *begin, *end)
	}
	if err := in.check("unitizing"); err != nil {
		return err
	}
	if err := docs.check(fs); err != nil {
		return err
	}
	var results []unitizingview.Result
	input, err := readUnits(e, "unitizing", files, &in, &docs, *dropZero, comma)
	if err != nil {
		return err
	}
	continua := input.corpus.Continua
	exts := make([]unitizing.Extent, len(continua))
	for i := range continua {
		c := &continua[i]
		ext := unitizing.DefaultExtent(c)
		if x, ok := input.extent[c.Name]; ok {
			ext = x // the whole document text, or the recording a TextGrid spans
		}
		if set["begin"] {
			ext.Begin = *begin
		}
		if set["end"] {
			ext.End = *end
		}
		if ext.IsZero() && len(c.Units) == 0 {
			return fmt.Errorf("%s: no units, and no --begin/--end to give the continuum a length", c.Name)
		}
		exts[i] = ext
	}
	if *concat && len(continua) > 1 {
		if !unitizing.SameAnnotators(continua) {
			return fmt.Errorf("unitizing: --concatenate: %s", unitizingview.DifferentAnnotators)
		}
		c, ext, err := unitizing.Concatenate(continua, exts)
		if err != nil {
			return err
		}
		continua, exts = []unitizing.Continuum{c}, []unitizing.Extent{ext}
	}
	for i := range continua {
		r, err := unitizingview.Measure(e.stderr, &continua[i], exts[i], *atom, *cuOverlap)
		if err != nil {
			return err
		}
		results = append(results, r)
	}
	if by.active() && len(continua) > 0 {
		bd, err := unitizingview.NewBreakdown(e.stderr, continua, exts, results, *atom, *cuOverlap, by.average)
		if err != nil {
			return err
		}
		bd.DocumentRule = input.rule
		e.observe(bd)
		if f == report.JSON {
			return report.WriteJSON(e.stdout, bd)
		}
		return report.WriteTables(e.stdout, f, bd.Tables()...)
	}
	whole := unitizingview.Output(results, input.rule)
	e.observe(whole)
	if err := rep.write(e, func() (*report.Page, error) { return unitizingview.Page(results, continua, files), nil }, files); err != nil || rep.only() {
		return err
	}
	if f == report.JSON {
		return report.WriteJSON(e.stdout, whole)
	}
	tables := unitizingview.Tables(results, input.rule, len(continua))
	return report.WriteTables(e.stdout, f, tables...)
}
