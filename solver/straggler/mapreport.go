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

// Write writes the node count in format f: JSON the NodeCount; otherwise
// Lemma 4's separation beside the brute force (and the gap) and, with
// curve, the MST of the best selection of every size N. lambda and policy
// label the title.
func (r NodeCount) Write(w io.Writer, f tabular.Format, lambda float64, policy Policy, curve bool) error {
	if f == tabular.JSON {
		return tabular.WriteJSON(w, r)
	}
	t := &tabular.Table{Title: fmt.Sprintf("Optimal node count, λ = %g, policy %s", lambda, policy), Header: []string{"method", "N", "counts", "mst"}, RightAlign: []bool{false, true, false, true}}
	t.Add("separation (Lemma 4)", strconv.Itoa(r.Best.N), fmt.Sprint(r.Best.Counts), tabular.Float(r.Best.MST))
	if r.Brute != nil {
		t.Add(fmt.Sprintf("brute force (%d selections)", r.BruteSize), strconv.Itoa(r.Brute.N), fmt.Sprint(r.Brute.Counts), tabular.Float(r.Brute.MST))
		t.Add("gap %", "", "", tabular.Float(r.GapPercent))
	} else {
		t.Add(fmt.Sprintf("brute force skipped (%d+ selections > --brute-limit)", r.BruteSize), "", "", "")
	}
	if err := t.Write(w, f); err != nil || !curve {
		return err
	}
	ct := &tabular.Table{Header: []string{"N", "counts", "mst"}}
	for _, pt := range r.Curve {
		ct.Add(strconv.Itoa(pt.N), fmt.Sprint(pt.Counts), tabular.Float(pt.MST))
	}
	return ct.Write(w, f)
}
