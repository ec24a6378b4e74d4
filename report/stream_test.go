package report

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

type streamElem struct {
	Name  string             `json:"name"`
	Value Number             `json:"value"`
	Raw   float64            `json:"raw"`
	Tags  []string           `json:"tags,omitempty"`
	By    map[string]float64 `json:"by"`
}

// withSlice and withArray are the same document, its list a slice or an
// Array.
type withSlice struct {
	Head  string       `json:"head"`
	List  []streamElem `json:"list"`
	Inner struct {
		More []streamElem `json:"more"`
	} `json:"inner"`
	Tail  Number `json:"tail"`
	Count int    `json:"count,omitempty"`
}

type withArray struct {
	Head  string `json:"head"`
	List  *Array `json:"list"`
	Inner struct {
		More *Array `json:"more"`
	} `json:"inner"`
	Tail  Number `json:"tail"`
	Count int    `json:"count,omitempty"`
}

func arrayOf(xs []streamElem) *Array {
	return &Array{Len: len(xs), Elem: func(k int) (any, error) { return xs[k], nil }}
}

// TestArrayWritesWhatASliceWrites: an Array, written element by element,
// gives byte for byte what encoding/json (through WriteJSON) gives for a
// slice of the same elements, at any depth, empty or not, with NaN
// anywhere (null) and characters encoding/json would escape for HTML.
func TestArrayWritesWhatASliceWrites(t *testing.T) {
	a := streamElem{Name: "a<b>&c", Value: 0.5, Raw: 1, Tags: []string{"x", "y"}, By: map[string]float64{"z": 1, "a": 2}}
	b := streamElem{Name: "line\nbreak \u2028 \"q\"", Value: Number(math.NaN()), Raw: 2, By: nil}
	nan := streamElem{Name: "raw NaN", Raw: math.NaN(), By: map[string]float64{"k": math.Inf(1)}}
	cases := []struct {
		why        string
		list, more []streamElem
		tail       float64
	}{
		{"two elements at the top level, none inside", []streamElem{a, b}, []streamElem{}, 1},
		{"an empty list is [], nested lists are indented one more level", nil, []streamElem{a}, 2},
		{"a NaN in an element (not a Number) is null, as in the rest of the document", []streamElem{nan, a}, []streamElem{b, nan}, 3},
		{"a NaN outside the arrays", []streamElem{a}, []streamElem{b}, math.NaN()},
		{"many elements", []streamElem{a, b, a, b, a, b, a, b}, []streamElem{b, a}, 4},
	}
	for _, tc := range cases {
		var ws withSlice
		ws.Head, ws.List, ws.Tail = "h", tc.list, Number(tc.tail)
		if ws.List == nil {
			ws.List = []streamElem{}
		}
		ws.Inner.More = tc.more
		var wa withArray
		wa.Head, wa.List, wa.Tail = "h", arrayOf(tc.list), Number(tc.tail)
		wa.Inner.More = arrayOf(tc.more)
		var want, got bytes.Buffer
		if err := WriteJSON(&want, ws); err != nil {
			t.Fatalf("%s: %v", tc.why, err)
		}
		if err := WriteJSON(&got, &wa); err != nil {
			t.Fatalf("%s: %v", tc.why, err)
		}
		if got.String() != want.String() {
			t.Errorf("%s:\n got %s\nwant %s", tc.why, got.String(), want.String())
		}
		if !json.Valid(got.Bytes()) {
			t.Errorf("%s: invalid JSON", tc.why)
		}
		// Marshalled alone, the Array is the whole array.
		whole, err := json.Marshal(wa.List)
		if err != nil {
			t.Fatalf("%s: %v", tc.why, err)
		}
		var back []streamElem
		if err := json.Unmarshal(whole, &back); err != nil || len(back) != len(tc.list) {
			t.Errorf("%s: json.Marshal of the Array: %s (%v)", tc.why, whole, err)
		}
	}
}

// TestArrayErrorStops: an element that cannot be made stops the writing
// with its error.
func TestArrayErrorStops(t *testing.T) {
	var wa withArray
	wa.List = &Array{Len: 3, Elem: func(k int) (any, error) {
		if k == 1 {
			return nil, errTest
		}
		return streamElem{Name: "ok"}, nil
	}}
	var b bytes.Buffer
	if err := WriteJSON(&b, &wa); err != errTest {
		t.Errorf("error %v, want %v", err, errTest)
	}
	if strings.Count(b.String(), `"ok"`) > 1 {
		t.Errorf("wrote past the failing element: %s", b.String())
	}
}

var errTest = &testError{}

type testError struct{}

func (*testError) Error() string { return "element failed" }
