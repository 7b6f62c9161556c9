package tabular_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/mrsched/mrsched/tabular"
)

// TestViewWrite: each format takes its part of a view. Expected outputs
// written by hand from View's documentation.
func TestViewWrite(t *testing.T) {
	a := &tabular.Table{Header: []string{"k", "v"}}
	a.Add("x", "1")
	b := &tabular.Table{Header: []string{"k", "v"}}
	b.Add("y", "2")
	kv := &tabular.Table{Header: []string{"key", "value"}}
	kv.Add("x", "1")
	for _, tc := range []struct {
		name string
		v    tabular.View
		f    tabular.Format
		want string
	}{
		{"json value", tabular.View{Value: map[string]int{"n": 1}, Head: "h\n", Tables: []*tabular.Table{a}}, tabular.JSON, "{\n  \"n\": 1\n}\n"},
		{"json tables", tabular.View{Tables: []*tabular.Table{a, b}}, tabular.JSON, "[\n  {\n    \"k\": \"x\",\n    \"v\": \"1\"\n  }\n]\n[\n  {\n    \"k\": \"y\",\n    \"v\": \"2\"\n  }\n]\n"},
		{"csv tables, no head", tabular.View{Head: "h\n", Tables: []*tabular.Table{a, b}}, tabular.CSV, "k,v\nx,1\nk,v\ny,2\n"},
		{"csv replacement", tabular.View{Tables: []*tabular.Table{a, b}, CSV: []*tabular.Table{kv}}, tabular.CSV, "key,value\nx,1\n"},
		{"markdown head and blank line", tabular.View{Head: "h\n", Tables: []*tabular.Table{a, b}}, tabular.Markdown, "h\n| k | v |\n|---|---|\n| x | 1 |\n\n| k | v |\n|---|---|\n| y | 2 |\n"},
	} {
		var buf bytes.Buffer
		if err := tc.v.Write(&buf, tc.f); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if buf.String() != tc.want {
			t.Errorf("%s: got\n%q\nwant\n%q", tc.name, buf.String(), tc.want)
		}
	}
}

// A view is written whole in every format: JSON its value, text and
// Markdown its summary line and tables, CSV its tables.
func ExampleView() {
	t := &tabular.Table{Header: []string{"policy", "total"}, RightAlign: []bool{false, true}}
	t.Add("maxsrpt", tabular.Float(12.5))
	v := &tabular.View{Value: map[string]float64{"maxsrpt": 12.5}, Head: "one policy\n", Tables: []*tabular.Table{t}}
	for _, f := range []tabular.Format{tabular.Text, tabular.CSV, tabular.JSON} {
		v.Write(os.Stdout, f)
	}
	// Output:
	// one policy
	// policy   total
	// -------  -----
	// maxsrpt   12.5
	// policy,total
	// maxsrpt,12.5
	// {
	//   "maxsrpt": 12.5
	// }
}
