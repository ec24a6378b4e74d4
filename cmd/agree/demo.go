package main

import (
	"bytes"
	"embed"
	"fmt"

	"agree/coding"
	"agree/distance"
	"agree/formats/table"
	"agree/report"
)

// examples holds the demonstration data: the survey's Table 6 (Artstein &
// Poesio 2008, two coders, 100 utterances, with the distances of its §2.6
// example) and Krippendorff's canonical reliability data (4 coders × 12
// units with missing values; Krippendorff 2004, §11.3).
//
//go:embed examples
var examples embed.FS

func exampleData(name string, opt table.Options) (*coding.Data, error) {
	b, err := examples.ReadFile("examples/" + name)
	if err != nil {
		return nil, err
	}
	return table.Read(bytes.NewReader(b), name, opt)
}

func runDemo(e env, args []string) error {
	fs := newFlagSet(e, "demo", "demo\n\nRuns the demonstration on embedded example data.")
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	w := e.stdout
	fmt.Fprintln(w, "agree — inter-annotator agreement. Demonstration on embedded example data.")
	fmt.Fprintln(w)

	// 1. Two coders, nominal and weighted (survey Table 6).
	d, err := exampleData("table6.csv", table.Options{})
	if err != nil {
		return err
	}
	mb, err := examples.ReadFile("examples/table6-distances.csv")
	if err != nil {
		return err
	}
	m, err := distance.ReadMatrix(bytes.NewReader(mb), "table6-distances.csv")
	if err != nil {
		return err
	}
	nom, err := coding.Analyze(d, coding.Options{})
	if err != nil {
		return err
	}
	wtd, err := coding.Analyze(d, coding.Options{Distance: m})
	if err != nil {
		return err
	}
	t := report.Table{
		Title:  "1. Two coders label 100 utterances STAT, IREQ or CHCK (Artstein & Poesio 2008, Table 6)",
		Header: []string{"coefficient", "value", "published"},
	}
	for _, row := range []struct {
		a    *coding.Analysis
		c    coding.Coefficient
		note string
		pub  string
	}{
		{nom, coding.PercentAgreement, "", "0.88"},
		{nom, coding.BennettS, "", "0.82"},
		{nom, coding.ScottPi, "", "≈ 0.7995"},
		{nom, coding.CohenKappa, "", "≈ 0.8013"},
		{wtd, coding.KrippendorffAlpha, " (weighted)", "≈ 0.8156"},
		{wtd, coding.AlphaKappa, " (weighted)", "≈ 0.8163"},
	} {
		r := row.a.Coefficient(row.c)
		t.Rows = append(t.Rows, []string{row.c.String() + row.note, report.Float(r.Value, 4), row.pub})
	}
	t.Notes = []string{"weighted: STAT–IREQ 1, STAT–CHCK 0.5, IREQ–CHCK 0.5 (the survey's §2.6 example)"}
	if err := report.WriteTables(w, report.Text, t); err != nil {
		return err
	}
	fmt.Fprintln(w)

	// 2. Krippendorff's α at four levels of measurement, with missing values.
	k, err := exampleData("krippendorff.csv", table.Options{})
	if err != nil {
		return err
	}
	t = report.Table{
		Title:  "2. Four coders, 12 units, missing values: Krippendorff's canonical reliability data",
		Header: []string{"distance", "α", "published"},
	}
	for _, lv := range []struct{ metric, pub string }{
		{"nominal", "0.743"}, {"ordinal", "0.815"}, {"interval", "0.849"}, {"ratio", "0.797"},
	} {
		sp, err := distance.Parse(lv.metric)
		if err != nil {
			return err
		}
		a, err := coding.Analyze(k, coding.Options{Distance: sp})
		if err != nil {
			return err
		}
		t.Rows = append(t.Rows, []string{lv.metric, report.Float(a.Coefficient(coding.KrippendorffAlpha).Value, 4), lv.pub})
	}
	if err := report.WriteTables(w, report.Text, t); err != nil {
		return err
	}
	fmt.Fprint(w, demoNext)
	return nil
}

const demoNext = `
How to go on:
  agree coding data.csv                      every coefficient and diagnostics for a CSV file
                                             (wide: item,coder1,coder2,… or long: item,coder,value)
  agree coding --metric interval data.csv    weighted coefficients with another distance
  agree coding --format json data.csv        machine-readable output
  agree help                                 all commands; 'agree <command> -h' for their flags
`
