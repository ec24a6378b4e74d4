// Package version says which agree this is: the semantic version of the
// source (Version, written here and nowhere else), and what the build info
// of the running binary adds (the commit, whether the tree was modified,
// the Go version). `agree version` prints it; every JSON document a command
// writes opens with it (Header); the HTML reports name it in their
// provenance. The CHANGELOG at the root of the repository has a section
// per version.
package version

import (
	"runtime"
	"runtime/debug"
)

// Version is agree's semantic version (https://semver.org): MAJOR.MINOR.PATCH,
// with a "-dev" pre-release suffix between releases. A change to a contract
// (JSON keys, the span CSV header, --input names, exit codes, defaults)
// goes into the CHANGELOG's "Unreleased" section, which takes this number
// at the release.
const Version = "0.2.0-dev"

// Key is the JSON key of the version in every JSON document agree writes.
const Key = "agree_version"

// Header is the first member of every JSON document a command writes:
// "agree_version", the Version that wrote it. The views embed it first.
type Header struct {
	AgreeVersion string `json:"agree_version"`
}

// NewHeader returns the Header of this version.
func NewHeader() Header { return Header{AgreeVersion: Version} }

// Build describes the running binary.
type Build struct {
	// Version is the constant Version.
	Version string
	// Module is the main module's version in the build info: a module
	// version (v1.2.3, or a pseudo-version) when installed with
	// "go install MODULE@VERSION", "(devel)" when built from a checkout,
	// "" when the binary has no build info.
	Module string
	// Commit, Time and Modified come from the version control information
	// that "go build" stamps in a checkout (vcs.revision, vcs.time,
	// vcs.modified); Commit is "" without it (-buildvcs=false, a test
	// binary, a source tree outside version control).
	Commit   string
	Time     string
	Modified bool
	// Go is the version of Go that built the binary; Platform is
	// GOOS/GOARCH.
	Go       string
	Platform string
}

// Read returns the Build of the running binary.
func Read() Build {
	b := Build{Version: Version, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	b.Module = info.Main.Version
	if info.GoVersion != "" {
		b.Go = info.GoVersion
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Commit = s.Value
		case "vcs.time":
			b.Time = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}
