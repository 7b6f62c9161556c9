package main

import (
	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/report/whatif"
)

func evaluateCmd() *cli.Command {
	def := whatif.DefaultConfig()
	return runLimited("an evaluation", clitree.Cmd("evaluate", cliout.Action(func(c *cli.Context) (*whatif.Result, error) {
		cfg, err := cliflags.Filled(c, def, cliflags.Tagged[whatif.Config])
		if err != nil {
			return nil, err
		}
		return cfg.Run(c.Context)
	}), cliout.TableOut("the result", cliflags.Bind(cliflags.Table(&def)...)...)...))
}
