package main

import (
	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/internal/provenance"
)

// versionCmd is `mrsched version` (also `mrsched --version`): the build
// (internal/provenance) and every engine's version (report.EngineVersions).
func versionCmd() *cli.Command {
	return clitree.Cmd("version", cliout.Action(func(c *cli.Context) (provenance.Version, error) {
		return versionOf(c), nil
	}), cliout.TableOut("the version")...)
}
