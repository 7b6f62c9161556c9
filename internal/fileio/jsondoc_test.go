package fileio

import (
	"errors"
	"strings"
	"testing"
)

func TestOnlyProvenance(t *testing.T) {
	errBad := errors.New("x: invalid")
	errSyntax := errors.New("x: syntax")
	// The provenance object is accepted at the top level only (the rule of
	// Only's doc comment); elsewhere it is an unknown field like any other.
	for _, tc := range []struct {
		name, doc string
		ok        bool
	}{
		{"top level", `{"a": 1, "provenance": {"tool": "mrsched"}}`, true},
		{"nested", `{"a": {"provenance": {}}}`, false},
		{"other key", `{"a": 1, "b": 2}`, false},
	} {
		_, top, err := ReadJSON(strings.NewReader(tc.doc), "f.json", errBad, errSyntax)
		if err != nil {
			t.Fatal(err)
		}
		err = top.Only("a")
		if v, _ := top.Get("a"); err == nil && strings.HasPrefix(string(v.Raw), "{") {
			_, err = v.Object("b")
		}
		if (err == nil) != tc.ok {
			t.Errorf("%s: error %v, want ok %v", tc.name, err, tc.ok)
		}
		if err != nil && strings.Contains(err.Error(), "want a, provenance") {
			t.Errorf("%s: the error offers provenance: %v", tc.name, err)
		}
	}
}

// NeedArray returns an array member's elements with their paths, and for a
// missing member or one that is not an array the error Need or Array gives
// (path, the reader's sentinel, then the message: ParseError's form).
func TestNeedArray(t *testing.T) {
	errBad := errors.New("x: invalid")
	errSyntax := errors.New("x: syntax")
	_, top, err := ReadJSON(strings.NewReader(`{"a": [1, 2], "b": 3}`), "f.json", errBad, errSyntax)
	if err != nil {
		t.Fatal(err)
	}
	vals, err := top.NeedArray("a")
	if err != nil || len(vals) != 2 || vals[1].Path != "a[1]" || string(vals[1].Raw) != "2" {
		t.Errorf("a: %+v, %v; want two elements, the second a[1] = 2", vals, err)
	}
	for _, c := range []struct{ key, msg string }{
		{"b", "b: x: invalid: want a JSON array, found a number"},
		{"c", "c: x: invalid: missing field"},
	} {
		_, err := top.NeedArray(c.key)
		if !errors.Is(err, errBad) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want an error wrapping %v containing %q", c.key, err, errBad, c.msg)
		}
	}
}
