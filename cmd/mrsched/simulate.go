package main

// Commands of the overlapping tandem queue (Lin et al. §2, §4, §5): simulate
// a policy, validate a schedule, compare all policies on one instance.

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/tabular"
	"github.com/mrsched/mrsched/validate"
)

// tandemCommands returns simulate, validate and compare.
func tandemCommands() []*cli.Command {
	return []*cli.Command{simulateCmd(), validateCmd(), compareCmd()}
}

type simJob struct {
	ID         string  `json:"id"`
	Release    float64 `json:"release"`
	Map        float64 `json:"map"`
	Shuffle    float64 `json:"shuffle"`
	Completion float64 `json:"completion"`
	Response   float64 `json:"response"`
	Slowdown   float64 `json:"slowdown"`
}

type simOutput struct {
	Instance          string   `json:"instance"`
	Policy            string   `json:"policy"`
	K                 int      `json:"k,omitempty"`
	Speed             float64  `json:"speed"`
	Jobs              int      `json:"n"`
	TotalResponseTime float64  `json:"total_response_time"`
	MeanResponseTime  float64  `json:"mean_response_time"`
	MeanSlowdown      float64  `json:"mean_slowdown"`
	Makespan          float64  `json:"makespan"`
	JobResults        []simJob `json:"jobs"`
}

func simulateCmd() *cli.Command {
	return &cli.Command{
		Name:     "simulate",
		Category: catTandem,
		Usage:    "exact fluid simulation of a scheduling policy on a tandem instance (Lin et al. §2, §4, §5)",
		Flags: []cli.Flag{
			instanceFlag(),
			&cli.StringFlag{Name: "policy", Aliases: []string{"p"}, Value: "maxsrpt", Usage: "fifo, ps, klps, klps-maponly, maxsrpt, splitsrpt, splitsrpt-strict or order"},
			kFlag(),
			&cli.StringFlag{Name: "order", Usage: "priority order for --policy order: job indices, e.g. 2,0,1"},
			speedFlag(),
			fileOutFlag("schedule", "write the fluid schedule to `FILE` (CSV when it ends in .csv, otherwise JSON)"),
			formatFlag("table"), outFlag("the result"), quietFlag(),
		},
		Action: simulateAction,
	}
}

func simulateAction(c *cli.Context) error {
	order, err := fluid.ParseOrder(c.String("order"))
	if err != nil {
		return fmt.Errorf("--order: %w", err)
	}
	p, err := fluid.ParsePolicy(c.String("policy"), c.Int("k"), order)
	if err != nil {
		return fmt.Errorf("--policy: %w", err)
	}
	path := c.String("instance")
	in, err := instances.ReadFile(path)
	if err != nil {
		return err
	}
	out := c.String("schedule")
	r, err := fluid.Simulate(in, p, fluid.Options{Speed: c.Float64("speed"), Record: out != ""})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if out != "" {
		if err := saveSchedule(c, out, in, r.Schedule); err != nil {
			return err
		}
	}
	o := simOutput{Instance: path, Policy: p.Name(), Speed: c.Float64("speed"), Jobs: in.N(),
		TotalResponseTime: r.TotalResponse, MeanResponseTime: r.MeanResponse,
		MeanSlowdown: r.MeanSlowdown, Makespan: r.Makespan}
	if p.Name() == "klps" || p.Name() == "klps-maponly" {
		o.K = c.Int("k")
	}
	t := &tabular.Table{
		Title: fmt.Sprintf("%s on %s: total response %s, mean %s, mean slowdown %s, makespan %s", p.Name(), path,
			tabular.Human(r.TotalResponse), tabular.Human(r.MeanResponse), tabular.Human(r.MeanSlowdown), tabular.Human(r.Makespan)),
		Header:     []string{"id", "release", "map", "shuffle", "completion", "response", "slowdown"},
		RightAlign: []bool{false, true, true, true, true, true, true},
	}
	for i, j := range in.Jobs {
		sj := simJob{ID: j.ID, Release: j.Release, Map: j.Map, Shuffle: j.Shuffle,
			Completion: r.Completion[i], Response: r.Response[i], Slowdown: r.Slowdown[i]}
		o.JobResults = append(o.JobResults, sj)
		t.Add(j.ID, tabular.Float(j.Release), tabular.Float(j.Map), tabular.Float(j.Shuffle), tabular.Float(sj.Completion), tabular.Float(sj.Response), tabular.Float(sj.Slowdown))
	}
	return emitTables(c, o, t)
}

func validateCmd() *cli.Command {
	return &cli.Command{
		Name:     "validate",
		Category: catTandem,
		Usage:    "check a fluid schedule against model (1) with the independent validator",
		Flags: []cli.Flag{
			instanceFlag(),
			inFlag("schedule", "schedule `FILE` (JSON, or CSV ending in .csv)", true, "s"),
			formatFlag("table"), outFlag("the result"), quietFlag(),
		},
		Action: validateAction,
	}
}

func validateAction(c *cli.Context) error {
	in, err := instances.ReadFile(c.String("instance"))
	if err != nil {
		return err
	}
	path := c.String("schedule")
	s, err := schedule.ReadFile(path, in)
	if err != nil {
		return err
	}
	res, err := validate.Check(in, s)
	var ve *validate.Error
	switch {
	case errors.As(err, &ve):
		t := &tabular.Table{Title: fmt.Sprintf("%s: INVALID (%d violations)", path, len(ve.Violations)),
			Header: []string{"rule", "segment", "job", "detail"}}
		for _, v := range ve.Violations {
			t.Add(v.Rule, fmt.Sprint(v.Segment), v.Job, v.Detail)
		}
		if werr := emitTables(c, nil, t); werr != nil {
			return werr
		}
		return exitWith(2, fmt.Errorf("%s: %w", path, err))
	case err != nil:
		return exitWith(2, fmt.Errorf("%s: %w", path, err))
	}
	t := &tabular.Table{Header: []string{"schedule", "valid", "total_response_time", "makespan", "segments"}}
	t.Add(path, "true", tabular.Float(res.TotalResponse), tabular.Float(res.Makespan), fmt.Sprint(len(s.Segments)))
	return emitTables(c, nil, t)
}

func compareCmd() *cli.Command {
	return &cli.Command{
		Name:     "compare",
		Category: catTandem,
		Usage:    "all tandem policies side by side on one instance, each schedule validated",
		Flags: []cli.Flag{
			inFlag("instance", "tandem instance `FILE`", false, "i"),
			&cli.BoolFlag{Name: "example", Usage: "use the §2.1 example"},
			intFlag("lognormal", 0, "use a batch of `N` jobs of the §5.3 log-normal workload", atLeastOne),
			seedFlag(1, "seed for --lognormal"),
			kFlag(), speedFlag(),
			formatFlag("table"), outFlag("the table"), quietFlag(),
		},
		Action: compareAction,
	}
}

// compareInstance returns the one instance chosen by --instance, --example
// or --lognormal, and its name.
func compareInstance(c *cli.Context) (*instances.Instance, string, error) {
	chosen := 0
	for _, set := range []bool{c.String("instance") != "", c.Bool("example"), c.IsSet("lognormal")} {
		if set {
			chosen++
		}
	}
	switch {
	case chosen != 1:
		return nil, "", errors.New("compare: give exactly one of --instance, --example, --lognormal (see 'mrsched compare --help')")
	case c.String("instance") != "":
		in, err := instances.ReadFile(c.String("instance"))
		return in, c.String("instance"), err
	case c.Bool("example"):
		return instances.Example21(), "§2.1 example", nil
	}
	n, seed := c.Int("lognormal"), c.Uint64("seed")
	in, err := instances.PaperLogNormal(n, 0, true).Generate(seedSource(seed))
	if err != nil {
		return nil, "", fmt.Errorf("--lognormal: %w", err)
	}
	return in, fmt.Sprintf("§5.3 log-normal batch, n=%d, seed %d", n, seed), nil
}

func compareAction(c *cli.Context) error {
	in, name, err := compareInstance(c)
	if err != nil {
		return err
	}
	speed := c.Float64("speed")
	cmp, err := fluid.Compare(in, fluid.ComparePolicies(c.Int("k")), speed)
	if err != nil {
		return err
	}
	t := &tabular.Table{
		Title:      fmt.Sprintf("policies on %s (%d jobs, speed %s)", name, in.N(), tabular.Float(speed)),
		Header:     []string{"policy", "total_response_time", "mean_response_time", "mean_slowdown", "makespan", "segments", "valid"},
		RightAlign: []bool{false, true, true, true, true, true, false},
	}
	var bad error
	for _, x := range cmp {
		r := x.Result
		bad = errors.Join(bad, x.Invalid)
		t.Add(x.Policy, tabular.Float(r.TotalResponse), tabular.Float(r.MeanResponse), tabular.Float(r.MeanSlowdown),
			tabular.Float(r.Makespan), fmt.Sprint(len(r.Schedule.Segments)), fmt.Sprint(x.Invalid == nil))
	}
	if err := emitTables(c, nil, t); err != nil {
		return err
	}
	if bad != nil {
		return exitWith(2, bad)
	}
	return nil
}
