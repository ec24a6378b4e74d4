// Command agree measures inter-annotator agreement.
//
// Run it with no arguments for a demonstration on embedded example data, or
// "agree help" for the list of subcommands. Each subcommand lives in its own
// file of this package and only wires readers, measures and report together.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"agree/formats"
	"agree/report"
)

func main() {
	applyServeMemory()
	err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	os.Exit(exitCode(err, os.Stderr))
}

// usageError marks errors in how the command was called (exit status 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// exitCode prints err (if any) and returns the process exit status:
// 0 success, 1 bad input or failed computation, 2 usage error, 3 a
// --require not met (gate.go).
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if isRequirementError(err) {
		var re requirementError
		errors.As(err, &re)
		for _, f := range re.failed {
			fmt.Fprintln(stderr, "agree: requirement", f)
		}
		return exitRequirement
	}
	fmt.Fprintln(stderr, "agree:", shortMessage(flagNames(err.Error())))
	var ue usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

// env is what a subcommand may touch: its arguments and standard streams.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// progress receives progress lines (internal/progress): standard error
	// when it is a terminal, nil otherwise (and in tests, unless a test
	// sets it). The --quiet flag every command has silences it.
	progress io.Writer
	// quiet is set by --quiet (see newFlagSet).
	quiet *quietGate
	// status is the command's own progress line (nil without a terminal):
	// elapsed time, or the phase and count its steps report.
	status *status
	// call records the command's flags for the hints added to its errors.
	call *callInfo
	// gate is the command's quality gate (--require, --junit; gate.go).
	gate *gateState
	// files opens the inputs (each once) and records every file read, so
	// that no output overwrites one (output.go).
	files *formats.OS
	// outputs are the files the command will write (output.go).
	outputs *outputs
}

type command struct {
	name    string
	summary string
	run     func(e env, args []string) error
}

func commands() []command {
	return []command{
		{"demo", "run the demonstration on embedded example data", runDemo},
		{"coding", "agreement on categories and values (α, κ, π, S, AC1, …) from a CSV file", runCoding},
		{"ratings", "numeric ratings: intraclass correlations (ICC) with F tests and intervals; Pearson, Spearman, Kendall τ-b, Lin's CCC per pair and against the others; Kendall's W", runRatings},
		{"compare", "the difference of a coefficient between two tables (rounds, versions, groups, a model and people): paired or unpaired bootstrap, overall and per category", runCompare},
		{"unitizing", "Krippendorff's unitizing alphas (αU, uα, |uα, c|uα, (k)uα), κ_d and SER on unit files", runUnitizing},
		{"shuffle", "corpus shuffling tool: response curves of unitizing measures to simulated errors (CSV, SVG)", runShuffle},
		{"coref", "coreference agreement: MUC, B³, CEAF, BLANC, LEA, CoNLL; Passonneau's link κ/α; chains as sets (MASI α)", runCoref},
		{"segmentation", "segmentation agreement (B, S, BED, Pk, WindowDiff, GHD; SegEval π, κ) from SegEval JSON or CSV", runSegmentation},
		{"spans", "span agreement (entities, mentions): pairwise precision, recall, F1 per label with exact, overlap, IoU or tolerance matching; κ/α on labels", runSpans},
		{"relations", "relation agreement: pairwise precision, recall, F1 per type of relations whose ends match; κ/α on types", runRelations},
		{"plan", "how many items to annotate: a priori (Cohen's κ, Krippendorff's table, any coefficient by simulation), from a pilot with the projected interval, sequential stop or continue", runPlan},
		{"alttest", "can a model replace an annotator: the alternative annotator test (leave-one-annotator-out, paired t-tests, Benjamini–Yekutieli), cross-replication reliability, run-to-run stability", runAlttest},
		{"budget", "the disagreement budget: 1 − α by category pair, item and coder, 1 − span F1 by kind of error; what to fix first, with the value if resolved", runBudget},
		{"gamma", "γ, γ-cat, γ-k from the exact best alignment of unit files (CSV, RTTM; a corpus of several files)", runGamma},
		{"convert", "read annotation files (Label Studio, doccano, Prodigy, ELAN, Praat, BIO, brat, WebAnno, UIMA, …) and write the span CSV or JSONL", runConvert},
		{"report", "self-contained HTML report with plots of the analysis that fits the files (-o FILE.html)", runReport},
		{"serve", "local web page: drop files, choose the analysis, see its report (127.0.0.1 only)", runServe},
		{"version", "the version of agree, its commit and the Go version that built it", runVersion},
	}
}

// run executes the command line args (without the program name).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	e := newEnv(stdin, stdout, stderr)
	if len(args) == 0 {
		return runDemo(e, nil)
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		printUsage(stdout)
		return nil
	case "--version":
		name = "version"
	}
	for _, c := range commands() {
		if c.name == name {
			e.status = newStatus(e.quiet, c.name)
			e.files.Watch = e.watchInput
			err := c.run(e, args[1:])
			e.status.finish()
			if errors.Is(err, flag.ErrHelp) && e.call.usage != nil {
				e.call.usage(stdout) // -h: the usage asked for
				return nil
			}
			if err == nil {
				err = e.gate.verdict(e)
			}
			return withHints(err, e.call)
		}
	}
	printUsage(stderr)
	return usagef("unknown command %q", name)
}

func printUsage(w io.Writer) {
	var b strings.Builder
	b.WriteString("usage: agree <command> [flags] FILE...\n\ncommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-13s %s\n", c.name, c.summary)
	}
	b.WriteString("\nRun 'agree <command> -h' for the flags of a command; 'agree' alone runs the demonstration.\n")
	io.WriteString(w, b.String())
}

// newFlagSet returns a flag set whose errors are reported as usage errors.
// Its usage goes to stderr after a usage error; asked for (-h), it goes to
// stdout, as agree help's does (run prints it). It defines the flags every
// command has: --quiet (no progress line).
func newFlagSet(e env, name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet("agree "+name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	usage := func(w io.Writer) {
		fmt.Fprintf(w, "usage: agree %s\n\nflags:\n", synopsis)
		out := fs.Output()
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(out)
	}
	fs.Usage = func() { usage(e.stderr) }
	q := e.quiet
	if q == nil {
		q = &quietGate{}
	}
	if e.call != nil {
		e.call.fs = fs
		e.call.usage = usage
	}
	fs.BoolVar(&q.quiet, "quiet", false, "no progress line (shown on a terminal for runs past 2 s) and no readers' notes on standard error; errors and warnings are still printed")
	return fs
}

// formatFlag registers the --format flag every subcommand has.
func formatFlag(fs *flag.FlagSet, def string) *string {
	return fs.String("format", def, "output: table, json, csv or markdown")
}

// commandArgs parses a subcommand's flags (before or after its FILEs), its
// --format value, and checks that it got at least minFiles FILEs and at most
// maxFiles (maxFiles < 0: no limit). Problems are usage errors (exit 2).
func commandArgs(fs *flag.FlagSet, args []string, format *string, minFiles, maxFiles int) ([]string, report.Format, error) {
	files, err := parseFlags(fs, args)
	if err != nil {
		return nil, 0, err
	}
	f, err := report.ParseFormat(*format)
	if err != nil {
		return nil, 0, usageError{err}
	}
	name := strings.TrimPrefix(fs.Name(), "agree ")
	switch {
	case maxFiles == 1 && len(files) != 1:
		fs.Usage()
		return nil, 0, usagef("%s: want one FILE, got %d", name, len(files))
	case len(files) < minFiles:
		fs.Usage()
		return nil, 0, usagef("%s: no input file (want at least one FILE)", name)
	case maxFiles >= 0 && len(files) > maxFiles:
		return nil, 0, usagef("%s: unexpected argument %q", name, files[maxFiles])
	}
	return files, f, nil
}

// parseFlags parses args, allowing flags after positional arguments
// ("agree coding data.csv --metric interval"). A bad flag is reported in
// one line with a pointer to -h, not followed by the whole flag list.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := quietParse(fs, args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err // run prints the usage on standard output
			}
			name := strings.TrimPrefix(fs.Name(), "agree ")
			return nil, usagef("%s: %s (see 'agree %s -h')", name, rephraseFlagError(fs, err), name)
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" || args[0] == "-" || !strings.HasPrefix(args[0], "-") {
			if args[0] == "--" {
				return append(pos, args[1:]...), nil
			}
			pos = append(pos, args[0])
			args = args[1:]
			continue
		}
	}
}

// openInput opens a named file, or standard input for "-", once (after
// the routing looked at its head, from that head: formats.Input); an empty
// file (no byte, or only white space) is refused as such
// (formats.EmptyError), whatever the reader it was for.
func openInput(e env, name string) (*formats.File, error) {
	f, err := e.input(name).Open()
	if err != nil {
		return nil, err
	}
	if err := f.CheckEmpty(); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// input returns the input of a command-line path ("-": standard input):
// the same one for the same path within a command (agree report's
// detection and the command it runs included), so that it is opened once.
func (e env) input(name string) *formats.Input {
	if e.files == nil {
		o := &formats.OS{Stdin: e.stdin}
		return o.Input(name)
	}
	return e.files.Input(name)
}

// inputs returns the inputs of paths.
func (e env) inputs(paths []string) []*formats.Input {
	out := make([]*formats.Input, len(paths))
	for i, p := range paths {
		out[i] = e.input(p)
	}
	return out
}
