package main

import (
	"context"
	"errors"
	"io"
	iofs "io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"agree/internal/view/shuffleview"
	"agree/report"
	"agree/shuffle"
)

func runShuffle(e env, args []string) error {
	fs := newFlagSet(e, "shuffle", "shuffle [flags]   (response curves of agreement measures; CSV on stdout)")
	format := formatFlag(fs, "csv")
	errorsFlag := fs.String("errors", "position,category,false_negative,false_positive,split",
		"comma-separated error types; combine with +, e.g. position+category")
	measures := fs.String("measures", "gamma,alpha_u,u_alpha,cu_alpha,kappa_d,ser_agreement",
		"comma-separated measures (the default is the set compared in §6.3.4); all: "+strings.Join(shuffle.MeasureNames(), ", "))
	step := fs.Float64("step", 0.05, "magnitude step (0 < step ≤ 1)")
	sets := fs.Int("sets", 40, "simulated continua per magnitude (the paper uses 40)")
	seed := fs.Uint64("seed", 1, "random seed")
	annotators := fs.Int("annotators", 3, "simulated annotators")
	continua := fs.Int("continua", 3, "continua per set, each from its own reference (γ uses the corpus sampler when ≥ annotators)")
	modelName := fs.String("model", "default", "reference model: default (4 categories, varied lengths and gaps), categorization (fixed positions, §6.3.3) segmentation (contiguous segments, §6.3.2), or a .json model file (see shuffle.ModelFile)")
	shiftScale := fs.Float64("shift-scale", 2, "position errors: boundary shift at magnitude 1, in unit lengths")
	splitScale := fs.Float64("split-scale", 5, "splits per reference unit at magnitude 1")
	fpScale := fs.Float64("fp-scale", 1, "false positives per reference unit at magnitude 1")
	unitsN := fs.Int("units", 0, "units in each reference (default: the model's 40)")
	minGap := fs.Float64("min-gap", -1, "smallest gap between reference units (default: the model's 1)")
	maxGap := fs.Float64("max-gap", -1, "largest gap between reference units (default: the model's 10)")
	overlap := fs.Bool("overlap", false, "let shifted and added units overlap (the alphas and κ_d are then undefined)")
	workers := fs.Int("workers", 0, "parallel workers (0: all cores; results do not depend on it)")
	out := fs.String("out", "", "directory for curves.csv and one SVG chart per error type (created if needed; existing files are kept unless --force)")
	force := fs.Bool("force", false, "overwrite the files of an existing --out directory")
	bound(fs, "step", span(shuffle.MinStep, 1, ""))
	bound(fs, "sets", between(1, maxShuffleSets))
	bound(fs, "annotators", between(2, shuffle.MaxAnnotators))
	bound(fs, "continua", between(1, shuffle.MaxContinua))
	bound(fs, "shift-scale", span(0, shuffle.MaxScale, "lo"))
	bound(fs, "split-scale", span(0, shuffle.MaxScale, "lo"))
	bound(fs, "fp-scale", span(0, shuffle.MaxScale, "lo"))
	bound(fs, "units", between(0, shuffle.MaxUnits))
	bound(fs, "min-gap", span(0, maxShuffleGap, ""))
	bound(fs, "max-gap", span(0, maxShuffleGap, ""))
	bound(fs, "workers", between(0, maxWorkers))
	rep := reportFlag(fs)
	pos, f, err := commandArgs(fs, args, format, 0, -1)
	if err != nil {
		return err
	}
	if err := rep.check(e, nil); err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("shuffle: unexpected argument %q (the reference is drawn from a model, not read)", pos[0])
	}
	if n := 1 / *step; math.Abs(n-math.Round(n)) > 0.01*n {
		return usagef("shuffle: --step %v does not divide 1 into whole steps (the magnitudes are 0, step, 2·step, …, 1): use 1/n, e.g. 0.25, 0.1 or 0.05", *step)
	}
	var errs []shuffle.ErrorType
	for _, s := range strings.Split(*errorsFlag, ",") {
		et, err := shuffle.ParseErrorType(s)
		if err != nil {
			return usagef("shuffle: --errors: %v", err)
		}
		errs = append(errs, et)
	}
	var ms []shuffle.Measure
	for _, name := range strings.Split(*measures, ",") {
		m, err := shuffle.StandardMeasure(strings.TrimSpace(name))
		if err != nil {
			return usagef("shuffle: --measures: %v", err)
		}
		ms = append(ms, m)
	}
	var model shuffle.Model
	var confusion [][]float64
	var inputs []string
	switch *modelName {
	case "default":
		model = shuffle.DefaultModel()
	case "categorization":
		model = shuffle.CategorizationModel()
	case "segmentation":
		model = shuffle.SegmentationModel()
	default:
		if !strings.HasSuffix(strings.ToLower(*modelName), ".json") {
			return usagef("shuffle: --model %q (want default, categorization, segmentation or a .json model file)", *modelName)
		}
		inputs = append(inputs, *modelName)
		rc, err := openInput(e, *modelName)
		if err != nil {
			return err
		}
		model, confusion, err = shuffle.ReadModel(rc, *modelName)
		rc.Close()
		if err != nil {
			return err
		}
	}
	if *unitsN != 0 {
		model.Units = *unitsN
	}
	switch {
	case flagSet(fs, "min-gap") && flagSet(fs, "max-gap") && *maxGap < *minGap:
		return usagef("shuffle: --max-gap %v is below --min-gap %v", *maxGap, *minGap)
	case flagSet(fs, "min-gap") && !flagSet(fs, "max-gap") && *minGap > model.MaxGap:
		return usagef("shuffle: --min-gap %v is above the model's largest gap %v; give --max-gap too", *minGap, model.MaxGap)
	case flagSet(fs, "max-gap") && !flagSet(fs, "min-gap") && *maxGap < model.MinGap:
		return usagef("shuffle: --max-gap %v is below the model's smallest gap %v; give --min-gap too", *maxGap, model.MinGap)
	}
	if flagSet(fs, "min-gap") {
		model.MinGap = *minGap
	}
	if flagSet(fs, "max-gap") {
		model.MaxGap = *maxGap
	}
	if err := model.Validate(); err != nil {
		return usageError{err}
	}
	sw := shuffle.Sweep{
		Model: model,
		Shuffler: shuffle.Shuffler{Annotators: *annotators, Disjoint: !*overlap,
			ShiftScale: *shiftScale, SplitScale: *splitScale, FalsePositiveScale: *fpScale, Confusion: confusion},
		Errors: errs, Measures: ms,
		Step: *step, Sets: *sets, Seed: *seed, Workers: *workers, Continua: *continua,
	}
	if sw.Workers == 0 {
		sw.Workers = runtime.NumCPU()
	}
	if err := shuffleBudget(sw); err != nil {
		return err
	}
	if *out != "" {
		if err := checkShuffleOut(e, *out, *force, errs, inputs); err != nil {
			return err
		}
	}
	// Each measure is called once per simulated set: counting the calls
	// gives the progress of the sweep.
	runs := len(sw.Errors) * len(shuffle.Magnitudes(sw.Step)) * sw.Sets
	e.status.phase("simulated sets × measures", int64(runs*len(sw.Measures)))
	for i, m := range sw.Measures {
		f := m.Func
		sw.Measures[i].Func = func(s shuffle.Set, rng *rand.Rand) (float64, error) {
			defer e.status.add(1)
			return f(s, rng)
		}
	}
	pts, err := sw.Run(context.Background())
	e.status.phase("", 0)
	if err != nil {
		return err
	}
	if *out != "" {
		if err := writeShuffleFiles(e, *out, *force, sw.Errors, pts); err != nil {
			return err
		}
	}
	js := shuffleview.New(pts, *seed, *sets)
	t := shuffleview.Table(pts, *seed, *sets)
	if err := rep.write(e, func() (*report.Page, error) { return shuffleview.Page(js, t), nil }, nil); err != nil || rep.only() {
		return err
	}
	switch f {
	case report.CSV:
		return shuffle.WriteCSV(e.stdout, pts)
	case report.JSON:
		return report.WriteJSON(e.stdout, js)
	}
	return report.WriteTables(e.stdout, f, t)
}

// shuffleOutFiles are the files --out DIR receives.
func shuffleOutFiles(dir string, errs []shuffle.ErrorType) []string {
	files := []string{filepath.Join(dir, "curves.csv")}
	for _, et := range errs {
		files = append(files, filepath.Join(dir, et.String()+".svg"))
	}
	return files
}

// checkShuffleOut checks, before the sweep, that --out DIR is a directory
// or can be created, and that none of its files would overwrite an existing
// file (unless force) or an input.
func checkShuffleOut(e env, dir string, force bool, errs []shuffle.ErrorType, inputs []string) error {
	st, err := os.Stat(dir)
	switch {
	case err == nil && !st.IsDir():
		return usagef("shuffle: --out %s is a file; want a directory (curves.csv and the charts go in it)", dir)
	case errors.Is(err, iofs.ErrNotExist):
		// created after the sweep (writeShuffleFiles), as docs/cli.md
		// promises: it holds nothing to overwrite
		for _, p := range shuffleOutFiles(dir, errs) {
			if err := e.outputs.claim(p, "--out", nil); err != nil {
				return err
			}
		}
		return nil
	case err != nil:
		return usagef("shuffle: --out %s: %v", dir, err)
	}
	for _, p := range shuffleOutFiles(dir, errs) {
		if err := checkOutput(e, p, "--out", force, inputs); err != nil {
			return err
		}
	}
	return nil
}

// writeShuffleFiles writes dir/curves.csv and dir/<error type>.svg.
func writeShuffleFiles(e env, dir string, force bool, errs []shuffle.ErrorType, pts []shuffle.Point) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	write := func(name string, fn func(w io.Writer) error) error {
		return writeOutput(e, filepath.Join(dir, name), force, fn)
	}
	if err := write("curves.csv", func(w io.Writer) error { return shuffle.WriteCSV(w, pts) }); err != nil {
		return err
	}
	for _, et := range errs {
		if err := write(et.String()+".svg", func(w io.Writer) error { return shuffle.WriteSVG(w, et, pts) }); err != nil {
			return err
		}
	}
	return nil
}

// shuffleBudget refuses, before any work, a sweep the library would refuse
// (shuffle.Sweep.Validate: a simulated set too large to hold) or one with
// too many simulated sets to run, naming the flags that set them.
func shuffleBudget(sw shuffle.Sweep) error {
	if err := sw.Validate(); err != nil {
		return usagef("%v: lower --continua, --annotators, --units, --split-scale or --fp-scale", err)
	}
	runs := len(sw.Errors) * len(shuffle.Magnitudes(sw.Step)) * sw.Sets
	if runs > maxShuffleRuns {
		return usagef("shuffle: the sweep would simulate %d sets (%d error types × %d magnitudes × --sets %d); the limit is %d: raise --step or lower --sets",
			runs, len(sw.Errors), len(shuffle.Magnitudes(sw.Step)), sw.Sets, maxShuffleRuns)
	}
	return nil
}
