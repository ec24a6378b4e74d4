package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

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
	workers := fs.Int("workers", runtime.NumCPU(), "parallel workers (results do not depend on it)")
	out := fs.String("out", "", "directory for curves.csv and one SVG chart per error type")
	rep := reportFlag(fs)
	pos, f, err := commandArgs(fs, args, format, 0, -1)
	if err != nil {
		return err
	}
	if err := rep.check(nil); err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("shuffle: unexpected argument %q (the reference is drawn from a model, not read)", pos[0])
	}
	var model shuffle.Model
	var confusion [][]float64
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
	if *minGap >= 0 {
		model.MinGap = *minGap
	}
	if *maxGap >= 0 {
		model.MaxGap = *maxGap
	}
	if model.MaxGap < model.MinGap {
		model.MaxGap = model.MinGap
	}
	sw := shuffle.Sweep{
		Model: model,
		Shuffler: shuffle.Shuffler{Annotators: *annotators, Disjoint: !*overlap,
			ShiftScale: *shiftScale, SplitScale: *splitScale, FalsePositiveScale: *fpScale, Confusion: confusion},
		Step: *step, Sets: *sets, Seed: *seed, Workers: *workers, Continua: *continua,
	}
	for _, s := range strings.Split(*errorsFlag, ",") {
		et, err := shuffle.ParseErrorType(s)
		if err != nil {
			return usagef("shuffle: --errors: %v", err)
		}
		sw.Errors = append(sw.Errors, et)
	}
	for _, name := range strings.Split(*measures, ",") {
		m, err := shuffle.StandardMeasure(strings.TrimSpace(name))
		if err != nil {
			return usagef("shuffle: --measures: %v", err)
		}
		sw.Measures = append(sw.Measures, m)
	}
	if *sets < 1 || !(*step > 0 && *step <= 1) || *annotators < 2 || *continua < 1 {
		return usagef("shuffle: need --sets ≥ 1, 0 < --step ≤ 1, --annotators ≥ 2 and --continua ≥ 1")
	}
	if !(*shiftScale > 0) || !(*splitScale > 0) || !(*fpScale > 0) {
		return usagef("shuffle: the scales must be positive")
	}
	pts, err := sw.Run()
	if err != nil {
		return err
	}
	if *out != "" {
		if err := writeShuffleFiles(*out, sw.Errors, pts); err != nil {
			return err
		}
	}
	js := shuffleJSON{Seed: *seed, Sets: *sets, Points: make([]shufflePointJSON, len(pts))}
	for i, p := range pts {
		js.Points[i] = shufflePointJSON{p.Errors.String(), p.Magnitude, p.Measure, report.Number(p.Mean), report.Number(p.SD), p.Defined, p.Sets, p.Note}
	}
	t := report.Table{Title: fmt.Sprintf("mean agreement over %d simulated annotation sets per magnitude (seed %d)", *sets, *seed),
		Header: []string{"error type", "magnitude", "measure", "mean", "sd", "defined", "note"}}
	for _, p := range pts {
		note := p.Note
		if r := []rune(note); len(r) > 80 {
			note = string(r[:77]) + "..."
		}
		t.Rows = append(t.Rows, []string{p.Errors.String(), report.Float(p.Magnitude, 2), p.Measure,
			report.Float(p.Mean, 4), report.Float(p.SD, 4), fmt.Sprintf("%d/%d", p.Defined, p.Sets), note})
	}
	if err := rep.write(e, shufflePage(&js, t), nil); err != nil || rep.only() {
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

// writeShuffleFiles writes dir/curves.csv and dir/<error type>.svg.
func writeShuffleFiles(dir string, errs []shuffle.ErrorType, pts []shuffle.Point) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	write := func(name string, fn func(f *os.File) error) error {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		if err := fn(f); err != nil {
			f.Close()
			return fmt.Errorf("%s: %w", f.Name(), err)
		}
		return f.Close()
	}
	if err := write("curves.csv", func(f *os.File) error { return shuffle.WriteCSV(f, pts) }); err != nil {
		return err
	}
	for _, et := range errs {
		if err := write(et.String()+".svg", func(f *os.File) error { return shuffle.WriteSVG(f, et, pts) }); err != nil {
			return err
		}
	}
	return nil
}
