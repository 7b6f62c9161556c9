package main

// Commands of the overlapping tandem queue (Lin et al. §2, §4, §5): simulate
// a policy, validate a schedule, compare all policies on one instance.

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/validate"
)

func tandemCommands() []*cli.Command {
	return inCategory(catTandem, simulateCmd(), validateCmd(), compareCmd())
}

func simulateCmd() *cli.Command {
	return cmd("simulate", simulateAction, tableOut("the result",
		instanceFlag(),
		&cli.StringFlag{Name: "policy", Aliases: []string{"p"}, Value: "maxsrpt", Usage: "fifo, ps, klps, klps-maponly, maxsrpt, splitsrpt, splitsrpt-strict or order"},
		kFlag(),
		&cli.StringFlag{Name: "order", Usage: "priority order for --policy order: job indices, e.g. 2,0,1"},
		speedFlag(),
		fileOutFlag("schedule", "write the fluid schedule to `FILE` (CSV when it ends in .csv, otherwise JSON)"))...)
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
	return emitView(c, report.SimulateView(path, in, p, c.Int("k"), c.Float64("speed"), r))
}

func validateCmd() *cli.Command {
	return cmd("validate", validateAction, tableOut("the result",
		instanceFlag(),
		inFlag("schedule", "schedule `FILE` (JSON, or CSV ending in .csv)", true, "s"))...)
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
	if v := report.ValidateView(path, s, res, err); v != nil {
		if werr := emitView(c, v); werr != nil {
			return werr
		}
	}
	if err != nil {
		return exitWith(2, fmt.Errorf("%s: %w", path, err))
	}
	return nil
}

func compareCmd() *cli.Command {
	return cmd("compare", compareAction, tableOut("the table",
		inFlag("instance", "tandem instance `FILE`", false, "i"),
		&cli.BoolFlag{Name: "example", Usage: "use the §2.1 example"},
		intFlag("lognormal", 0, "use a batch of `N` jobs of the §5.3 log-normal workload", atLeastOne),
		seedFlag(1, "seed for --lognormal"),
		kFlag(), speedFlag())...)
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
	if chosen != 1 {
		return nil, "", errors.New("compare: give exactly one of --instance, --example, --lognormal (see 'mrsched compare --help')")
	}
	return report.CompareInstance(c.String("instance"), c.Bool("example"), c.Int("lognormal"), c.Uint64("seed"))
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
	v, bad := report.CompareView(name, in, speed, cmp)
	if err := emitView(c, v); err != nil {
		return err
	}
	if bad != nil {
		return exitWith(2, bad)
	}
	return nil
}
