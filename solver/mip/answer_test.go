package mip

import (
	"math"
	"testing"
)

// TestGap: the gap rule on hand cases; every expected value is the closed
// form (obj − lb)/obj or one of the rule's two special values.
func TestGap(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		obj, lb, want float64
	}{
		{100, 90, 0.1},              // (100 − 90)/100
		{100, 100, 0},               // bound meets the objective
		{100, 100 * (1 - 1e-12), 0}, // within tolerance.Rel: 0, not 1e-12
		{100, 101, 0},               // a bound above the objective: met
		{100, math.Inf(-1), inf},    // no bound: undefined
		{0, -1, inf},                // objective 0 with a lower bound below it
		{math.NaN(), 1, inf},        // NaN objective
		{100, math.NaN(), inf},      // NaN bound
		{inf, 1, inf},               // infinite objective
		{inf, inf, inf},             // infinite objective and bound
		{100, inf, inf},             // an infinite bound proves nothing
		{0, 0, 0},                   // an empty instance: bound 0 meets objective 0
		{-1, -2, inf},               // a negative objective: undefined
	} {
		if got := Gap(c.obj, c.lb); got != c.want && !(math.IsNaN(got) && math.IsNaN(c.want)) {
			t.Errorf("Gap(%v, %v) = %v, want %v", c.obj, c.lb, got, c.want)
		}
	}
}

// TestSetBound: a bound above the objective is lowered to it (gap 0), a
// bound below it keeps its value and the closed-form gap.
func TestSetBound(t *testing.T) {
	for _, c := range []struct {
		obj, lb, wantLB, wantGap float64
	}{
		{10, 8, 8, 0.2}, // (10 − 8)/10
		{10, 12, 10, 0}, // lowered to the objective
		{10, math.Inf(-1), math.Inf(-1), math.Inf(1)}, // no bound
	} {
		a := Answer{Objective: c.obj}
		a.SetBound(c.lb, SourceSearch)
		if a.LowerBound != c.wantLB || a.Gap != c.wantGap || a.BoundSource != SourceSearch {
			t.Errorf("SetBound(%v) on %v: %v %v %q, want %v %v search", c.lb, c.obj, a.LowerBound, a.Gap, a.BoundSource, c.wantLB, c.wantGap)
		}
	}
}

// TestWithin: the portfolio's nested spelling, as outputs show it.
func TestWithin(t *testing.T) {
	for _, c := range []struct {
		outer, inner BoundSource
		want         string
	}{
		{SourcePortfolio, EngineSource("glpk"), "portfolio (glpk MIP)"},
		{SourcePortfolio, SourceSearchRoot, "portfolio (search root bound)"},
		{SourcePortfolio, "", "portfolio"},
	} {
		if got := c.outer.Within(c.inner); string(got) != c.want {
			t.Errorf("%q.Within(%q) = %q, want %q", c.outer, c.inner, got, c.want)
		}
	}
}

// TestEngineGap: the engines' gap on hand cases, either sense; every
// expected value is the closed form |obj − bound|/|obj| or one of the two
// special values.
func TestEngineGap(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		obj, bound, want float64
	}{
		{100, 90, 0.1},         // minimisation: (100 − 90)/100
		{-100, -90, 0.1},       // a negative objective: |−100 + 90|/100
		{90, 100, 0.1 / 0.9},   // maximisation: (100 − 90)/90
		{5, 5, 0},              // bound met
		{0, 0, 0},              // bound met at 0
		{0, 1, inf},            // objective 0 below its bound: undefined
		{1, math.NaN(), inf},   // no bound
		{1, math.Inf(-1), inf}, // no bound
		{math.NaN(), 1, inf},   // no objective
	} {
		if got := EngineGap(c.obj, c.bound); got != c.want && math.Abs(got-c.want) > 1e-15 {
			t.Errorf("EngineGap(%v, %v) = %v, want %v", c.obj, c.bound, got, c.want)
		}
	}
}
