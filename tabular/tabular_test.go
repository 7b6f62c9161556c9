package tabular

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestFloatHumanPercent(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	for _, tc := range []struct {
		x                     float64
		float, human, percent string
	}{
		// For people 157746.4742030241 shows as 157746 for people.
		{157746.4742030241, "157746.4742030241", "157746", "1.58e+07%"},
		// A gap: one value, one spelling per kind.
		{0.0248428, "0.0248428", "0.0248428", "2.48%"},
		{0, "0", "0", "0%"},
		{1e-7, "1e-07", "1e-07", "1e-05%"},
		{inf, "+Inf", "inf", "inf"},
		{-inf, "-Inf", "-inf", "-inf"},
		{nan, "", "-", "-"},
	} {
		if got := Float(tc.x); got != tc.float {
			t.Errorf("Float(%v) = %q, want %q", tc.x, got, tc.float)
		}
		if got := Human(tc.x); got != tc.human {
			t.Errorf("Human(%v) = %q, want %q", tc.x, got, tc.human)
		}
		if got := Percent(tc.x); got != tc.percent {
			t.Errorf("Percent(%v) = %q, want %q", tc.x, got, tc.percent)
		}
	}
}

func TestTablePeopleAndMachines(t *testing.T) {
	tb := &Table{Header: []string{"id", "value", "gap", "count"}, Percent: []bool{false, false, true, false}}
	tb.Add("J1.5", Float(157746.4742030241), Float(0.0248428), "123456789")
	tb.Add("x", Float(math.Inf(1)), Float(math.NaN()), "7")
	var csv, md bytes.Buffer
	if err := tb.Write(&csv, CSV); err != nil {
		t.Fatal(err)
	}
	if err := tb.Write(&md, Markdown); err != nil {
		t.Fatal(err)
	}
	// CSV keeps full precision and the fraction; Markdown shortens to six
	// significant digits, shows the gap as a percentage, keeps integers and
	// text (an id that is not a number) as they are.
	wantCSV := "id,value,gap,count\nJ1.5,157746.4742030241,0.0248428,123456789\nx,+Inf,,7\n"
	wantMD := "| id | value | gap | count |\n|---|---|---|---|\n| J1.5 | 157746 | 2.48% | 123456789 |\n| x | inf | - | 7 |\n"
	if csv.String() != wantCSV {
		t.Errorf("CSV:\n%s\nwant\n%s", csv.String(), wantCSV)
	}
	if md.String() != wantMD {
		t.Errorf("Markdown:\n%s\nwant\n%s", md.String(), wantMD)
	}
	tb.Exact = true
	md.Reset()
	if err := tb.Write(&md, Markdown); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "157746.4742030241") {
		t.Errorf("Exact table lost digits:\n%s", md.String())
	}
}

type inner struct {
	Beta float64 `json:"beta"`
}

type row struct {
	Name  string             `json:"name"`
	Value float64            `json:"value"`
	Skip  float64            `json:"-"`
	Empty []float64          `json:"empty,omitempty"`
	Ptr   *float64           `json:"ptr"`
	Map   map[string]float64 `json:"map,omitempty"`
	inner
	Num Num `json:"num"`
}

func TestWriteJSONNonFinite(t *testing.T) {
	inf := math.Inf(1)
	rows := []row{
		{Name: "alpha", Value: inf, Map: map[string]float64{"b": math.NaN(), "a": -inf}, inner: inner{Beta: 2}, Num: Num(inf)},
		{Name: "finite", Value: 1.5, Ptr: new(float64), Num: 3},
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, rows); err != nil {
		t.Fatal(err)
	}
	// Expected: the table of the package doc (+∞ → "+Inf", −∞ → "-Inf",
	// NaN → null); field order, tags, omitempty and the embedded struct as
	// encoding/json renders them.
	want := `[
  {
    "name": "alpha",
    "value": "+Inf",
    "ptr": null,
    "map": {
      "a": "-Inf",
      "b": null
    },
    "beta": 2,
    "num": "+Inf"
  },
  {
    "name": "finite",
    "value": 1.5,
    "ptr": 0,
    "beta": 0,
    "num": 3
  }
]
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	if !json.Valid(b.Bytes()) {
		t.Error("output is not valid JSON")
	}
	// Finite values take encoding/json's own path: byte-identical to it.
	var std bytes.Buffer
	fin := rows[1]
	if err := WriteJSON(&std, fin); err != nil {
		t.Fatal(err)
	}
	ref, _ := json.MarshalIndent(fin, "", "  ")
	if std.String() != string(ref)+"\n" {
		t.Errorf("finite value differs from encoding/json:\n%s\n%s", std.String(), ref)
	}
}

func TestNumRoundTrip(t *testing.T) {
	// Finite values are spelled as encoding/json spells a float64 (1e-07 as
	// 1e-7), so a value that becomes infinite elsewhere in a document does
	// not change how its finite neighbours are written.
	if b, _ := json.Marshal(Num(1e-7)); string(b) != "1e-7" {
		t.Errorf("Num(1e-7) = %s, want 1e-7 (encoding/json)", b)
	}
	for _, x := range []float64{0, -2.5, 1e300, 1e-7, math.Inf(1), math.Inf(-1)} {
		b, err := json.Marshal(Num(x))
		if err != nil {
			t.Fatal(err)
		}
		var y Num
		if err := json.Unmarshal(b, &y); err != nil || float64(y) != x {
			t.Errorf("%v → %s → %v, %v", x, b, y, err)
		}
	}
	var y Num
	if err := json.Unmarshal([]byte(`"inf"`), &y); err == nil {
		t.Error(`"inf" accepted; the spelling is "+Inf"`)
	}
}
