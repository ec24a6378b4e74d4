package shuffle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// ModelFile is the JSON form of a reference model and its confusion
// structure, read by ReadModel:
//
//	{
//	  "categories": [
//	    {"name": "A", "prevalence": 0.4, "min_len": 5, "max_len": 15},
//	    {"name": "B", "prevalence": 0.6, "min_len": 3, "max_len": 10}
//	  ],
//	  "units": 40, "min_gap": 1, "max_gap": 10,
//	  "overlap": 0, "continuous": false,
//	  "confusion": [[0, 1], [1, 0]]
//	}
//
// "confusion" is optional (rows and columns in the order of "categories").
type ModelFile struct {
	Categories []struct {
		Name       string  `json:"name"`
		Prevalence float64 `json:"prevalence"`
		MinLen     float64 `json:"min_len"`
		MaxLen     float64 `json:"max_len"`
	} `json:"categories"`
	Units      int         `json:"units"`
	MinGap     float64     `json:"min_gap"`
	MaxGap     float64     `json:"max_gap"`
	Overlap    float64     `json:"overlap"`
	Continuous bool        `json:"continuous"`
	Confusion  [][]float64 `json:"confusion"`
}

// ReadModel reads a ModelFile (unknown fields are errors) and returns the
// model and the confusion matrix (nil when absent), validated. Errors name
// the file and, for malformed JSON, the line and column.
func ReadModel(r io.Reader, name string) (Model, [][]float64, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Model{}, nil, fmt.Errorf("%s: %w", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f ModelFile
	if err := dec.Decode(&f); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			line, col := lineCol(data, se.Offset-1) // Offset counts the offending byte
			return Model{}, nil, fmt.Errorf("%s:%d:%d: %v", name, line, col, se)
		case errors.As(err, &te):
			line, col := lineCol(data, te.Offset)
			return Model{}, nil, fmt.Errorf("%s:%d:%d: field %q: want a %v, got a JSON %s", name, line, col, te.Field, te.Type, te.Value)
		}
		return Model{}, nil, fmt.Errorf("%s: %v (want a model object: categories, units, min_gap, max_gap, overlap, continuous, confusion)", name, err)
	}
	if dec.More() {
		return Model{}, nil, fmt.Errorf("%s: data after the model object", name)
	}
	m := Model{Units: f.Units, MinGap: f.MinGap, MaxGap: f.MaxGap, Overlap: f.Overlap, Continuous: f.Continuous}
	for _, c := range f.Categories {
		m.Categories = append(m.Categories, CategoryModel{Name: c.Name, Prevalence: c.Prevalence, MinLen: c.MinLen, MaxLen: c.MaxLen})
	}
	if err := m.Validate(); err != nil {
		return Model{}, nil, fmt.Errorf("%s: %w", name, err)
	}
	if f.Confusion != nil {
		if err := (Shuffler{Annotators: 2, Errors: Category, Confusion: f.Confusion}).Validate(m); err != nil {
			return Model{}, nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return m, f.Confusion, nil
}

// lineCol converts a byte offset into a 1-based line and column.
func lineCol(data []byte, off int64) (int, int) {
	off = max(0, min(off, int64(len(data))))
	line, col := 1, 1
	for _, b := range data[:off] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}
