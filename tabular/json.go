package tabular

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// Num is a float64 whose JSON form follows the package convention: finite
// numbers exactly as encoding/json writes a float64, NaN (not available) as
// null and the infinities as the strings "+Inf" and "-Inf".
type Num float64

// MarshalJSON implements json.Marshaler.
func (x Num) MarshalJSON() ([]byte, error) {
	v := float64(x)
	switch {
	case math.IsNaN(v):
		return []byte("null"), nil
	case math.IsInf(v, 0):
		return []byte(`"` + Float(v) + `"`), nil
	}
	return json.Marshal(v)
}

// ErrNumber is returned when decoding a Num from anything but a number,
// null, "+Inf" or "-Inf".
var ErrNumber = errors.New("tabular: not a number")

// UnmarshalJSON implements json.Unmarshaler.
func (x *Num) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case "null":
		*x = Num(math.NaN())
		return nil
	case `"+Inf"`:
		*x = Num(math.Inf(1))
		return nil
	case `"-Inf"`:
		*x = Num(math.Inf(-1))
		return nil
	}
	v, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return fmt.Errorf("%w: %s", ErrNumber, b)
	}
	*x = Num(v)
	return nil
}

// WriteJSON writes v as indented JSON followed by a newline. Map keys are
// sorted by encoding/json, so output is deterministic. Non-finite float64
// values anywhere in v are written as Num writes them (null, "+Inf",
// "-Inf"), so every value has a valid JSON form.
func WriteJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	var ue *json.UnsupportedValueError
	if errors.As(err, &ue) {
		b, err = json.MarshalIndent(finiteJSON(reflect.ValueOf(v)), "", "  ")
	}
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = w.Write(b)
	return err
}

var marshalerType = reflect.TypeFor[json.Marshaler]()

// finiteJSON returns a value that encoding/json renders exactly as it
// renders v, except that float64s are Nums. Structs become ordered objects
// (field order, json tags, omitempty and embedded structs as encoding/json
// treats them); values with their own MarshalJSON are kept as they are.
func finiteJSON(v reflect.Value) any {
	if !v.IsValid() {
		return nil
	}
	if v.Type().Implements(marshalerType) && (v.Kind() != reflect.Pointer || !v.IsNil()) {
		return v.Interface()
	}
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		return Num(v.Float())
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return finiteJSON(v.Elem())
	case reflect.Slice:
		if v.IsNil() {
			return nil
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return v.Interface()
		}
		fallthrough
	case reflect.Array:
		out := make([]any, v.Len())
		for i := range out {
			out[i] = finiteJSON(v.Index(i))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return nil
		}
		out := make(map[string]any, v.Len())
		it := v.MapRange()
		for it.Next() {
			k, _ := json.Marshal(it.Key().Interface())
			key := string(k)
			if s, err := strconv.Unquote(key); err == nil {
				key = s
			}
			out[key] = finiteJSON(it.Value())
		}
		return out
	case reflect.Struct:
		var o object
		o.addFields(v)
		return o
	}
	return v.Interface()
}

// object is a JSON object that keeps its keys in order.
type object []field

type field struct {
	key string
	val any
}

func (o *object) addFields(v reflect.Value) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		fv := v.Field(i)
		if sf.Anonymous && name == "" {
			ft := sf.Type
			if ft.Kind() == reflect.Pointer {
				if fv.IsNil() {
					continue
				}
				fv, ft = fv.Elem(), ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				o.addFields(fv)
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		if strings.Contains(","+opts+",", ",omitempty,") && fv.IsZero() && emptyKind(fv) ||
			strings.Contains(","+opts+",", ",omitzero,") && fv.IsZero() {
			continue
		}
		*o = append(*o, field{name, finiteJSON(fv)})
	}
}

// emptyKind reports whether encoding/json's omitempty applies to v's kind
// (it never omits structs).
func emptyKind(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Struct:
		return false
	case reflect.Slice, reflect.Map, reflect.Array, reflect.String:
		return v.Len() == 0
	}
	return true
}

// MarshalJSON implements json.Marshaler.
func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(f.key)
		b.Write(k)
		b.WriteByte(':')
		v, err := json.Marshal(f.val)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
