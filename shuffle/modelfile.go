package shuffle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
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
			return Model{}, nil, fmt.Errorf("%s:%d:%d: %q: want %s, got %s", name, line, col, te.Field, jsonKind(te.Type), jsonValue(te.Value))
		}
		msg := strings.TrimPrefix(err.Error(), "json: ")
		return Model{}, nil, fmt.Errorf("%s: %s (want a model object with the keys categories, units, min_gap, max_gap, overlap, continuous, confusion)", name, msg)
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

// jsonKind names what a Go type holds in JSON terms, for messages: users
// write JSON, not Go ("a whole number", "an array of arrays of numbers").
func jsonKind(t reflect.Type) string {
	if t.Kind() == reflect.Bool {
		return "true or false"
	}
	n := jsonNoun(t, false)
	if strings.HasPrefix(n, "a") || strings.HasPrefix(n, "o") {
		return "an " + n
	}
	return "a " + n
}

func jsonNoun(t reflect.Type, plural bool) string {
	var n string
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n = "whole number"
	case reflect.Float32, reflect.Float64:
		n = "number"
	case reflect.String:
		n = "string"
	case reflect.Bool:
		n = "boolean"
	case reflect.Slice, reflect.Array:
		if plural {
			return "arrays of " + jsonNoun(t.Elem(), true)
		}
		return "array of " + jsonNoun(t.Elem(), true)
	case reflect.Struct, reflect.Map:
		n = "object"
	default:
		n = "JSON value"
	}
	if plural {
		n += "s"
	}
	return n
}

// jsonValue describes the JSON value encoding/json found ("number 1.5",
// "string", "object").
func jsonValue(v string) string {
	switch {
	case v == "bool":
		return "true or false"
	case strings.HasPrefix(v, "number"), v == "string":
		return "a " + v
	case v == "array" || v == "object":
		return "an " + v
	}
	return v
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
