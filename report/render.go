package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/mrsched/mrsched/tabular"
)

// MethodSummary aggregates one method over the instances of a report.
type MethodSummary struct {
	Method    string `json:"method"`
	Instances int    `json:"instances"` // instances where the method produced a schedule
	// MeanResponse is the mean over instances of the per-instance mean
	// response time.
	MeanResponse tabular.Num `json:"mean_response"`
	MeanRatio    tabular.Num `json:"mean_ratio"`
	GeoMeanRatio tabular.Num `json:"geomean_ratio"`
	MaxRatio     tabular.Num `json:"max_ratio"`
	MaxRatioAt   string      `json:"max_ratio_instance,omitempty"`
	// RatioBasis is "opt" when every ratio is to a proven optimum,
	// "lower_bound" when every one is to a lower bound, "mixed" otherwise.
	RatioBasis      string `json:"ratio_basis,omitempty"`
	WithinGuarantee int    `json:"within_guarantee"`
	Violations      int    `json:"guarantee_violations"`
	Unknown         int    `json:"guarantee_unknown"`
}

// Report is a whole report: per instance and aggregated.
type Report struct {
	Instances  []InstanceResult `json:"instances"`
	Summary    []MethodSummary  `json:"summary"`
	Violations []string         `json:"violations"`
	Errors     []string         `json:"errors"`
}

// Build aggregates instance results (in the given order).
func Build(results []InstanceResult) *Report {
	r := &Report{Instances: results, Violations: []string{}, Errors: []string{}}
	idx := map[string]int{}
	type acc struct {
		sumMean, sumRatio, sumLog, maxRatio float64
		nRatio, nOPT, nLB                   int
	}
	var accs []acc
	for _, ir := range results {
		for _, v := range ir.Violations {
			r.Violations = append(r.Violations, ir.Name+": "+v)
		}
		for _, e := range ir.Errors {
			r.Errors = append(r.Errors, ir.Name+": "+e)
		}
		for _, m := range ir.Methods {
			k, ok := idx[m.Method]
			if !ok {
				k = len(r.Summary)
				idx[m.Method] = k
				r.Summary = append(r.Summary, MethodSummary{Method: m.Method})
				accs = append(accs, acc{maxRatio: math.Inf(-1)})
			}
			s, a := &r.Summary[k], &accs[k]
			if !math.IsNaN(float64(m.TotalResponse)) {
				s.Instances++
				a.sumMean += float64(m.MeanResponse)
			}
			if x := float64(m.Ratio); !math.IsNaN(x) {
				a.nRatio++
				a.sumRatio += x
				a.sumLog += math.Log(x)
				if x > a.maxRatio {
					a.maxRatio, s.MaxRatioAt = x, ir.Name
				}
				if m.RatioBasis == BasisOPT {
					a.nOPT++
				} else {
					a.nLB++
				}
			}
			switch m.GuaranteeCheck {
			case CheckOK:
				s.WithinGuarantee++
			case CheckViolation:
				s.Violations++
			case CheckUnknown:
				s.Unknown++
			}
		}
	}
	for k := range r.Summary {
		s, a := &r.Summary[k], accs[k]
		s.MeanResponse, s.MeanRatio, s.GeoMeanRatio, s.MaxRatio = tabular.Num(math.NaN()), tabular.Num(math.NaN()), tabular.Num(math.NaN()), tabular.Num(math.NaN())
		if s.Instances > 0 {
			s.MeanResponse = tabular.Num(a.sumMean / float64(s.Instances))
		}
		if a.nRatio > 0 {
			s.MeanRatio = tabular.Num(a.sumRatio / float64(a.nRatio))
			s.GeoMeanRatio = tabular.Num(math.Exp(a.sumLog / float64(a.nRatio)))
			s.MaxRatio = tabular.Num(a.maxRatio)
			switch {
			case a.nLB == 0:
				s.RatioBasis = BasisOPT
			case a.nOPT == 0:
				s.RatioBasis = BasisLower
			default:
				s.RatioBasis = "mixed"
			}
		}
	}
	return r
}

// human formats x for people: 6 significant digits, "-" for not available.
func human(x tabular.Num) string {
	v := float64(x)
	switch {
	case math.IsNaN(v):
		return "-"
	case math.IsInf(v, 1):
		return "inf"
	case math.IsInf(v, -1):
		return "-inf"
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// machine formats x for CSV: shortest round trip, empty when not available.
func machine(x tabular.Num) string {
	if math.IsNaN(float64(x)) {
		return ""
	}
	return tabular.Float(float64(x))
}

func ratioCell(m MethodResult) string {
	s := human(m.Ratio)
	if m.RatioBasis == BasisLower {
		s += "*"
	}
	return s
}

// guaranteeCell is a guarantee ratio, or "none" where the theorem does
// not apply (GuaranteesNone).
func guaranteeCell(g tabular.Num, none bool) string {
	if none {
		return CheckNone
	}
	return human(g)
}

func checkCell(c string) string {
	if c == CheckViolation {
		return "!!! VIOLATION !!!"
	}
	return c
}

// Tables returns the three human tables: per instance and method, per
// instance (OPT, bounds, α, β), and the summary.
func (r *Report) Tables() []*tabular.Table {
	detail := &tabular.Table{
		Title:      "Methods per instance (ratio* = to the best lower bound, OPT unknown: an over-estimate)",
		Header:     []string{"instance", "n", "method", "status", "total_response", "mean_response", "ratio", "guarantee", "check"},
		RightAlign: []bool{false, true, false, false, true, true, true, true, false},
	}
	inst := &tabular.Table{
		Title:      "Instances: OPT or best bounds, α, β and the batch guarantees 2α/(1+α) (MaxSRPT), 1+1/β (SplitSRPT)",
		Header:     []string{"instance", "n", "batch", "alpha", "beta", "2a/(1+a)", "1+1/b", "opt", "opt_proof", "best_lb", "lb_by", "best_ub", "ub_by", "gap"},
		RightAlign: []bool{false, true, false, true, true, true, true, true, false, true, false, true, false, true},
	}
	for _, ir := range r.Instances {
		for _, m := range ir.Methods {
			tot, mean := human(m.TotalResponse), human(m.MeanResponse)
			if m.Kind == Bound.String() {
				tot, mean = "lb "+human(m.LowerBound), "-"
			}
			status := m.Status
			if status == StatusSkipped && m.Note != "" {
				status += ": " + m.Note // why, in the row of a method that did not run
			}
			detail.Add(ir.Name, strconv.Itoa(ir.N), m.Method, status, tot, mean, ratioCell(m), guaranteeCell(m.Guarantee, m.GuaranteeCheck == CheckNone), checkCell(m.GuaranteeCheck))
		}
		inst.Add(ir.Name, strconv.Itoa(ir.N), strconv.FormatBool(ir.Batch), human(ir.Alpha), human(ir.Beta),
			guaranteeCell(ir.MaxSRPTGuarantee, ir.GuaranteesNone != ""), guaranteeCell(ir.SplitSRPTGuarantee, ir.GuaranteesNone != ""), human(ir.OPT), ir.OPTProof, human(ir.BestLower), ir.BestLowerBy,
			human(ir.BestUpper), ir.BestUpperBy, tabular.Percent(float64(ir.Gap)))
	}
	sum := &tabular.Table{
		Title:      "Summary over " + strconv.Itoa(len(r.Instances)) + " instances",
		Header:     []string{"method", "instances", "mean_response", "mean_ratio", "geomean_ratio", "max_ratio", "max_at", "basis", "ok", "violations", "unknown"},
		RightAlign: []bool{false, true, true, true, true, true, false, false, true, true, true},
	}
	for _, s := range r.Summary {
		if s.Instances == 0 {
			continue // a bound method: no response time, no ratio (its values are in the tables above)
		}
		sum.Add(s.Method, strconv.Itoa(s.Instances), human(s.MeanResponse), human(s.MeanRatio), human(s.GeoMeanRatio),
			human(s.MaxRatio), s.MaxRatioAt, s.RatioBasis, strconv.Itoa(s.WithinGuarantee), strconv.Itoa(s.Violations), strconv.Itoa(s.Unknown))
	}
	return []*tabular.Table{detail, inst, sum}
}

// CSV returns one flat machine-readable table: a row per (instance, method)
// with scope "instance", then a row per method with scope "summary" (whose
// ratio is the mean ratio).
func (r *Report) CSV() *tabular.Table {
	t := &tabular.Table{Header: []string{"scope", "instance", "n", "batch", "alpha", "beta", "method", "kind", "status",
		"total_response", "mean_response", "lower_bound", "ratio", "ratio_basis", "max_ratio", "geomean_ratio", "guarantee_ratio", "guarantee_check",
		"opt", "opt_status", "opt_proof", "best_lower_bound", "best_upper_bound", "gap"}}
	for _, ir := range r.Instances {
		for _, m := range ir.Methods {
			t.Add("instance", ir.Name, strconv.Itoa(ir.N), strconv.FormatBool(ir.Batch), machine(ir.Alpha), machine(ir.Beta),
				m.Method, m.Kind, m.Status, machine(m.TotalResponse), machine(m.MeanResponse), machine(m.LowerBound),
				machine(m.Ratio), m.RatioBasis, "", "", machine(m.Guarantee), m.GuaranteeCheck,
				machine(ir.OPT), ir.OPTStatus, ir.OPTProof, machine(ir.BestLower), machine(ir.BestUpper), machine(ir.Gap))
		}
	}
	for _, s := range r.Summary {
		t.Add("summary", "", strconv.Itoa(s.Instances), "", "", "", s.Method, "", "",
			"", machine(s.MeanResponse), "", machine(s.MeanRatio), s.RatioBasis, machine(s.MaxRatio), machine(s.GeoMeanRatio), "",
			fmt.Sprintf("ok=%d violations=%d unknown=%d", s.WithinGuarantee, s.Violations, s.Unknown), "", "", "", "", "", "")
	}
	return t
}

// Write renders the report in format f.
func (r *Report) Write(w io.Writer, f tabular.Format) error {
	var b bytes.Buffer
	switch f {
	case tabular.JSON:
		enc, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			return err
		}
		b.Write(enc)
		b.WriteByte('\n')
	case tabular.CSV:
		if err := r.CSV().Write(&b, f); err != nil {
			return err
		}
	default:
		for k, t := range r.Tables() {
			if k > 0 {
				b.WriteByte('\n')
			}
			if err := t.Write(&b, f); err != nil {
				return err
			}
		}
		if len(r.Violations) > 0 {
			b.WriteString("\n" + strings.Repeat("!", 72) + "\n")
			fmt.Fprintf(&b, "!!! %d VIOLATION(S): a guarantee or a bound does not hold — this is a bug\n", len(r.Violations))
			for _, v := range r.Violations {
				b.WriteString("!!! " + v + "\n")
			}
			b.WriteString(strings.Repeat("!", 72) + "\n")
		}
		if len(r.Errors) > 0 {
			fmt.Fprintf(&b, "\n!!! %d METHOD(S) FAILED (their rows say status error):\n", len(r.Errors))
			for _, e := range r.Errors {
				b.WriteString("!!! " + e + "\n")
			}
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}
