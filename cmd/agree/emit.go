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

// emit writes the result of plan, alttest and budget: the report when
// asked (alone with --report -), else JSON or the tables.
func emit(e env, rep *reportOutput, rf report.Format, res writable, page func() *report.Page, inputs []string) error {
	h := version.NewHeader()
	res.SetHeader(&h)
	e.observe(res)
	if err := rep.write(e, func() (*report.Page, error) { return page(), nil }, inputs); err != nil || rep.only() {
		return err
	}
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
