package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"agree/internal/version"
	"agree/report"
)

// reportOutput is the --report flag of the commands that draw an HTML
// report (issue 11). The command builds a report.Page from the same
// result struct its JSON output marshals, and calls write.
type reportOutput struct {
	path string
	fs   *flag.FlagSet
}

// reportFlag registers --report (and --force, unless the command already
// has it) on fs. Call it after the command's own flags.
func reportFlag(fs *flag.FlagSet) *reportOutput {
	r := &reportOutput{fs: fs}
	fs.StringVar(&r.path, "report", "", `also write a self-contained HTML report (plots, tables, how to reproduce it) to this file; "-" writes it to standard output instead of the usual output`)
	if fs.Lookup("force") == nil {
		fs.Bool("force", false, "overwrite existing output files")
	}
	return r
}

// active reports whether a report was asked for.
func (r *reportOutput) active() bool { return r.path != "" }

// only reports whether the report replaces the command's usual output
// (--report -).
func (r *reportOutput) only() bool { return r.path == "-" }

func (r *reportOutput) forced() bool {
	if f := r.fs.Lookup("force"); f != nil {
		if g, ok := f.Value.(flag.Getter); ok {
			if b, ok := g.Get().(bool); ok {
				return b
			}
		}
	}
	return false
}

// check is called after parsing, before any work: the report file must not
// exist (unless --force) and must not be an input.
func (r *reportOutput) check(e env, inputs []string) error {
	if !r.active() || r.only() {
		return nil
	}
	return checkOutput(e, r.path, "--report", r.forced(), inputs)
}

// write builds the page — only when a report was asked for: a page costs
// its plots and tables — fills its provenance (command line, inputs with
// their digests, options, version) and writes it.
func (r *reportOutput) write(e env, build func() (*report.Page, error), inputs []string) error {
	if !r.active() {
		return nil
	}
	page, err := build()
	if err != nil {
		return err
	}
	page.Reproduce = r.provenance(inputs)
	if r.only() {
		w := bufio.NewWriter(e.stdout)
		if err := page.WriteHTML(w); err != nil {
			return err
		}
		return w.Flush()
	}
	return writeOutput(e, r.path, r.forced(), page.WriteHTML)
}

// provenance describes how to compute the report again.
func (r *reportOutput) provenance(inputs []string) report.Provenance {
	p := report.Provenance{Version: version.Version}
	name := strings.TrimPrefix(r.fs.Name(), "agree ")
	cmd := []string{"agree", name}
	skip := map[string]bool{"report": true, "force": true, "format": true}
	r.fs.Visit(func(f *flag.Flag) {
		if skip[f.Name] {
			return
		}
		cmd = append(cmd, "--"+f.Name+"="+f.Value.String())
	})
	r.fs.VisitAll(func(f *flag.Flag) {
		if skip[f.Name] {
			return
		}
		p.Options = append(p.Options, [2]string{f.Name, f.Value.String()})
	})
	for _, in := range inputs {
		cmd = append(cmd, in)
		p.Inputs = append(p.Inputs, describeInputs(in)...)
	}
	for i, a := range cmd {
		cmd[i] = shellQuote(a)
	}
	p.Command = strings.Join(cmd, " ")
	return p
}

// describeInputs gives the size and SHA-256 of a file, or of the files
// of a directory (at most 200, in name order); standard input is named
// only.
func describeInputs(name string) []report.Input {
	if name == "-" {
		return []report.Input{{Name: "standard input"}}
	}
	st, err := os.Stat(name)
	if err != nil {
		return []report.Input{{Name: name}}
	}
	if !st.IsDir() {
		if !st.Mode().IsRegular() {
			// a pipe, a device: read once, by the command (opening a
			// named pipe again would wait for a writer)
			return []report.Input{{Name: name}}
		}
		return []report.Input{digest(name, st.Size())}
	}
	var out []report.Input
	filepath.WalkDir(name, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || len(out) >= 200 {
			return nil
		}
		if info, err := d.Info(); err == nil && info.Mode().IsRegular() {
			out = append(out, digest(p, info.Size()))
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func digest(name string, size int64) report.Input {
	in := report.Input{Name: name, Bytes: size}
	f, err := os.Open(name)
	if err != nil {
		return in
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err == nil {
		in.SHA256 = hex.EncodeToString(h.Sum(nil))
	}
	return in
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
