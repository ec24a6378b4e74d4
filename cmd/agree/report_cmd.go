package main

import (
	"fmt"
	"io"
	"strings"

	"agree/formats"
)

const reportSynopsis = `report [-o FILE.html] [--as KIND] [--force] FILE... [flags of the command]

Writes the self-contained HTML report of the analysis that fits the
files (or of --as coding|spans|relations|gamma|unitizing|segmentation|coref|shuffle), to
FILE.html or standard output. The other flags go to that command, so
"agree report -o r.html data.csv --metric interval" is
"agree coding --metric interval --report r.html data.csv"; with -o and
--format, the command's output in that format goes to standard output
too (one run gives the report and the JSON).`

// reportKinds are the commands that draw a report.
var reportKinds = []string{"coding", "ratings", "spans", "relations", "gamma", "unitizing", "segmentation", "coref", "shuffle"}

func runReport(e env, args []string) error {
	out, kind, force, format := "", "auto", false, false
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			rest = append(rest, a)
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch name {
		case "o", "output", "as":
			if !hasVal {
				if i+1 >= len(args) {
					return usagef("report: %s needs a value", a)
				}
				i++
				val = args[i]
			}
			if name == "as" {
				kind = val
			} else {
				out = val
			}
		case "force":
			force = !hasVal || val == "true" || val == "1"
		case "format":
			format = true // the command's own output, on standard output
			rest = append(rest, a)
		case "h", "help":
			// The flags of report itself, listed as every command lists them
			// (the others go to the command, --quiet included).
			fs := newFlagSet(e, "report", reportSynopsis)
			fs.String("o", "", "write the report to this file (default: standard output)")
			fs.String("as", "auto", "the analysis: auto (from the files), "+strings.Join(reportKinds, ", "))
			fs.Bool("force", false, "overwrite an existing report file")
			if e.call != nil && e.call.usage != nil {
				e.call.usage(e.stdout)
			}
			return nil
		default:
			rest = append(rest, a)
		}
	}
	if kind == "auto" {
		var err error
		if kind, err = detectKind(e, rest); err != nil {
			return err
		}
	}
	known := false
	for _, k := range reportKinds {
		known = known || k == kind
	}
	if !known {
		return usagef("report: --as %q (want %s)", kind, strings.Join(reportKinds, ", "))
	}
	if out == "" {
		out = "-"
	}
	cmdArgs := append(append([]string{}, rest...), "--report", out)
	if force {
		cmdArgs = append(cmdArgs, "--force")
	}
	sub := e
	if out != "-" && !format {
		// without --format, the report is the output (with -o, a
		// table on standard output would be noise)
		sub.stdout = io.Discard
	}
	for _, c := range commands() {
		if c.name == kind {
			if err := c.run(sub, cmdArgs); err != nil {
				return err
			}
			if out != "-" {
				fmt.Fprintf(e.stderr, "agree report: %s report written to %s\n", kind, out)
			}
			return nil
		}
	}
	return usagef("report: no command %q", kind)
}

// detectKind guesses the command from the first input that exists
// (formats.Analysis); flags and their values are skipped ("-" too).
func detectKind(e env, args []string) (string, error) {
	var ins []*formats.Input
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			// the command then reads what was looked at here: the input
			// is opened once (a pipe cannot be read twice)
			ins = append(ins, e.input(a))
		}
	}
	if kind := formats.Analysis(ins); kind != "" {
		return kind, nil
	}
	return "", usagef("report: no input file to guess the analysis from; give one, or --as KIND (%s)", strings.Join(reportKinds, ", "))
}
