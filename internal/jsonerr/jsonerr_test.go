package jsonerr

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestAt(t *testing.T) {
	type rec struct {
		Start float64  `json:"start"`
		Count int      `json:"count"`
		Tags  []string `json:"tags"`
		On    bool     `json:"on"`
		Text  *string  `json:"text"`
	}
	long := `{"text":"` + strings.Repeat("x", 3000) + `",`
	for _, tc := range []struct{ why, in, want string }{
		{"a syntax error far into a one-line record: its column", long + `"on": tru}`, "f.jsonl:7:3021: invalid JSON: invalid character '}' in literal true (expecting 'e')"},
		{"a string for a number: JSON's words, not Go's", `{"start": "zz"}`, `f.jsonl:7:15: "start": want a number, got a string`},
		{"a fraction for a whole number", `{"count": 1.5}`, `"count": want a whole number, got a number 1.5`},
		{"an object for an array", `{"tags": {}}`, `"tags": want an array of strings, got an object`},
		{"a number for true or false", `{"on": 1}`, `"on": want true or false, got a number`},
		{"a number for a string behind a pointer", `{"text": 3}`, `"text": want a string, got a number`},
		{"a line break inside the data counts lines", "{\n\"start\": \"zz\"}", `f.jsonl:8:`},
		{"a cut record", `{"start": 1`, "f.jsonl:7:11: invalid JSON: unexpected end of JSON input"},
	} {
		var r rec
		err := At("f.jsonl", 7, []byte(tc.in), json.Unmarshal([]byte(tc.in), &r))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "Go ") {
			t.Errorf("%s: %v, want %q", tc.why, err, tc.want)
		}
	}
	if At("f", 1, nil, nil) != nil {
		t.Error("nil is no error")
	}
}
