package onepage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html/template"
	"io"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/report/whatif"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/tabular"
)

// ErrPage is returned when a page cannot be built from its data.
var ErrPage = errors.New("onepage: cannot build the page")

// PlanRow is one job of the recommended plan (report.Plan): its first
// service, completion, predecessors and deadline.
type PlanRow = report.PlanJob

// Figure is one inline SVG figure of the page.
type Figure struct {
	Title string
	SVG   template.HTML // an <svg> element without XML prolog or namespaces
}

// Stat summarises one size column.
type Stat struct{ Min, Median, Mean, Max, Total float64 }

// Summary describes the instance.
type Summary struct {
	N                            int
	Batch                        bool
	MapCapacity, ShuffleCapacity float64
	Map, Shuffle                 Stat
	// MapWork and ShuffleWork are the total sizes over the capacities:
	// the time each station needs for the whole batch.
	MapWork, ShuffleWork float64
	// Load is the offered load max(MapWork, ShuffleWork) / last release
	// for an instance with release dates; NaN for a batch.
	Load        float64
	Alpha, Beta float64
}

// Options are the parts of a page that the result does not carry.
type Options struct {
	// TimeLimit of the exact methods, as the run was given it.
	TimeLimit  string
	Provenance Provenance
	// Others are further instances of the same report, summarised in one
	// table after the page's instance.
	Others []report.InstanceResult
	// WhatIf, when set, replays the plan's completion order and each
	// policy on sizes perturbed by its noise model (whatif.Run; seeded,
	// so the page stays deterministic) and the page shows the objective's
	// distribution per method as a band.
	WhatIf *whatif.Options
}

// Page is everything the one-page report shows.
type Page struct {
	Title    string
	Result   report.InstanceResult
	Plan     []PlanRow
	PlanNote string // why there is no plan, when there is none
	// Objective names the objective of the totals: "weighted total
	// response" when the instance has weights, else "total response".
	Objective string
	// Deadlines says how the plan meets the deadlines ("" when no job
	// has one).
	Deadlines string
	// Clock is true when the plan's times are clock times.
	Clock   bool
	Figures []Figure
	Summary Summary
	// WhatIfResult is the what-if of Options.WhatIf (nil without one or
	// without a plan) and WhatIfFigure its band figure.
	WhatIfResult *whatif.Result
	WhatIfFigure *Figure
	Options
}

// Build assembles the page of the report ir of instance in, whose
// recorded schedules are scheds (by method; the plan is the schedule of
// ir.BestUpperBy). Without that schedule the page has no plan, Gantt
// chart or load figures, and says why.
func Build(ir report.InstanceResult, in *instances.Instance, scheds map[string]*schedule.Schedule, opt Options) (*Page, error) {
	if in == nil || in.N() != ir.N {
		return nil, fmt.Errorf("%w: the instance does not match the result of %q", ErrPage, ir.Name)
	}
	p := &Page{Title: fmt.Sprintf("Plan for %s (%d jobs)", ir.Name, ir.N), Result: ir, Summary: summarise(in), Options: opt,
		Objective: "total response", Clock: instances.ClockOf(in.Metadata).IsSet()}
	if in.HasWeights() {
		p.Objective = "weighted total response"
	}
	s, ok := scheds[ir.BestUpperBy]
	switch {
	case ir.BestUpperBy == "":
		p.PlanNote = "No method produced a schedule."
		return p, nil
	case !ok:
		p.PlanNote = "The schedule of " + ir.BestUpperBy + " was not kept (its result was read back from a cells file); run again without --cells for the plan."
		return p, nil
	}
	if len(s.Completion) != in.N() {
		return nil, fmt.Errorf("%w: schedule %s has %d completions for %d jobs", ErrPage, ir.BestUpperBy, len(s.Completion), in.N())
	}
	p.Plan = report.Plan(in, s)
	if in.HasDeadlines() {
		p.Deadlines = report.Deadlines(p.Plan).String()
	}
	total := in.WeightedResponse(s.Completion)
	title := fmt.Sprintf("%s on %s: %s %s", ir.BestUpperBy, ir.Name, p.Objective, pageNum(total))
	g, err := figures.Gantt(in, s, title)
	if err != nil {
		return nil, err
	}
	w, h := figures.GanttSize(in.N())
	gb, err := figures.Render(g, w, h, figures.SVG)
	if err != nil {
		return nil, err
	}
	jobs, use, err := figures.LoadPlots(in, s, ir.BestUpperBy+" on "+ir.Name)
	if err != nil {
		return nil, err
	}
	jb, err := figures.Render(jobs, figures.LoadWidth, figures.LoadHeight, figures.SVG)
	if err != nil {
		return nil, err
	}
	ub, err := figures.Render(use, figures.LoadWidth, figures.LoadHeight, figures.SVG)
	if err != nil {
		return nil, err
	}
	p.addFigure("Gantt chart of the plan", gb)
	p.addFigure("Jobs in system", jb)
	p.addFigure("Station utilisation", ub)
	if opt.WhatIf != nil {
		if err := p.addWhatIf(in, s, total, *opt.WhatIf); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// addWhatIf runs the what-if of the plan s (total on the estimates) and
// draws its band figure.
func (p *Page) addWhatIf(in *instances.Instance, s *schedule.Schedule, total float64, opt whatif.Options) error {
	order, err := whatif.CompletionOrder(in, s.Completion)
	if err != nil {
		return err
	}
	res, err := whatif.Run(context.Background(), in, whatif.Plan{Order: order, Source: p.Result.BestUpperBy, Planned: total}, opt)
	if err != nil {
		return err
	}
	bands := make([]figures.Band, len(res.Methods))
	for k, m := range res.Methods {
		bands[k] = figures.Band{Label: m.Method, Min: m.Min, P5: m.P5, P50: m.P50, P95: m.P95, Max: m.Max, Mean: m.Mean, Nominal: m.Nominal}
	}
	title := fmt.Sprintf("%s under size noise (log-normal, σ = %s, %d replications, seed %d)", p.Objective, tabular.Float(opt.Sigma), opt.Reps, opt.Seed)
	fp, err := figures.Bands(title, p.Objective+" (instance time units)", bands)
	if err != nil {
		return err
	}
	w, h := figures.BandsSize(len(bands))
	b, err := figures.Render(fp, w, h, figures.SVG)
	if err != nil {
		return err
	}
	p.WhatIfResult = res
	p.addFigure("What-if: the plan and each policy on perturbed sizes", b)
	f := p.Figures[len(p.Figures)-1]
	p.Figures = p.Figures[:len(p.Figures)-1]
	p.WhatIfFigure = &f
	return nil
}

// prolog matches what an inline SVG element does not need: the XML
// declaration, comments and the namespace attributes (HTML supplies the
// SVG namespace), so the page names no address at all.
var prolog = regexp.MustCompile(`<\?xml[^>]*\?>|<!--.*?-->|\s*xmlns(:\w+)?="[^"]*"`)

func (p *Page) addFigure(title string, b []byte) {
	svg := strings.TrimSpace(prolog.ReplaceAllString(string(b), ""))
	svg = strings.Replace(svg, "<svg ", `<svg role="img" aria-label="`+template.HTMLEscapeString(title)+`" `, 1)
	p.Figures = append(p.Figures, Figure{Title: title, SVG: template.HTML(svg)}) // drawn by package figures, which escapes its text
}

func summarise(in *instances.Instance) Summary {
	n := in.N()
	xs, ys := make([]float64, n), make([]float64, n)
	last := 0.0
	for i, j := range in.Jobs {
		xs[i], ys[i] = j.Map, j.Shuffle
		last = math.Max(last, j.Release)
	}
	s := Summary{N: n, Batch: in.IsBatch(), MapCapacity: in.MapCapacity, ShuffleCapacity: in.ShuffleCapacity,
		Map: stat(xs), Shuffle: stat(ys), Load: math.NaN()}
	s.MapWork, s.ShuffleWork = s.Map.Total/in.MapCapacity, s.Shuffle.Total/in.ShuffleCapacity
	if !s.Batch && last > 0 {
		s.Load = math.Max(s.MapWork, s.ShuffleWork) / last
	}
	return s
}

func stat(v []float64) Stat {
	s := Stat{Min: math.NaN(), Median: math.NaN(), Mean: math.NaN(), Max: math.NaN()}
	if len(v) == 0 {
		return s
	}
	w := append([]float64(nil), v...)
	sort.Float64s(w)
	for _, x := range w {
		s.Total += x
	}
	s.Min, s.Max, s.Mean = w[0], w[len(w)-1], s.Total/float64(len(w))
	if m := len(w) / 2; len(w)%2 == 1 {
		s.Median = w[m]
	} else {
		s.Median = (w[m-1] + w[m]) / 2
	}
	return s
}

// Write writes the page as one self-contained HTML document.
func (p *Page) Write(w io.Writer) error {
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, p); err != nil {
		return fmt.Errorf("onepage: %w", err)
	}
	_, err := w.Write(b.Bytes())
	return err
}

var funcs = template.FuncMap{
	"num":     pageNum,
	"rnum":    func(x tabular.Num) string { return pageNum(float64(x)) },
	"pct":     func(x tabular.Num) string { return tabular.Percent(float64(x)) },
	"machine": func(x tabular.Num) string { return tabular.Float(float64(x)) },
	"mean":    func(x tabular.Num, n int) string { return pageNum(float64(x) / float64(n)) },
	"at": func(v float64, clock string) string {
		if clock != "" {
			return clock
		}
		return pageNum(v)
	},
	"after": func(ids []string) string { return strings.Join(ids, ", ") },
}

// pageNum formats x for people: tabular.Human (6 significant digits),
// except that large finite numbers are whole numbers rather than powers of
// ten (1179480.76 → "1179481", not "1.17948e+06").
func pageNum(x float64) string {
	if a := math.Abs(x); a >= 1e5 && a < 1e15 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return tabular.Human(x)
}

var pageTemplate = template.Must(template.New("page").Funcs(funcs).Parse(pageHTML))
