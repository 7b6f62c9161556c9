package report

import (
	"fmt"
	"math"
	"path/filepath"
	"regexp"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// RatioFigure draws ratio against n for the results (mean over the
// instances of each n), with the guarantee lines: 2 (the worst case of both
// corollaries) and, when every batch instance has the same α (β), the
// instance guarantee 2α/(1+α) (1 + 1/β).
func RatioFigure(results []InstanceResult, dir string, formats ...figures.Format) ([]string, error) {
	var pts []figures.RatioPoint
	basis := ""
	gm, gs := math.NaN(), math.NaN()
	sameM, sameS := true, true
	for _, ir := range results {
		if ir.Batch {
			if math.IsNaN(gm) {
				gm, gs = float64(ir.MaxSRPTGuarantee), float64(ir.SplitSRPTGuarantee)
			}
			sameM = sameM && float64(ir.MaxSRPTGuarantee) == gm
			sameS = sameS && float64(ir.SplitSRPTGuarantee) == gs
		}
		for _, m := range ir.Methods {
			if math.IsNaN(float64(m.Ratio)) {
				continue
			}
			pts = append(pts, figures.RatioPoint{Method: m.Method, N: ir.N, Ratio: float64(m.Ratio)})
			switch {
			case basis == "":
				basis = m.RatioBasis
			case basis != m.RatioBasis:
				basis = "mixed"
			}
		}
	}
	if len(pts) == 0 {
		return nil, fmt.Errorf("report: no ratios to plot (no lower bound or optimum in the method list)")
	}
	marks := []figures.Mark{{At: 2, Label: "worst-case guarantee 2"}}
	if sameM && !math.IsNaN(gm) && gm != 2 {
		marks = append(marks, figures.Mark{At: gm, Label: "MaxSRPT 2α/(1+α) = " + human(tabular.Num(gm))})
	}
	if sameS && !math.IsNaN(gs) && gs != 2 {
		marks = append(marks, figures.Mark{At: gs, Label: "SplitSRPT 1+1/β = " + human(tabular.Num(gs))})
	}
	ylabel := "total response / OPT"
	switch basis {
	case BasisLower:
		ylabel = "total response / best lower bound (≥ ratio to OPT)"
	case "mixed":
		ylabel = "total response / OPT, or / lower bound where OPT unknown"
	}
	p, err := figures.RatioVsN("Ratio vs n (mean over instances of each n)", ylabel, pts, marks)
	if err != nil {
		return nil, err
	}
	return figures.Save(p, 9, 5, filepath.Join(dir, "ratio_vs_n"), formats...)
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// GanttFigures draws a Gantt chart per schedule of one instance, named
// gantt_<instance>_<method>.
func GanttFigures(name string, in *instances.Instance, scheds map[string]*schedule.Schedule, methods []string, dir string, formats ...figures.Format) ([]string, error) {
	var out []string
	for _, m := range methods {
		s, ok := scheds[m]
		if !ok {
			continue
		}
		total, objective := s.TotalResponse(in), "total response"
		if in.HasWeights() {
			total, objective = in.WeightedResponse(s.Completion), "weighted total response"
		}
		p, err := figures.Gantt(in, s, fmt.Sprintf("%s on %s: %s %s, mean %s", m, name, objective, tabular.Fixed(total, 3), tabular.Fixed(total/float64(in.N()), 3)))
		if err != nil {
			return out, err
		}
		w, h := figures.GanttSize(in.N())
		files, err := figures.Save(p, w, h, filepath.Join(dir, "gantt_"+unsafeName.ReplaceAllString(FileStem(name), "_")+"_"+unsafeName.ReplaceAllString(m, "_")), formats...)
		if err != nil {
			return out, err
		}
		out = append(out, files...)
	}
	return out, nil
}

// SweepRenderer renders a report sweep (kind SweepKind): the report in the
// requested format and the ratio figure.
func SweepRenderer() Renderer {
	return Renderer{
		Write: Render,
		Figures: func(set *sweep.Set, dir string, formats ...figures.Format) ([]string, error) {
			res, err := Decode(set)
			if err != nil {
				return nil, err
			}
			return RatioFigure(res, dir, formats...)
		},
	}
}
