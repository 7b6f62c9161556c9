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
