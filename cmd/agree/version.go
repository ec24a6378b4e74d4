package main

import (
	"agree/internal/version"
	"agree/report"
)

// versionJSON is the JSON form of `agree version`.
type versionJSON struct {
	version.Header
	Module     string `json:"module,omitempty"`
	Commit     string `json:"commit,omitempty"`
	CommitTime string `json:"commit_time,omitempty"`
	Modified   bool   `json:"modified,omitempty"`
	Go         string `json:"go"`
	Platform   string `json:"platform"`
}

// runVersion prints which agree this is: the semantic version, then what
// the build info says (module version, commit, Go version).
func runVersion(e env, args []string) error {
	fs := newFlagSet(e, "version", "version [--format table|json]")
	format := formatFlag(fs, "table")
	_, f, err := commandArgs(fs, args, format, 0, 0)
	if err != nil {
		return err
	}
	b := version.Read()
	if f == report.JSON {
		return report.WriteJSON(e.stdout, versionJSON{Header: version.NewHeader(), Module: b.Module, Commit: b.Commit,
			CommitTime: b.Time, Modified: b.Modified, Go: b.Go, Platform: b.Platform})
	}
	t := report.Table{Title: "agree " + b.Version, Header: []string{"", ""}}
	add := func(k, v string) {
		if v != "" {
			t.Rows = append(t.Rows, []string{k, v})
		}
	}
	add("module", b.Module)
	commit := b.Commit
	if commit == "" {
		commit = "unknown (not in the build info)"
	} else if b.Modified {
		commit += " (modified)"
	}
	add("commit", commit)
	add("commit time", b.Time)
	add("go", b.Go+" "+b.Platform)
	return report.WriteTables(e.stdout, f, t)
}
