package main

// Commands of the overlapping tandem queue (Lin et al. §2, §4, §5): simulate
// a policy, validate a schedule, compare all policies on one instance.

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

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

func tandemFormatFlag() cli.Flag {
	return &cli.StringFlag{Name: "format", Value: "table", Usage: "output format: table, md, csv or json"}
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
		Description: `Runs the event-driven simulator of model (1) (every event time exact, no time step) and
prints each job's completion, response time and slowdown (response / max(x, y)) with the
totals. Policies: fifo, ps, klps (k-LPS, a job keeps its place until it leaves: Hadoop's
job limit), klps-maponly (the place is freed when the map is done), maxsrpt (Algorithm 1,
work-conserving shuffle), splitsrpt (Algorithm 2, work-conserving), splitsrpt-strict
(Algorithm 2 literally), order (a fixed priority order, --order, job indices from 0).
--speed multiplies both capacities (Theorems 3 and 5). --schedule writes the whole fluid
schedule (JSON, or CSV when the name ends in .csv), which 'mrsched validate' checks.

Example:
   mrsched gen lognormal --n 200 --load 0.75 --seed 1 --out /tmp/ln.json
   mrsched simulate --instance /tmp/ln.json --policy maxsrpt --format json
   mrsched simulate --instance /tmp/ln.json --policy klps --k 100 --schedule /tmp/klps.json
   mrsched validate --instance /tmp/ln.json --schedule /tmp/klps.json`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "instance", Aliases: []string{"i"}, Required: true, Usage: "tandem instance `FILE` (JSON or CSV)"},
			&cli.StringFlag{Name: "policy", Aliases: []string{"p"}, Value: "maxsrpt", Usage: "fifo, ps, klps, klps-maponly, maxsrpt, splitsrpt, splitsrpt-strict or order"},
			&cli.IntFlag{Name: "k", Value: fluid.DefaultK, Usage: "k of k-LPS"},
			&cli.StringFlag{Name: "order", Usage: "priority order for --policy order: job indices, e.g. 2,0,1"},
			&cli.Float64Flag{Name: "speed", Value: 1, Usage: "speed factor multiplying both capacities"},
			&cli.StringFlag{Name: "schedule", Usage: "write the fluid schedule to `FILE`"},
			tandemFormatFlag(),
			&cli.BoolFlag{Name: "quiet", Usage: "no messages on stderr"},
		},
		Action: func(c *cli.Context) error {
			format, err := tabular.ParseFormat(c.String("format"))
			if err != nil {
				return err
			}
			path := c.String("instance")
			in, err := instances.ReadFile(path)
			if err != nil {
				return err
			}
			order, err := fluid.ParseOrder(c.String("order"))
			if err != nil {
				return fmt.Errorf("--order: %w", err)
			}
			if err := checkSimFlags(c); err != nil {
				return err
			}
			p, err := fluid.ParsePolicy(c.String("policy"), c.Int("k"), order)
			if err != nil {
				return fmt.Errorf("--policy: %w", err)
			}
			out := c.String("schedule")
			r, err := fluid.Simulate(in, p, fluid.Options{Speed: c.Float64("speed"), Record: out != ""})
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			if out != "" {
				if err := schedule.WriteFile(out, in, r.Schedule); err != nil {
					return err
				}
				if !c.Bool("quiet") {
					fmt.Fprintf(c.App.ErrWriter, "wrote %s (%d segments)\n", out, len(r.Schedule.Segments))
				}
			}
			o := simOutput{Instance: path, Policy: p.Name(), Speed: c.Float64("speed"), Jobs: in.N(),
				TotalResponseTime: r.TotalResponse, MeanResponseTime: r.MeanResponse,
				MeanSlowdown: r.MeanSlowdown, Makespan: r.Makespan}
			if p.Name() == "klps" || p.Name() == "klps-maponly" {
				o.K = c.Int("k")
			}
			for i, j := range in.Jobs {
				o.JobResults = append(o.JobResults, simJob{ID: j.ID, Release: j.Release, Map: j.Map, Shuffle: j.Shuffle,
					Completion: r.Completion[i], Response: r.Response[i], Slowdown: r.Slowdown[i]})
			}
			if format == tabular.JSON {
				return tabular.WriteJSON(c.App.Writer, o)
			}
			t := &tabular.Table{
				Title:      fmt.Sprintf("%s on %s: total response %s, mean %s, mean slowdown %s, makespan %s", p.Name(), path, tabular.Float(r.TotalResponse), tabular.Float(r.MeanResponse), tabular.Float(r.MeanSlowdown), tabular.Float(r.Makespan)),
				Header:     []string{"id", "release", "map", "shuffle", "completion", "response", "slowdown"},
				RightAlign: []bool{false, true, true, true, true, true, true},
			}
			for _, j := range o.JobResults {
				t.Add(j.ID, tabular.Float(j.Release), tabular.Float(j.Map), tabular.Float(j.Shuffle), tabular.Float(j.Completion), tabular.Float(j.Response), tabular.Float(j.Slowdown))
			}
			return t.Write(c.App.Writer, format)
		},
	}
}

func validateCmd() *cli.Command {
	return &cli.Command{
		Name:     "validate",
		Category: catTandem,
		Usage:    "check a fluid schedule against model (1) with the independent validator",
		Description: `Checks rates ≥ 0, each station's capacity, no work before release, the map and shuffle
totals, shuffle progress ≤ map progress at every segment boundary, and the claimed
completion times (package validate: 1e-9 relative, plus the float64 resolution of the
segment boundaries for work totals). Exit
status 2 when the schedule violates the model (each violation is listed).

Example:
   mrsched gen lognormal --n 50 --batch --seed 1 --out /tmp/b50.json
   mrsched simulate --instance /tmp/b50.json --policy splitsrpt --schedule /tmp/b50.sched.json
   mrsched validate --instance /tmp/b50.json --schedule /tmp/b50.sched.json`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "instance", Aliases: []string{"i"}, Required: true, Usage: "tandem instance `FILE`"},
			&cli.StringFlag{Name: "schedule", Aliases: []string{"s"}, Required: true, Usage: "schedule `FILE` (JSON, or CSV ending in .csv)"},
			tandemFormatFlag(),
		},
		Action: func(c *cli.Context) error {
			format, err := tabular.ParseFormat(c.String("format"))
			if err != nil {
				return err
			}
			in, err := instances.ReadFile(c.String("instance"))
			if err != nil {
				return err
			}
			s, err := schedule.ReadFile(c.String("schedule"), in)
			if err != nil {
				return err
			}
			res, err := validate.Check(in, s)
			if err != nil {
				var ve *validate.Error
				if errors.As(err, &ve) {
					t := &tabular.Table{Title: fmt.Sprintf("%s: INVALID (%d violations)", c.String("schedule"), len(ve.Violations)),
						Header: []string{"rule", "segment", "job", "detail"}}
					for _, v := range ve.Violations {
						t.Add(v.Rule, fmt.Sprint(v.Segment), v.Job, v.Detail)
					}
					if werr := t.Write(c.App.Writer, format); werr != nil {
						return werr
					}
				}
				return exitWith(2, fmt.Errorf("%s: %w", c.String("schedule"), err))
			}
			t := &tabular.Table{Header: []string{"schedule", "valid", "total_response_time", "makespan", "segments"}}
			t.Add(c.String("schedule"), "true", tabular.Float(res.TotalResponse), tabular.Float(res.Makespan), fmt.Sprint(len(s.Segments)))
			return t.Write(c.App.Writer, format)
		},
	}
}

// checkSimFlags rejects --k < 1 and a --speed that is not a positive finite
// number (fluid.Options treats 0 as 1, which must not happen silently).
func checkSimFlags(c *cli.Context) error {
	if k := c.Int("k"); k < 1 {
		return fmt.Errorf("--k: k-LPS needs k ≥ 1, got %d", k)
	}
	if sp := c.Float64("speed"); !(sp > 0) || math.IsInf(sp, 0) {
		return fmt.Errorf("--speed: want a positive finite speed factor, got %v", sp)
	}
	return nil
}

// comparePolicies are the policies compared side by side.
func comparePolicies(k int) []fluid.Policy {
	return []fluid.Policy{fluid.FIFO(), fluid.PS(), fluid.KLPS(k), fluid.KLPSMapOnly(k),
		fluid.MaxSRPT(), fluid.SplitSRPT(), fluid.SplitSRPTStrict()}
}

func compareCmd() *cli.Command {
	return &cli.Command{
		Name:     "compare",
		Category: catTandem,
		Usage:    "all tandem policies side by side on one instance, each schedule validated",
		Description: `Simulates fifo, ps, klps, klps-maponly, maxsrpt, splitsrpt and splitsrpt-strict on one
instance, validates every recorded schedule with the independent validator (package
validate) and prints total and mean response time, mean slowdown and makespan. --example
uses the §2.1 example (jobs (1,2), (3,1), (2,2)); --lognormal N a batch of N jobs of the
§5.3 log-normal workload (seed --seed). Exit status 2 if any schedule fails validation.

Example:
   mrsched compare --example
   mrsched compare --lognormal 200 --seed 1 --format md
   mrsched compare --instance /tmp/ln.json --k 100`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "instance", Aliases: []string{"i"}, Usage: "tandem instance `FILE`"},
			&cli.BoolFlag{Name: "example", Usage: "use the §2.1 example"},
			&cli.IntFlag{Name: "lognormal", Usage: "use a batch of `N` jobs of the §5.3 log-normal workload"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed for --lognormal"},
			&cli.IntFlag{Name: "k", Value: fluid.DefaultK, Usage: "k of k-LPS"},
			&cli.Float64Flag{Name: "speed", Value: 1, Usage: "speed factor"},
			tandemFormatFlag(),
		},
		Action: func(c *cli.Context) error {
			format, err := tabular.ParseFormat(c.String("format"))
			if err != nil {
				return err
			}
			var in *instances.Instance
			name := c.String("instance")
			chosen := 0
			if name != "" {
				chosen++
			}
			if c.Bool("example") {
				chosen++
			}
			if c.IsSet("lognormal") {
				chosen++
			}
			switch {
			case chosen != 1:
				return errors.New("compare: give exactly one of --instance, --example, --lognormal")
			case name != "":
				if in, err = instances.ReadFile(name); err != nil {
					return err
				}
			case c.Bool("example"):
				in, name = instances.Example21(), "§2.1 example"
			default:
				n := c.Int("lognormal")
				seed := c.Uint64("seed")
				in, err = instances.PaperLogNormal(n, 0, true).Generate(rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
				if err != nil {
					return fmt.Errorf("--lognormal: %w", err)
				}
				name = fmt.Sprintf("§5.3 log-normal batch, n=%d, seed %d", n, seed)
			}
			if err := checkSimFlags(c); err != nil {
				return err
			}
			speed := c.Float64("speed")
			vin := in.Clone()
			vin.MapCapacity *= speed
			vin.ShuffleCapacity *= speed
			t := &tabular.Table{
				Title:      fmt.Sprintf("policies on %s (%d jobs, speed %s)", name, in.N(), tabular.Float(speed)),
				Header:     []string{"policy", "total_response_time", "mean_response_time", "mean_slowdown", "makespan", "segments", "valid"},
				RightAlign: []bool{false, true, true, true, true, true, false},
			}
			var bad error
			for _, p := range comparePolicies(c.Int("k")) {
				r, err := fluid.Simulate(in, p, fluid.Options{Speed: speed, Record: true})
				if err != nil {
					return fmt.Errorf("%s: %w", p.Name(), err)
				}
				valid := "true"
				if _, err := validate.Check(vin, r.Schedule); err != nil {
					valid = "false"
					bad = errors.Join(bad, fmt.Errorf("%s: %w", p.Name(), err))
				}
				t.Add(p.Name(), tabular.Float(r.TotalResponse), tabular.Float(r.MeanResponse), tabular.Float(r.MeanSlowdown),
					tabular.Float(r.Makespan), fmt.Sprint(len(r.Schedule.Segments)), valid)
			}
			if err := t.Write(c.App.Writer, format); err != nil {
				return err
			}
			if bad != nil {
				return exitWith(2, bad)
			}
			return nil
		},
	}
}
