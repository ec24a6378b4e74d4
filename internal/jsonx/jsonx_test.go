package jsonx

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// toAny converts a value to what encoding/json decodes with UseNumber,
// through Members and Str.
func toAny(v Value) any { return convert(v, false) }

// convert is toAny through Fields and StrBytes when byBytes.
func convert(v Value, byBytes bool) any {
	switch v.Kind() {
	case Null:
		return nil
	case True:
		return true
	case False:
		return false
	case Number:
		return json.Number(v.Raw())
	case String:
		if byBytes {
			b, _ := v.StrBytes()
			return string(b)
		}
		s, _ := v.Str()
		return s
	case Array:
		out := []any{}
		v.Elems(func(_ int, e Value) bool { out = append(out, convert(e, byBytes)); return true })
		return out
	case Object:
		out := map[string]any{}
		if byBytes {
			v.Fields(func(k []byte, e Value) bool { out[string(k)] = convert(e, byBytes); return true })
			return out
		}
		v.Members(func(k string, e Value) bool { out[k] = convert(e, byBytes); return true })
		return out
	}
	return "invalid"
}

func std(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// TestParse compares with encoding/json on a table of cases, each with
// the reason it is there.
func TestParse(t *testing.T) {
	for _, tc := range []struct{ in, why string }{
		{`{"a":[1,-2.5e3,true,false,null,"x"],"b":{}}`, "every kind"},
		{`"\u00e9\ud83d\ude00\n\"\\\/"`, "escapes and a surrogate pair"},
		{`"\ud83d x"`, "unpaired surrogate → U+FFFD"},
		{"\"a\xffb\"", "invalid UTF-8 → U+FFFD"},
		{`{"k":1,"k":2}`, "repeated key: the last wins"},
		{` [ ] `, "whitespace around"},
		{`"漢字 😀"`, "UTF-8 outside the BMP"},
		{"{\"\\u006b\\ud83d\\ude00\":\"\\ud83d\\ude00\",\"k\xff\":\"a\xfe\\u00e9\"}", "escaped keys and values, outside the BMP, with invalid UTF-8"},
	} {
		d, err := Parse([]byte(tc.in), nil)
		if err != nil {
			t.Errorf("%s: %v", tc.why, err)
			continue
		}
		want, _ := std([]byte(tc.in))
		for _, byBytes := range []bool{false, true} {
			if got := convert(d.Root(), byBytes); !reflect.DeepEqual(got, want) {
				t.Errorf("%s (Fields and StrBytes: %v): got %#v, want %#v", tc.why, byBytes, got, want)
			}
		}
	}
	for _, tc := range []struct{ in, want string }{
		{`{"a":1,}`, "line 1, column 8: unexpected '}' (want a member name in quotes)"},
		{"[1,\n 2 3]", "line 2, column 4: unexpected '3' (want ',' or ']' in an array)"},
		{`01`, "unexpected '1' after the JSON value"},
		{`"a` + "\n" + `"`, "control character 0x0a in a string"},
		{`[1.]`, "want a digit after '.'"},
		{`"\x"`, `bad escape \x`},
		{strings.Repeat("[", MaxDepth+1), "nesting deeper than"},
		{``, "unexpected end of input"},
	} {
		_, err := Parse([]byte(tc.in), nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: err %v, want %q", tc.in, err, tc.want)
		}
	}
}

// TestAccess checks Get, Float, Scalar and Line.
func TestAccess(t *testing.T) {
	d, err := Parse([]byte("{\"id\": 12,\n \"s\": \"x\", \"n\": 3.5, \"e\\u0301\": 1}"), nil)
	if err != nil {
		t.Fatal(err)
	}
	r := d.Root()
	if id, ok := r.Get("id").Scalar(); !ok || id != "12" {
		t.Errorf("id %q", id)
	}
	if f, ok := r.Get("n").Float(); !ok || f != 3.5 {
		t.Errorf("n %v", f)
	}
	if r.Get("missing").Exists() || r.Get("s").Line() != 2 || !r.Get("e\u0301").Exists() {
		t.Errorf("Get/Line wrong")
	}
}

// FuzzParse: Parse accepts exactly what encoding/json accepts, and reads
// the same values.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":null}],"c":"\u00e9"}`, `[]`, `"x"`, `-0.5e-7`, `[{"id":1,"annotations":[]}]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse(data, nil)
		want, stdErr := std(data)
		valid := json.Valid(data)
		if (err == nil) != valid {
			t.Fatalf("Parse err %v, json.Valid %v", err, valid)
		}
		if err != nil || stdErr != nil {
			return
		}
		for _, byBytes := range []bool{false, true} {
			if got := convert(d.Root(), byBytes); !reflect.DeepEqual(got, want) {
				t.Fatalf("Fields and StrBytes %v: got %#v, want %#v", byBytes, got, want)
			}
		}
	})
}

// TestInterner: equal strings come back as one string (one allocation),
// escapes decoded; numbers as written; other kinds refused.
func TestInterner(t *testing.T) {
	d, err := Parse([]byte(`["PER","P\u0045R","LOC",12.50,null]`), nil)
	if err != nil {
		t.Fatal(err)
	}
	var in Interner
	var got []string
	d.Root().Elems(func(_ int, e Value) bool {
		s, ok := in.Scalar(e)
		if ok != (e.Kind() != Null) {
			t.Errorf("%s: ok %v", e.Raw(), ok)
		}
		got = append(got, s)
		return true
	})
	if want := []string{"PER", "PER", "LOC", "12.50", ""}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if unsafe.StringData(got[0]) != unsafe.StringData(got[1]) {
		t.Errorf("PER made twice")
	}
	if n := testing.AllocsPerRun(10, func() { in.Str(d.Root().Get("x")); in.Scalar(Value{d, 1}) }); n != 0 {
		t.Errorf("%v allocations for a string seen before", n)
	}
}

// TestInvalidUTF8: the first string with invalid UTF-8 is found, a member
// name as well as a value; escapes (a lone surrogate included) are not
// invalid bytes.
func TestInvalidUTF8(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int // offset, -1 for none
	}{
		{`{"a":"é😀","b":["\ud800"]}`, -1},
		{"{\"a\":[1,\"x\xff\"],\"\xfe\":2}", 8},
		{"{\"a\xc3\":\"\xff\"}", 1},
	} {
		d, err := Parse([]byte(tc.in), nil)
		if err != nil {
			t.Fatal(err)
		}
		off, found := d.InvalidUTF8()
		if !found {
			off = -1
		}
		if off != tc.want {
			t.Errorf("%q: offset %d, want %d", tc.in, off, tc.want)
		}
	}
}

// TestLargeText: a text past the size where the nodes are counted ahead
// (strings with commas and colons, nesting, every kind) reads as
// encoding/json reads it, in the node storage allocated at the start.
func TestLargeText(t *testing.T) {
	var b strings.Builder
	b.WriteString("[")
	for i := 0; b.Len() < 200<<10; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id":%d,"text":"a, b: c [d] {e}","v":[true,null,-1.5e3,{"k":"é😀"}],"e":{}}`, i)
	}
	b.WriteString("]")
	data := []byte(b.String())
	d, err := Parse(data, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := std(data)
	if got := toAny(d.Root()); !reflect.DeepEqual(got, want) {
		t.Fatalf("large text read differently from encoding/json")
	}
	if cap(d.nodes) != maxNodes(data) {
		t.Errorf("node storage grew from %d to %d", maxNodes(data), cap(d.nodes))
	}
}
