package main

// Theorem 2's randomised half (issue 15 point 5): wiring of
// reductions/adversary.SweepYao and figures.AdversaryYao.

import (
	"errors"

	"github.com/urfave/cli/v2"
	"gonum.org/v1/plot"

	"github.com/mrsched/mrsched/reductions/adversary"
	"github.com/mrsched/mrsched/report/figures"
)

func adversaryYaoCmd() *cli.Command {
	return &cli.Command{
		Name: "adversary-yao", Category: catHard,
		Usage: "expected ratio of deterministic policies under Yao's distribution of Theorem 2 (randomised half)",
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
