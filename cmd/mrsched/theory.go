package main

// Issue 15: Theorem 2's randomised half (point 5, reductions/adversary.SweepYao,
// figures.AdversaryYao) and the worst cases with exact optima (point 4,
// reductions.WorstExactSweep, rendered by report/study).

import (
	"errors"
	"strings"

	"github.com/urfave/cli/v2"
	"gonum.org/v1/plot"

	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/reductions/adversary"
	"github.com/mrsched/mrsched/reductions/search"
	"github.com/mrsched/mrsched/report/figures"
)

func adversaryYaoCmd() *cli.Command {
	return &cli.Command{
		Name: "adversary-yao", Category: catHard,
		Flags: []cli.Flag{&cli.StringFlag{Name: "policy", Value: "maxsrpt,splitsrpt,fifo,ps", Usage: "comma-separated policies (solver/fluid names)"},
			intsFlag("n", "8,64,512", "values of n", atLeastOne), &cli.StringFlag{Name: "plot", Usage: "write `PREFIX`.svg (and PREFIX.png with --png)"},
			pngFlag("with --plot, write PREFIX.png too"), formatFlag("table"), outFlag("the table"), quietFlag()},
		Action: func(c *cli.Context) error {
			ps, err := adversary.Policies(c.String("policy"))
			ns, err2 := intsOf(c, "n", atLeastOne)
			if err != nil || err2 != nil {
				return errors.Join(err, err2)
			}
			ys, err := adversary.SweepYao(ps, ns, func(p string, n int) { infof(c, "adversary-yao: %s n=%d", p, n) })
			if err == nil && c.String("plot") != "" {
				var pl *plot.Plot
				if pl, err = figures.AdversaryYao(ys); err == nil {
					_, err = figures.Save(pl, 9, 4.5, c.String("plot"), figures.Formats(c.Bool("png"))...)
				}
			}
			if err != nil {
				return err
			}
			return emitTables(c, nil, adversary.YaoTable(ys))
		},
	}
}

func worstExactCmd() *cli.Command {
	nRule := between(2, float64(search.MaxClimbN))
	return &cli.Command{Name: "worst-exact", Category: catHard,
		Flags: append(sweepFlags(), &cli.StringFlag{Name: "policy", Value: "maxsrpt,splitsrpt", Usage: "comma-separated: maxsrpt, splitsrpt"},
			intsFlag("n", "10..12", "values of n", nRule), intFlag("restarts", 3, "climbs per policy and n", atLeastOne),
			intFlag("steps", 60, "perturbations per climb", nonNegInt), floatFlag("alpha-max", 4, "largest max(x/y, y/x) of a job", positive),
			seedFlag(1, "seed of the starts and perturbations"), durationFlag("solve-limit", 0, "limit of each exact solve", "none, deterministic"),
			inListFlag("seeds", "instance `FILE` (metadata.policy) that restart 0 extends; repeatable")),
		Action: func(c *cli.Context) error {
			ns, err := intsOf(c, "n", nRule)
			seeds, err2 := reductions.WorstExactSeeds(c.StringSlice("seeds"))
			if err != nil || err2 != nil {
				return errors.Join(err, err2)
			}
			sw, err := reductions.WorstExactSweep(reductions.WorstExactConfig{Policies: strings.Split(c.String("policy"), ","), Ns: ns,
				Restarts: c.Int("restarts"), Steps: c.Int("steps"), AlphaMax: c.Float64("alpha-max"), Seed: c.Uint64("seed"),
				Seeds: seeds, SolveLimit: c.Duration("solve-limit")})
			if err == nil {
				_, err = runSweep(c, sw, "worst-exact")
			}
			return err
		}}
}
