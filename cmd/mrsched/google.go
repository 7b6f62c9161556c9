package main

import (
	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/instances/google"
	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/tabular"
)

func importGoogleCmd() *cli.Command {
	return clitree.Cmd("google", func(c *cli.Context) error {
		in, sum, err := google.Import(google.Options{JobEvents: c.StringSlice("job-events"), TaskEvents: c.StringSlice("task-events"), TaskUsage: c.StringSlice("task-usage")})
		if err != nil {
			return err
		}
		cliout.Lines(c, sum.Lines())
		return cliout.EmitSaved(c, instances.File{Instance: in})
	}, append([]cli.Flag{
		cliflags.Inputs("job-events", nil, "job_events `FILES` or directories of part-*-of-*.csv[.gz] (repeat or separate by commas)", cliflags.Required),
		cliflags.Inputs("task-events", nil, "task_events `FILES` or directories", cliflags.Required),
		cliout.InList("task-usage", "task_usage `FILES` or directories: measured use instead of requests × run time"),
	}, cliout.InstanceOutFlags()...)...)
}

func studyGoogleCmd() *cli.Command {
	return timeLimited(studyLimit, "for the whole study (stopped early, it writes nothing)", clitree.Cmd("google", cliout.Action(func(c *cli.Context) (*study.GoogleResult, error) {
		cfg := study.DefaultGoogleConfig()
		cfg.Loads = c.Float64Slice("loads")
		return study.GoogleFile(c.Context, c.String("instance"), cfg, c.String("figures"), figures.Formats(c.Bool("png"))...)
	}), append([]cli.Flag{
		cliout.Instance(),
		cliflags.Loads(study.DefaultLoads()),
		cliout.Out("the tables"),
		cliout.Format("md", tabular.Markdown, tabular.CSV, tabular.JSON, tabular.Text),
	}, cliflags.Figures("Figs. 5, 6, 7a, 7b")...)...))
}
