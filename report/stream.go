package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
)

// Array is a JSON array whose elements are made one at a time: Len
// elements, the k-th Elem(k). WriteJSON writes an Array found in a struct
// field of the value it writes (directly, or through structs and pointers
// to structs) element by element, each marshalled and written before the
// next is made, so that memory does not grow with Len (a list of 500,000
// pairs of annotators is written in the memory of one). The bytes are
// those encoding/json writes for a slice of the same elements. Elsewhere
// (json.Marshal, a map value) it marshals as a whole array. A nil *Array
// is null, as a nil slice.
type Array struct {
	Len  int
	Elem func(k int) (any, error)
	// mark, while WriteJSON writes the array, is the placeholder the
	// enclosing value's encoding holds in its place.
	mark string
}

// MarshalJSON writes the array whole, or its placeholder while WriteJSON
// streams it.
func (a *Array) MarshalJSON() ([]byte, error) {
	if a.mark != "" {
		return []byte(a.mark), nil
	}
	var b bytes.Buffer
	b.WriteByte('[')
	for k := range a.Len {
		if k > 0 {
			b.WriteByte(',')
		}
		v, err := a.Elem(k)
		if err != nil {
			return nil, err
		}
		if err := encodeCompact(&b, finite(reflect.ValueOf(v))); err != nil {
			return nil, err
		}
	}
	b.WriteByte(']')
	return b.Bytes(), nil
}

// arrays returns the non-nil Arrays in the struct fields of v, in field
// order, through structs and pointers to structs.
func arrays(v reflect.Value, out []*Array) []*Array {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return out
		}
		if a, ok := v.Interface().(*Array); ok {
			return append(out, a)
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return out
	}
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() && !f.Anonymous {
			continue
		}
		switch f.Type.Kind() {
		case reflect.Pointer, reflect.Struct, reflect.Interface:
			out = arrays(v.Field(i), out)
		}
	}
	return out
}

// writeStreamed writes v as WriteJSON does, its Arrays element by element.
// It reports ok = false, having written nothing, when v holds no Array or
// its encoding cannot be cut at their placeholders.
func writeStreamed(w io.Writer, v any) (ok bool, err error) {
	as := arrays(reflect.ValueOf(v), nil)
	if len(as) == 0 {
		return false, nil
	}
	for k, a := range as {
		a.mark = fmt.Sprintf(`"\u0000agree-array-%d\u0000"`, k)
	}
	defer func() {
		for _, a := range as {
			a.mark = ""
		}
	}()
	var head bytes.Buffer
	if err := writeWhole(&head, v); err != nil {
		return false, err
	}
	doc := head.Bytes()
	// each placeholder exactly once, in order (a string of the data could
	// hold one only if it had those NUL characters)
	var cuts []int
	for _, a := range as {
		if bytes.Count(doc, []byte(a.mark)) != 1 {
			return false, nil
		}
		at := bytes.Index(doc, []byte(a.mark))
		if len(cuts) > 0 && at < cuts[len(cuts)-1] {
			return false, nil
		}
		cuts = append(cuts, at)
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	var elem bytes.Buffer
	last := 0
	for k, a := range as {
		at := cuts[k]
		bw.Write(doc[last:at])
		last = at + len(a.mark)
		// the indentation of the line holding the placeholder
		line := bytes.LastIndexByte(doc[:at], '\n') + 1
		indent := line
		for indent < at && doc[indent] == ' ' {
			indent++
		}
		prefix := string(doc[line:indent]) + "  "
		if a.Len == 0 {
			bw.WriteString("[]")
			continue
		}
		bw.WriteString("[\n")
		for i := range a.Len {
			x, err := a.Elem(i)
			if err != nil {
				return true, err
			}
			elem.Reset()
			if err := encodeIndented(&elem, x, prefix); err != nil {
				return true, err
			}
			bw.WriteString(prefix)
			bw.Write(bytes.TrimSuffix(elem.Bytes(), []byte("\n")))
			if i < a.Len-1 {
				bw.WriteString(",\n")
			}
		}
		bw.WriteString("\n" + prefix[:len(prefix)-2] + "]")
	}
	bw.Write(doc[last:])
	return true, bw.Flush()
}

// encodeIndented writes v as one element of an indented array whose
// elements start after prefix, NaN and infinities as null.
func encodeIndented(b *bytes.Buffer, v any, prefix string) error {
	enc := json.NewEncoder(b)
	enc.SetIndent(prefix, "  ")
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	var uv *json.UnsupportedValueError
	if errors.As(err, &uv) {
		b.Reset()
		err = enc.Encode(finite(reflect.ValueOf(v)))
	}
	return err
}
