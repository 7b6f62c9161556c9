package figures

import (
	"reflect"
	"testing"
)

// seriesByName gives one series per name in name order (not insertion
// order), each with its points in increasing X (not insertion order):
// the expected series are written out by hand.
func TestSeriesByName(t *testing.T) {
	by := seriesByName{}
	by["srpt"] = append(by["srpt"], XY{X: 8, Y: 3}, XY{X: 2, Y: 1})
	by["maxsrpt"] = append(by["maxsrpt"], XY{X: 4, Y: 2})
	by["srpt"] = append(by["srpt"], XY{X: 4, Y: 2})
	want := []Series{
		{Name: "maxsrpt", Points: []XY{{4, 2}}},
		{Name: "srpt", Points: []XY{{2, 1}, {4, 2}, {8, 3}}},
	}
	if got := by.series(); !reflect.DeepEqual(got, want) {
		t.Errorf("series %+v, want %+v", got, want)
	}
	if got := (seriesByName{}).series(); len(got) != 0 {
		t.Errorf("no points: %+v, want no series", got)
	}
}
