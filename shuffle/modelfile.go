package shuffle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"agree/internal/jsonerr"
	"agree/internal/limits"
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
	data, err := limits.ReadAll(r, name, "file", limits.MaxFile, 0)
	if err != nil {
		if limits.IsLimit(err) {
			return Model{}, nil, err // it names the file
		}
		return Model{}, nil, fmt.Errorf("%s: %w", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f ModelFile
	if err := dec.Decode(&f); err != nil {
		err = jsonerr.Describe(data, err)
		var je *jsonerr.Error
		if errors.As(err, &je) {
			return Model{}, nil, fmt.Errorf("%s:%v", name, je)
		}
		return Model{}, nil, fmt.Errorf("%s: %v (want a model object with the keys categories, units, min_gap, max_gap, overlap, continuous, confusion)", name, err)
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
