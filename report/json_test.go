package report

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
)

type inner struct {
	X float64 `json:"x"`
	Y float64 `json:"y,omitempty"`
}

type Embedded struct {
	E float64 `json:"e"`
}

type sample struct {
	Name    string             `json:"name"`
	Value   float64            `json:"value"`
	Number  Number             `json:"number"`
	Skip    float64            `json:"-"`
	Empty   string             `json:"empty,omitempty"`
	Ptr     *inner             `json:"ptr"`
	NilPtr  *inner             `json:"nil_ptr"`
	Omitted *inner             `json:"omitted,omitempty"`
	Cells   [][]float64        `json:"cells"`
	ByKey   map[string]float64 `json:"by_key"`
	ByInt   map[int]string     `json:"by_int"`
	Any     any                `json:"any"`
	Bytes   []byte             `json:"bytes"`
	NilList []int              `json:"nil_list"`
	Untag   int
	Embedded
	private float64
}

func newSample(x float64) sample {
	return sample{Name: "a<b>&c", Value: x, Number: Number(x), Skip: x, Ptr: &inner{X: x, Y: 0},
		Cells: [][]float64{{1, x}, {x, 2}}, ByKey: map[string]float64{"z": x, "a": 1}, ByInt: map[int]string{10: "t", 2: "d"},
		Any: []any{x, "s"}, Bytes: []byte("hi"), Untag: 7, Embedded: Embedded{E: x}, private: x}
}

// TestWriteJSONNeverInvalid: a NaN or infinity anywhere gives null (issue
// 14: "unsupported value: NaN"), and the fallback path writes exactly what
// encoding/json writes when every number is finite (same keys, order,
// omissions, escaping).
func TestWriteJSONNeverInvalid(t *testing.T) {
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		var b bytes.Buffer
		if err := WriteJSON(&b, newSample(x)); err != nil {
			t.Fatalf("%v: %v", x, err)
		}
		var v map[string]any
		if err := json.Unmarshal(b.Bytes(), &v); err != nil {
			t.Fatalf("%v: invalid JSON: %v\n%s", x, err, b.String())
		}
		for _, k := range []string{"value", "number", "e", "any"} {
			if k == "any" {
				if v[k].([]any)[0] != nil {
					t.Errorf("%v: any[0] = %v, want null", x, v[k])
				}
				continue
			}
			if v[k] != nil {
				t.Errorf("%v: %q = %v, want null", x, k, v[k])
			}
		}
		if c := v["cells"].([]any)[0].([]any); c[0] != 1.0 || c[1] != nil {
			t.Errorf("%v: cells %v", x, v["cells"])
		}
		if _, ok := v["Skip"]; ok {
			t.Error(`a "-" field was written`)
		}
	}
	var want, got bytes.Buffer
	s := newSample(0.25)
	if err := encodeJSON(&want, s); err != nil {
		t.Fatal(err)
	}
	if err := encodeJSON(&got, finite(reflect.ValueOf(s))); err != nil {
		t.Fatal(err)
	}
	if want.String() != got.String() {
		t.Errorf("the NaN-safe path differs from encoding/json:\n%s\nwant\n%s", got.String(), want.String())
	}
	if !strings.Contains(want.String(), `"a<b>&c"`) {
		t.Errorf("HTML escaped: %s", want.String())
	}
}

// countingWriter records the writes it gets.
type countingWriter struct {
	writes int
	b      bytes.Buffer
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.writes++
	return w.b.Write(p)
}

// TestWriteJSONWritesOnce: the JSON goes to the writer in one write, also
// when the first attempt meets a NaN (nothing of it is written), without a
// copy in a buffer of WriteJSON's own.
func TestWriteJSONWritesOnce(t *testing.T) {
	for _, tc := range []struct {
		why string
		x   float64
	}{
		{"finite values: encoded once", 0.5},
		{"a NaN: the failed attempt writes nothing, the second one everything", math.NaN()},
	} {
		var w countingWriter
		if err := WriteJSON(&w, newSample(tc.x)); err != nil {
			t.Fatal(err)
		}
		var v map[string]any
		if err := json.Unmarshal(w.b.Bytes(), &v); err != nil || w.writes != 1 {
			t.Errorf("%s: %d writes, %v\n%s", tc.why, w.writes, err, w.b.String())
		}
	}
}
