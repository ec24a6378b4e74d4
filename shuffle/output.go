package shuffle

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"agree/report/svg"
)

// WriteCSV writes the points as CSV with the header
// error_type,magnitude,measure,mean,sd,defined,sets,note; undefined means
// are empty cells.
func WriteCSV(w io.Writer, pts []Point) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"error_type", "magnitude", "measure", "mean", "sd", "defined", "sets", "note"}); err != nil {
		return err
	}
	num := func(x float64) string {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return ""
		}
		return strconv.FormatFloat(x, 'f', 6, 64)
	}
	for _, p := range pts {
		rec := []string{p.Errors.String(), strconv.FormatFloat(p.Magnitude, 'f', 2, 64), p.Measure,
			num(p.Mean), num(p.SD), strconv.Itoa(p.Defined), strconv.Itoa(p.Sets), p.Note}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteSVG writes one line chart of the points of error type e: magnitude
// on the x axis, mean agreement on the y axis (from 1 down to 0, or to the
// multiple of 0.25 below the lowest mean), one line per measure, in the
// order the measures first appear. An undefined mean breaks its line. The
// chart is drawn by report/svg, as in the HTML report of agree shuffle.
func WriteSVG(w io.Writer, e ErrorType, pts []Point) error {
	var series []svg.Series
	at := map[string]int{}
	lo := 0.0
	for _, p := range pts {
		if p.Errors != e {
			continue
		}
		k, ok := at[p.Measure]
		if !ok {
			k = len(series)
			at[p.Measure] = k
			series = append(series, svg.Series{Name: p.Measure})
		}
		series[k].X = append(series[k].X, p.Magnitude)
		series[k].Y = append(series[k].Y, p.Mean)
		if !math.IsNaN(p.Mean) {
			lo = math.Min(lo, p.Mean)
		}
	}
	if len(series) == 0 {
		return fmt.Errorf("shuffle: no point for error type %s", e)
	}
	var desc []string
	for _, s := range series {
		desc = append(desc, s.Name)
	}
	_, err := io.WriteString(w, svg.Lines(series, svg.LinesOptions{
		Title:  "Agreement against magnitude: " + e.String() + " errors",
		Desc:   "Mean agreement of " + strings.Join(desc, ", ") + " at each magnitude of " + e.String() + " errors.",
		XLabel: "magnitude", YLabel: "mean agreement",
		YMin: math.Floor(lo*4) / 4, YMax: 1,
	}))
	return err
}
