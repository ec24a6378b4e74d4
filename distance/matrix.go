package distance

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"agree/internal/csvio"
	"agree/internal/limits"
	"agree/position"
)

// MatrixSpec is a user-supplied distance between categories: a symmetric
// table of non-negative numbers with a zero diagonal.
type MatrixSpec struct {
	name   string
	labels []string
	index  map[string]int
	d      [][]float64
}

// NewMatrix returns a matrix distance over labels; d must be square,
// symmetric, non-negative and zero on the diagonal.
func NewMatrix(name string, labels []string, d [][]float64) (*MatrixSpec, error) {
	if len(d) != len(labels) {
		return nil, fmt.Errorf("matrix has %d rows for %d labels", len(d), len(labels))
	}
	m := &MatrixSpec{name: name, labels: labels, index: make(map[string]int, len(labels)), d: d}
	for i, l := range labels {
		if _, dup := m.index[l]; dup {
			return nil, fmt.Errorf("category %q appears twice", l)
		}
		m.index[l] = i
		if len(d[i]) != len(labels) {
			return nil, fmt.Errorf("row %q has %d entries, want %d", l, len(d[i]), len(labels))
		}
	}
	for i := range d {
		for j := range d[i] {
			switch v := d[i][j]; {
			case math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > MaxNumber:
				return nil, fmt.Errorf("distance %q–%q is %v; want a number from 0 to %g", labels[i], labels[j], v, MaxNumber)
			case i == j && v != 0:
				return nil, fmt.Errorf("distance %q–%q is %v; the diagonal must be 0", labels[i], labels[j], v)
			case d[j][i] != v:
				return nil, fmt.Errorf("matrix is not symmetric: %q–%q is %v but %q–%q is %v", labels[i], labels[j], v, labels[j], labels[i], d[j][i])
			}
		}
	}
	return m, nil
}

// ReadMatrix reads a distance matrix in CSV: a header row whose first cell
// is ignored and whose other cells name the categories, then one row per
// category (its name, then its distances in header order). Errors name the
// file (name), line and column.
func ReadMatrix(r io.Reader, name string) (*MatrixSpec, error) {
	// read whole: bounded, and so is a record (limits)
	cr := csv.NewReader(limits.Records(limits.Reader(r, name, "file", limits.MaxFile), name, 1, 0))
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	recs, err := cr.ReadAll()
	if err != nil {
		return nil, csvio.Wrap(name, err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("%s: empty file; want a header row naming the categories", name)
	}
	header := recs[0]
	if len(header) > 0 {
		header[0] = strings.TrimPrefix(header[0], "\ufeff")
	}
	labels := header[1:]
	if len(labels) == 0 {
		return nil, position.Errorf(name, 1, 0, "the header names no category")
	}
	pos := map[string]int{}
	for i, l := range labels {
		pos[strings.TrimSpace(l)] = i
		labels[i] = strings.TrimSpace(l)
	}
	d := make([][]float64, len(labels))
	for li, rec := range recs[1:] {
		line := li + 2
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		if len(rec) != len(labels)+1 {
			return nil, position.Errorf(name, line, 0, "%d fields, want %d (a category name and %d distances)", len(rec), len(labels)+1, len(labels))
		}
		row := strings.TrimSpace(rec[0])
		i, ok := pos[row]
		if !ok {
			return nil, position.Errorf(name, line, 1, "category %s is not in the header", csvio.Quote(row))
		}
		if d[i] != nil {
			return nil, position.Errorf(name, line, 1, "second row for category %s", csvio.Quote(row))
		}
		d[i] = make([]float64, len(labels))
		for j, cell := range rec[1:] {
			v, err := strconv.ParseFloat(strings.TrimSpace(cell), 64)
			if errors.Is(err, strconv.ErrRange) {
				return nil, position.Errorf(name, line, j+2, "%s is too large to represent", csvio.Quote(cell))
			}
			if err != nil {
				return nil, position.Errorf(name, line, j+2, "%s is not a number", csvio.Quote(cell))
			}
			d[i][j] = v
		}
	}
	for i, row := range d {
		if row == nil {
			return nil, fmt.Errorf("%s: no row for category %q", name, labels[i])
		}
	}
	m, err := NewMatrix("matrix:"+name, labels, d)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return m, nil
}

// Name returns "matrix:" and the file name.
func (m *MatrixSpec) Name() string { return m.name }

// Labels returns the matrix's categories in file order.
func (m *MatrixSpec) Labels() []string { return m.labels }

// Bind maps each value to its matrix row; a value missing from the matrix is
// a *ValueError.
func (m *MatrixSpec) Bind(labels []string, _ []float64) (Metric, error) {
	row := make([]int, len(labels))
	for i, l := range labels {
		r, ok := m.index[l]
		if !ok {
			return nil, &ValueError{Index: i, Label: l, Err: errors.New("category not in the distance matrix")}
		}
		row[i] = r
	}
	return matrixMetric{row: row, d: m.d}, nil
}

type matrixMetric struct {
	row []int
	d   [][]float64
}

func (m matrixMetric) Distance(a, b int) float64 { return m.d[m.row[a]][m.row[b]] }
