package main

import (
	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances/google"
)

// importGoogleCmd is `import google`: the Google 2011 trace as a tandem
// instance (instances/google.Import), the drop summary on stderr.
func importGoogleCmd() *cli.Command {
	return &cli.Command{
		Name:     "google",
		Category: catInstances,
		Usage:    "the Google cluster trace 2011 (job_events, task_events) as a tandem instance",
		Flags: append([]cli.Flag{
			&inputsFlag{cli.StringSliceFlag{Name: "job-events", Required: true, Usage: "job_events `FILES` or directories of part-*-of-*.csv[.gz] (repeat or separate by commas)"}},
			&inputsFlag{cli.StringSliceFlag{Name: "task-events", Required: true, Usage: "task_events `FILES` or directories"}},
			inListFlag("task-usage", "task_usage `FILES` or directories: measured use instead of requests × run time"),
		}, instanceOutFlags()...),
		Action: func(c *cli.Context) error {
			in, sum, err := google.Import(google.Options{
				JobEvents: c.StringSlice("job-events"), TaskEvents: c.StringSlice("task-events"),
				TaskUsage: c.StringSlice("task-usage"),
			})
			if err != nil {
				return err
			}
			for _, l := range sum.Lines() {
				infof(c, "%s", l)
			}
			return emitInstance(c, in)
		},
	}
}
