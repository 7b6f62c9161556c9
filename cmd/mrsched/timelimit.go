package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/solver/mip"
)

// The default time limits of the commands that take one through
// timeLimited (the others set their own next to their flags).
const (
	// runLimit bounds a simulation, an evaluation, a generator or an
	// import: minutes cover the documented largest sizes.
	runLimit = 10 * time.Minute
	// studyLimit bounds a study: its finished cells stay in its cells
	// file (journal), and a rerun with the same file resumes them.
	studyLimit = 2 * time.Hour
	// studyLimitUsage is the usage of a sweep's --time-limit.
	studyLimitUsage = "for the whole study: the cells finished by then stay in the cells file and a rerun with it resumes"
)

// timeLimited gives command a --time-limit flag (default def) that holds
// for the whole command: its action runs with c.Context ending at the
// command's start plus the limit (less mip.OutputMargin, kept for writing
// the answer), the context the library loops check between events or
// cells, and an error the limit caused names the flag. An interrupt
// cancels the same context (exit 130 or 143, clitree.RunProcess).
func timeLimited(def time.Duration, usage string, command *cli.Command) *cli.Command {
	command.Flags = append(command.Flags, cliflags.TimeLimit(def, usage))
	action := command.Action
	command.Action = func(c *cli.Context) error {
		limit := c.Duration("time-limit")
		if limit <= 0 {
			return action(c)
		}
		parent := c.Context
		ctx, cancel := context.WithDeadline(parent, mip.Deadline(commandStart(c), limit))
		defer cancel()
		c.Context = ctx
		err := action(c)
		c.Context = parent
		if errors.Is(err, context.DeadlineExceeded) && parent.Err() == nil {
			return fmt.Errorf("--time-limit %s reached before the end (raise it, or 0 for none): %w", limit, err)
		}
		return err
	}
	return command
}

// quickCommands are the commands without --time-limit, each with why it
// cannot run long; TestEveryLongCommandHasATimeLimit fails on a command
// that is in neither this list nor has the flag. A group (a command of
// subcommands) does nothing itself and needs no entry.
var quickCommands = map[string]string{
	"mrsched check":               "one linear-time pass over an instance file, bounded by the input size limit",
	"mrsched validate":            "one linear-time pass over an instance and a schedule, bounded by the input size limits",
	"mrsched reduce verify":       "checks a given NMTS answer against its instance in linear time",
	"mrsched merge":               "concatenates finished shard files, linear in their size",
	"mrsched flex merge":          "concatenates finished shard files, linear in their size",
	"mrsched flex metrics":        "prints a fixed table",
	"mrsched version":             "prints build and engine versions",
	"mrsched engine info":         "prints what the engines report about themselves",
	"mrsched gantt":               "draws one chart of a given schedule, linear in its segments",
	"mrsched import taillard":     "a format conversion, linear in the file (bounded by the input size limit)",
	"mrsched gen taillard":        "builds at most the documented largest Taillard instance in one pass",
	"mrsched export":              "writes one LP/MPS model, refused above the export size limit before it is built",
	"mrsched gen lognormal":       "at most --n's maximum jobs (2,000,000: 62 s measured)",
	"mrsched gen dag":             "at most --n's maximum jobs (200,000: 17 s measured)",
	"mrsched gen cluster":         "at most --n's maximum jobs (10^6: 52 s measured) and the workload's task maxima",
	"mrsched gen sharedscan":      "at most --jobs' maximum (10^6: 31 s measured)",
	"mrsched gen tight-maxsrpt":   "at most --n's maximum (2,000: about 15 s measured)",
	"mrsched gen tight-splitsrpt": "at most --n's maximum (2,000: about 10 s measured)",
	"mrsched gen adversary":       "one game of at most --n's maximum (64,000: 2 s measured)",
	"mrsched import swim":         "one streaming pass over the trace, bounded by the input size limit (fileio, 256 MiB by default)",
	"mrsched import swim-cluster": "one streaming pass over the trace, bounded by the input size limit",
	"mrsched import swim-scans":   "one streaming pass over the trace, bounded by the input size limit",
	"mrsched import google":       "streaming passes over the event files, each bounded by the input size limit",
	"mrsched mst eval":            "closed forms, one integral to --rel-tol and at most the documented largest number of Monte Carlo samples",
	"mrsched mst map":             "an optimisation with an iteration limit (exit 2 when it is reached)",
	"mrsched mst fit":             "a least-squares fit, sorting the samples once (bounded by the input size limit)",
	"mrsched mst figures":         "a fixed set of ten analytic figures: no flag makes it longer",
	"mrsched mst nodes":           "a format conversion of a node file, linear in its size",
}
