package shuffle

import (
	"strings"
	"testing"
)

func TestReadModel(t *testing.T) {
	in := `{"categories": [{"name": "A", "prevalence": 0.4, "min_len": 5, "max_len": 15},
  {"name": "B", "prevalence": 0.6, "min_len": 3, "max_len": 10}],
 "units": 12, "min_gap": 0, "max_gap": 4, "confusion": [[0, 1], [1, 0]]}`
	m, conf, err := ReadModel(strings.NewReader(in), "m.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Categories) != 2 || m.Categories[1].MaxLen != 10 || m.Units != 12 || m.MaxGap != 4 || len(conf) != 2 || conf[0][1] != 1 {
		t.Errorf("model %+v confusion %v", m, conf)
	}
	cases := []struct{ in, want string }{
		{`{"categories": [}`, "m.json:1:17"},
		{"{\n \"units\": \"many\"}", "m.json:2:"},
		{"{\n \"units\": \"many\"}", `"units": want a whole number, got a string`},
		// JSON names, never Go types (issue 14).
		{`{"categories": {}}`, `"categories": want an array of objects, got an object`},
		{`{"confusion": [["x"]]}`, `"confusion": want a number, got a string`},
		{`{"confusion": {}}`, `"confusion": want an array of arrays of numbers, got an object`},
		{`{"continuous": 1}`, `"continuous": want true or false, got a number`},
		{`{"unit": 3}`, "unknown field"},
		{`{"categories": [{"name": "A", "prevalence": 1, "min_len": 0, "max_len": 1}], "units": 3}`, "lengths"},
		{`{"categories": [{"name": "A", "prevalence": 1, "min_len": 1, "max_len": 1}], "units": 3, "confusion": [[1, 0]]}`, "confusion"},
		{`{"categories": [{"name": "A", "prevalence": 1, "min_len": 1, "max_len": 1}], "units": 3} {}`, "after the model"},
		{`{"categories": [{"name": "A", "prevalence": 1, "min_len": 1, "max_len": 1}], "units": 2000000}`, "units"},
	}
	for _, tc := range cases {
		_, _, err := ReadModel(strings.NewReader(tc.in), "m.json")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to mention %q", tc.in, err, tc.want)
		}
	}
}

// FuzzReadModel: the reader never panics, and a model it accepts can be
// drawn from.
func FuzzReadModel(f *testing.F) {
	f.Add(`{"categories": [{"name": "A", "prevalence": 1, "min_len": 2, "max_len": 4}], "units": 5, "max_gap": 3}`)
	f.Add(`{"categories": [{"name": "A", "prevalence": 1, "min_len": 0.5, "max_len": 4}], "units": 5, "continuous": true, "overlap": 0.5}`)
	f.Add(`{"units": -1}`)
	f.Fuzz(func(t *testing.T, s string) {
		m, _, err := ReadModel(strings.NewReader(s), "fuzz.json")
		if err != nil {
			return
		}
		if m.Units > 1000 {
			return
		}
		if _, err := m.Draw(stream(1, 0)); err != nil {
			t.Errorf("accepted model cannot be drawn: %v", err)
		}
	})
}
