package report

import (
	"fmt"
	"strconv"

	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/tabular"
)

// ExactValidation is the outcome of validating an exact schedule file in
// rational arithmetic (ValidateFiles on a file of kind "exact-schedule").
type ExactValidation struct {
	Schedule string `json:"schedule"`
	// Check says how it was checked: "rational" (rational.Verify).
	Check string `json:"check"`
	Valid bool   `json:"valid"`
	// TotalResponseTime is Σ (C_j − r_j) of the completions the segments
	// give, a string "p" or "p/q" ("" when a job never completes).
	TotalResponseTime string `json:"total_response_time"`
	Segments          int    `json:"segments"`
	// Violations are the broken constraints of model (1) and the claimed
	// completions the segments contradict, each with its JSON path.
	Violations []ExactViolation `json:"violations"`
}

// ExactViolation is one violation of an exact schedule.
type ExactViolation struct {
	Field  string `json:"field"`
	Rule   string `json:"rule"`
	Job    string `json:"job,omitempty"`
	Detail string `json:"detail"`
}

// validateExact checks the exact schedule at schedulePath against the
// instance read exactly (rational.ReadFile: its decimals as fractions).
func validateExact(instancePath, schedulePath string) (*Output, error) {
	in, err := rational.ReadFile(instancePath)
	if err != nil {
		return nil, err
	}
	s, err := rational.ReadScheduleFile(schedulePath, in)
	if err != nil {
		return nil, err
	}
	rep, mism, err := rational.Verify(in, s)
	if err != nil {
		return nil, err
	}
	res := ExactValidation{Schedule: schedulePath, Check: "rational", Segments: len(s.Segments), Violations: []ExactViolation{}}
	for _, v := range append(rep.Violations, mism...) {
		res.Violations = append(res.Violations, ExactViolation{Field: rational.FieldOf(in, s, v), Rule: v.Rule, Job: v.Job, Detail: v.Detail})
	}
	res.Valid = len(res.Violations) == 0
	if rep.Total != nil {
		res.TotalResponseTime = rep.Total.RatString()
	}
	out := &Output{View: res.View()}
	if !res.Valid {
		v := res.Violations[0]
		out.Failed = fmt.Errorf("%s: %w: %d violation(s), first %s: %s: %s", schedulePath, rational.ErrInfeasible, len(res.Violations), v.Field, v.Rule, v.Detail)
	}
	return out, nil
}

// View is the validation as a table (JSON: the ExactValidation).
func (r ExactValidation) View() *tabular.View {
	if !r.Valid {
		t := &tabular.Table{Title: fmt.Sprintf("%s: INVALID in rational arithmetic (%d violations)", r.Schedule, len(r.Violations)),
			Header: []string{"field", "rule", "job", "detail"}, Exact: true}
		for _, v := range r.Violations {
			t.Add(v.Field, v.Rule, v.Job, v.Detail)
		}
		return &tabular.View{Value: r, Tables: []*tabular.Table{t}}
	}
	t := &tabular.Table{Header: []string{"schedule", "valid", "check", "total_response_time", "segments"}, Exact: true}
	t.Add(r.Schedule, "true", r.Check, r.TotalResponseTime, strconv.Itoa(r.Segments))
	return &tabular.View{Value: r, Tables: []*tabular.Table{t}}
}
