package straggler

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/mrsched/mrsched/tabular"
)

// MapReport is the split of a total arrival rate over nodes by one or all
// mapping policies of §V-A: what 'mrsched mst map' prints.
type MapReport struct {
	Total    float64
	Mu       []float64
	D        float64
	Mappings []Mapping
	// Errors holds, when several policies were asked for, the failures
	// (a violated condition, eq. 13, 19, 24) of the others.
	Errors []string
}

// MapPolicies maps the total rate over the nodes of rates mu by each
// policy. With one policy its error is returned; with several, a policy
// that fails is reported in Errors and the others still run.
func MapPolicies(pols []Policy, total float64, mu []float64, opt MapOptions) (*MapReport, error) {
	if len(pols) == 0 {
		return nil, fmt.Errorf("%w: no mapping policy", ErrParam)
	}
	r := &MapReport{Total: total, Mu: mu, D: opt.Model.D}
	for _, p := range pols {
		m, err := Map(p, total, mu, opt)
		if err != nil {
			if len(pols) == 1 {
				return nil, err
			}
			r.Errors = append(r.Errors, err.Error())
			continue
		}
		r.Mappings = append(r.Mappings, m)
	}
	return r, nil
}

// Uncertified reports whether an optimal mapping's KKT conditions (eq.
// 15–16) were not met within the iteration limit.
func (r *MapReport) Uncertified() bool {
	for _, m := range r.Mappings {
		if m.KKT != nil && !m.KKT.OK {
			return true
		}
	}
	return false
}

// Write writes the report in format f: JSON the mappings and errors;
// otherwise one row per policy (MST, range of λ_i, conditions, KKT
// certificate) and, with perNode, every node's λ_i per policy.
func (r *MapReport) Write(w io.Writer, f tabular.Format, perNode bool) error {
	errs := r.Errors
	if f == tabular.JSON {
		return tabular.WriteJSON(w, map[string]any{"mappings": r.Mappings, "errors": errs})
	}
	t := &tabular.Table{Title: fmt.Sprintf("Mapping λ = %g over %d nodes (D = %g)", r.Total, len(r.Mu), r.D),
		Header: []string{"policy", "mst", "min λ_i", "max λ_i", "conditions", "kkt"}, RightAlign: []bool{false, true, true, true, false, false}}
	for _, m := range r.Mappings {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, l := range m.Lambda {
			lo, hi = math.Min(lo, l), math.Max(hi, l)
		}
		var cs []string
		for _, cd := range m.Conditions {
			mark := "ok"
			if !cd.Holds {
				mark = "VIOLATED"
			}
			cs = append(cs, cd.Name+" "+mark)
		}
		k := ""
		if m.KKT != nil {
			k = fmt.Sprintf("ok=%v α=%.6g dev=%.2g viol=%.2g it=%d", m.KKT.OK, m.KKT.Multiplier, m.KKT.MaxInteriorDev, m.KKT.MaxBoundViolate, m.KKT.Iterations)
		}
		t.Add(string(m.Policy), tabular.Float(m.MST.MST), tabular.Float(lo), tabular.Float(hi), strings.Join(cs, "; "), k)
	}
	for _, e := range errs {
		t.Add("error", "", "", "", e, "")
	}
	if err := t.Write(w, f); err != nil || !perNode {
		return err
	}
	pt := &tabular.Table{Header: []string{"node", "mu"}}
	for _, m := range r.Mappings {
		pt.Header = append(pt.Header, string(m.Policy))
	}
	for i := range r.Mu {
		row := []string{strconv.Itoa(i), tabular.Float(r.Mu[i])}
		for _, m := range r.Mappings {
			row = append(row, tabular.Float(m.Lambda[i]))
		}
		pt.Add(row...)
	}
	return pt.Write(w, f)
}
