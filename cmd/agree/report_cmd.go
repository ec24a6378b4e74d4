package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"agree/formats"
)

const reportSynopsis = `report [-o FILE.html] [--as KIND] [--force] FILE... [flags of the command]

Writes the self-contained HTML report of the analysis that fits the
files (or of --as coding|spans|relations|gamma|unitizing|segmentation|coref|shuffle), to
FILE.html or standard output. The other flags go to that command, so
"agree report -o r.html data.csv --metric interval" is
"agree coding --metric interval --report r.html data.csv".`

// reportKinds are the commands that draw a report.
var reportKinds = []string{"coding", "spans", "relations", "gamma", "unitizing", "segmentation", "coref", "shuffle"}

func runReport(e env, args []string) error {
	out, kind, force := "", "auto", false
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
	if out != "-" {
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

// detectKind guesses the command from the first input that exists: an
// annotation tool's export (brat, a WebAnno/INCEpTION project or file,
// UIMA XMI or JSON, Label Studio, doccano, Prodigy, the model's JSONL) is
// span data; ELAN, Praat and RTTM files are units for γ; CoNLL-2012 files
// are coreference; other JSON is SegEval's; a CSV says by its header.
func detectKind(e env, args []string) (string, error) {
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			continue
		}
		// the command then reads what was looked at here: the input is
		// opened once (a pipe cannot be read twice)
		in := e.input(a)
		st, err := in.Stat()
		if err != nil {
			continue
		}
		if st.IsDir() {
			return dirKind(a), nil
		}
		switch ext := strings.ToLower(filepath.Ext(a)); ext {
		case ".rttm", ".eaf", ".textgrid":
			return "gamma", nil
		case ".conll":
			return "coref", nil
		case ".zip", ".ann", ".xmi", ".xml", ".jsonl", ".bio":
			return "spans", nil
		case ".json", ".tsv":
			// a tool's export, or SegEval's JSON / a tab-separated table
			if name, err := formats.Detect(head(in, 8<<10), a); err == nil && name != "csv" {
				return "spans", nil
			}
			if ext == ".json" {
				return "segmentation", nil
			}
		}
		return kindFromHeader(in)
	}
	return "", usagef("report: no input file to guess the analysis from; give one, or --as KIND (%s)", strings.Join(reportKinds, ", "))
}

// dirKind guesses the command of a directory: span data when it holds an
// annotation tool's files (a brat collection, a project export, XMI…),
// coreference for CoNLL-2012 files, else a corpus of unit files for γ.
func dirKind(dir string) string {
	kind := "gamma"
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".ann", ".xmi", ".tsv":
			kind = "spans"
			return filepath.SkipAll
		case ".conll":
			kind = "coref"
			return filepath.SkipAll
		}
		return nil
	})
	return kind
}

// head returns the first n bytes of an input (for formats.Detect).
func head(in *formats.Input, n int) []byte {
	b, _ := in.Head(n)
	return b
}

// kindFromHeader reads the first data line of a delimited file (within
// its first MiB).
func kindFromHeader(in *formats.Input) (string, error) {
	data, err := in.Head(1 << 20)
	if err != nil {
		return "coding", nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		sep := ","
		if strings.Count(line, "\t") > strings.Count(line, ",") {
			sep = "\t"
		}
		fields := strings.Split(strings.ToLower(line), sep)
		has := map[string]bool{}
		for _, fl := range fields {
			has[strings.TrimSpace(fl)] = true
		}
		switch {
		case has["source_start"] && has["target_start"]:
			return "relations", nil // the relation CSV
		case has["document"] && has["annotator"] && has["start"] && has["end"] && has["label"]:
			return "spans", nil // the span CSV (annotation model)
		case has["annotator"] && has["start"] && has["end"]:
			return "gamma", nil
		case has["annotator"] && has["mention"] && has["chain"]:
			return "coref", nil
		case len(fields) == 3 && isMasses(fields[2]):
			return "segmentation", nil
		case len(fields) == 4 && isNumber(fields[2]) && isNumber(fields[3]):
			return "gamma", nil
		}
		return "coding", nil
	}
	return "coding", nil
}

func isMasses(s string) bool {
	parts := strings.Fields(s)
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	return true
}

func isNumber(s string) bool {
	var x float64
	_, err := fmt.Sscan(strings.TrimSpace(s), &x)
	return err == nil
}
