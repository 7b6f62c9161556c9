package main

import (
	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/internal/provenance"
	"github.com/mrsched/mrsched/report"
)

func versionCmd() *cli.Command {
	return clitree.Cmd("version", cliout.Action(func(c *cli.Context) (provenance.Version, error) {
		return provenance.ReadVersion(c.App.Name, report.EngineVersions()), nil
	}), cliout.TableOut("the version")...)
}
