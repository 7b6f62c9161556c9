package clitree

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/urfave/cli/v2"
)

// startKey is the app metadata key of the instant the commands' time
// limits count from (SetStart).
const startKey = "start"

// SetStart records on app the instant its command's time limits count
// from (the process start, or the call of a test's run).
func SetStart(app *cli.App, start time.Time) {
	if app.Metadata == nil {
		app.Metadata = map[string]any{}
	}
	app.Metadata[startKey] = start
}

// Start returns the instant SetStart recorded for the running command,
// else fallback.
func Start(c *cli.Context, fallback time.Time) time.Time {
	if t, ok := c.App.Metadata[startKey].(time.Time); ok {
		return t
	}
	return fallback
}

// TimeLimited gives command the flag limit, a duration flag named
// time-limit, that holds for the whole command: with a positive limit
// its action runs with c.Context ending at deadline(start(c), limit), the
// context the library loops check between events or cells, and an error
// the limit caused (context.DeadlineExceeded while the parent context is
// live) names the flag. A zero or negative limit runs the action as is.
func TimeLimited(command *cli.Command, limit cli.Flag, start func(*cli.Context) time.Time,
	deadline func(start time.Time, limit time.Duration) time.Time) *cli.Command {
	command.Flags = append(command.Flags, limit)
	action := command.Action
	command.Action = func(c *cli.Context) error {
		limit := c.Duration("time-limit")
		if limit <= 0 {
			return action(c)
		}
		parent := c.Context
		ctx, cancel := context.WithDeadline(parent, deadline(start(c), limit))
		defer cancel()
		c.Context = ctx
		err := action(c)
		c.Context = parent
		if errors.Is(err, context.DeadlineExceeded) && parent.Err() == nil {
			return fmt.Errorf("--time-limit %s reached before the end (raise it, or 0 for none): %w",
				limit, err)
		}
		return err
	}
	return command
}
