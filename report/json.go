package report

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// WriteJSON writes v as indented JSON followed by a newline; an Array in
// v is written element by element. JSON has no
// NaN or infinity: such a float64 anywhere in v (a field that is not a
// Number, a map value, a slice element) is written as null rather than
// failing, with keys and their order as encoding/json gives them, so the
// output is always valid JSON. The undefined values' reasons are the
// caller's to give (an "undefined_reason" next to them).
//
// The output is not copied once more: json.Encoder.Encode writes nothing
// when marshalling fails, so the second attempt (NaN as null) starts from
// a clean writer (a 590 MB output of agree spans on 1000 annotators took
// 1 GB more in a buffer).
func WriteJSON(w io.Writer, v any) error {
	if ok, err := writeStreamed(w, v); ok || err != nil {
		return err
	}
	return writeWhole(w, v)
}

// writeWhole is WriteJSON without streaming.
func writeWhole(w io.Writer, v any) error {
	err := encodeJSON(w, v)
	var uv *json.UnsupportedValueError
	if errors.As(err, &uv) {
		err = encodeJSON(w, finite(reflect.ValueOf(v)))
	}
	return err
}

func encodeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// object is a JSON object with its keys in a given order.
type object []member

type member struct {
	key   string
	value any
}

func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := encodeCompact(&b, m.key); err != nil {
			return nil, err
		}
		b.WriteByte(':')
		if err := encodeCompact(&b, m.value); err != nil {
			return nil, err
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func encodeCompact(b *bytes.Buffer, v any) error {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	b.Truncate(b.Len() - 1) // the newline Encode adds
	return nil
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// finite returns a value that encodes like v under encoding/json (field
// names, omitempty, "-", embedded structs, sorted map keys, Marshalers),
// with every NaN or infinite float replaced by nil (null).
func finite(v reflect.Value) any {
	if !v.IsValid() {
		return nil
	}
	if (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) && v.IsNil() {
		return nil
	}
	if v.Type().Implements(marshalerType) {
		b, err := v.Interface().(json.Marshaler).MarshalJSON()
		if err == nil {
			return json.RawMessage(b)
		}
	}
	if v.Kind() != reflect.Pointer && v.Type().Implements(textMarshalerType) {
		if b, err := v.Interface().(encoding.TextMarshaler).MarshalText(); err == nil {
			return string(b)
		}
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		return finite(v.Elem())
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil
		}
		return f
	case reflect.Struct:
		return structObject(v)
	case reflect.Map:
		if v.IsNil() {
			return nil
		}
		var o object
		for _, k := range v.MapKeys() {
			o = append(o, member{mapKey(k), finite(v.MapIndex(k))})
		}
		slices.SortFunc(o, func(a, b member) int { return strings.Compare(a.key, b.key) })
		return o
	case reflect.Slice:
		if v.IsNil() {
			return nil
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return v.Interface() // base64, as encoding/json
		}
		fallthrough
	case reflect.Array:
		out := make([]any, v.Len())
		for i := range out {
			out[i] = finite(v.Index(i))
		}
		return out
	}
	return v.Interface()
}

func structObject(v reflect.Value) object {
	var o object
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		fv := v.Field(i)
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				if fv.IsNil() {
					continue
				}
				fv, ft = fv.Elem(), ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				o = append(o, structObject(fv)...)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if strings.Contains(","+opts+",", ",omitempty,") && isEmpty(fv) {
			continue
		}
		o = append(o, member{name, finite(fv)})
	}
	return o
}

func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Interface, reflect.Pointer:
		return v.IsNil()
	}
	return false
}

func mapKey(k reflect.Value) string {
	if k.Kind() == reflect.String {
		return k.String()
	}
	if tm, ok := k.Interface().(encoding.TextMarshaler); ok {
		if b, err := tm.MarshalText(); err == nil {
			return string(b)
		}
	}
	switch k.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(k.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		return strconv.FormatFloat(k.Float(), 'g', -1, 64)
	}
	return fmt.Sprint(k.Interface())
}
