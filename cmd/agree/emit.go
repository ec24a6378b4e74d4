package main

import (
	"io"

	"agree/coding"
	"agree/formats/table"
	"agree/internal/version"
	"agree/report"
)

// writable is a command's result: tables in any format, JSON, a header.
type writable interface {
	Write(w io.Writer, f report.Format) error
	SetHeader(h *version.Header)
}

// finish gives the result of plan, alttest and budget its version
// header and hands it to the quality gate.
func finish(e env, res writable) {
	h := version.NewHeader()
	res.SetHeader(&h)
	e.observe(res)
}

// emit writes the result as JSON or tables (after the command's
// rep.write, which builds the page only when a report is asked for).
func emit(e env, rf report.Format, res writable) error {
	if rf == report.JSON {
		return report.WriteJSON(e.stdout, res)
	}
	return res.Write(e.stdout, rf)
}

// readCodingTable reads a table as agree coding does by default, with the
// distance metric, and returns it with the analysis options.
func readCodingTable(e env, file, metric string) (*coding.Data, coding.Options, error) {
	cf := codingFlags{layout: "auto", missing: "judgment", incomplete: "drop", metric: metric, setSep: "|"}
	topt, copt, err := cf.options(file)
	if err != nil {
		return nil, copt, err
	}
	in, err := openInput(e, file)
	if err != nil {
		return nil, copt, err
	}
	d, err := table.Read(in, file, topt)
	in.Close()
	return d, copt, err
}
