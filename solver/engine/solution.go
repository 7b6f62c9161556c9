package engine

import (
	"strconv"

	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
	"github.com/mrsched/mrsched/tolerance"
)

// StatusGapLimit is the reported status of a solve that the engine called
// optimal under a relative gap looser than the tolerance policy (for
// example 'mip solve --gap 0.01'): its objective and best bound differ by
// more than package tolerance allows, so optimality is not proven.
const StatusGapLimit = "gap limit"

// ReportedStatus is r's status as reported to users: "optimal" only when
// the best bound meets the objective under package tolerance, otherwise
// StatusGapLimit in place of the engine's "optimal".
func ReportedStatus(r mip.Result) string {
	if r.Status == mip.Optimal && !tolerance.Eq(r.Objective, r.BestBound) {
		return StatusGapLimit
	}
	return r.Status.String()
}

// Solution is the report of a solved model file: status, objective, best
// bound, gap (non-finite values written as package tabular writes them),
// the columns' values and, for LPs, the row duals.
type Solution struct {
	File        string         `json:"file"`
	Engine      string         `json:"engine"`
	Status      string         `json:"status"`
	Objective   tabular.Num    `json:"objective"`
	BestBound   tabular.Num    `json:"best_bound"`
	Gap         tabular.Num    `json:"gap"`
	Nodes       int64          `json:"nodes"`
	TimeSeconds float64        `json:"time_seconds"`
	Columns     []Value        `json:"columns,omitempty"`
	Rows        []Dual         `json:"row_duals,omitempty"`
	Model       map[string]int `json:"model"`
}

// Value is a column's value in a Solution.
type Value struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
}

// Dual is a row's dual value in a Solution.
type Dual struct {
	Name string  `json:"name"`
	Dual float64 `json:"dual"`
}

// NewSolution summarises the result r of solving model m (read from file
// by the engine named eng): the nonzero columns (every column with all),
// and the row duals when duals is set and the engine returned them.
// Unnamed columns and rows are called x<j> and r<i>.
func NewSolution(file, eng string, m *mip.Model, r mip.Result, all, duals bool) Solution {
	sol := Solution{
		File: file, Engine: eng, Status: ReportedStatus(r),
		Objective: tabular.Num(r.Objective), BestBound: tabular.Num(r.BestBound), Gap: tabular.Num(r.Gap),
		Nodes: r.Nodes, TimeSeconds: r.Time.Seconds(),
		Model: map[string]int{"columns": len(m.Vars), "rows": len(m.Rows), "nonzeros": m.NumNonzeros()},
	}
	if r.HasSolution {
		for j, x := range r.X {
			if x != 0 || all {
				sol.Columns = append(sol.Columns, Value{Name: nameOr(m.Vars[j].Name, "x", j), Value: x})
			}
		}
	}
	if duals {
		for i, d := range r.RowDuals {
			sol.Rows = append(sol.Rows, Dual{Name: nameOr(m.Rows[i].Name, "r", i), Dual: d})
		}
	}
	return sol
}

func nameOr(name, prefix string, i int) string {
	if name != "" {
		return name
	}
	return prefix + strconv.Itoa(i)
}
