// Package view holds what the views of every command share: the JSON
// forms of intervals, bootstraps, interpretations and error models
// (inference.go), the rule that says which documents annotators are
// compared on (documents.go), table helpers (tables.go) and the bounds
// and helpers of the HTML pages (page.go).
//
// A view is what a command shows of a library result: its JSON form (the
// keys are a contract, documented in docs/ (a page per command); NaN becomes null with
// the reason next to it), its tables (text, CSV, Markdown) and its HTML
// page. The views of each command live in a package of their own under
// internal/view, so that the command line, the web page and any other
// front end render the same views; cmd/agree only wires flags, inputs and
// library calls to them.
package view
