package clitree_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/clitree"
)

// limitedApp is "tool work" under clitree.TimeLimited, its action
// returning the error of its context (nil while live) and recording the
// deadline it saw; start is the instant SetStart records.
func limitedApp(start time.Time, seen *time.Time) *cli.App {
	work := clitree.TimeLimited(&cli.Command{Name: "work", Action: func(c *cli.Context) error {
		*seen, _ = c.Context.Deadline()
		return c.Context.Err()
	}}, &cli.DurationFlag{Name: "time-limit"},
		func(c *cli.Context) time.Time { return clitree.Start(c, time.Time{}) },
		func(s time.Time, limit time.Duration) time.Time { return s.Add(limit) })
	app := &cli.App{Name: "tool", Commands: []*cli.Command{work}, Writer: io.Discard,
		ErrWriter: io.Discard, ExitErrHandler: func(*cli.Context, error) {}}
	clitree.SetStart(app, start)
	return app
}

// TestTimeLimited checks the deadline the action sees (the recorded
// start plus the limit, by the injected deadline function) and the error
// of a deadline that has passed: it names the flag and wraps
// context.DeadlineExceeded. No clock is read: the starts are fixed
// instants far in the past (expired) or the future (live).
func TestTimeLimited(t *testing.T) {
	past := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	future := time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		start    time.Time
		limit    string
		deadline time.Time // start + limit; zero: no deadline (no limit)
		err      string    // "" for success
	}{
		{future, "1h", future.Add(time.Hour), ""},
		{past, "2s", past.Add(2 * time.Second), "--time-limit 2s reached before the end (raise it, or 0 for none): context deadline exceeded"},
		{past, "0s", time.Time{}, ""}, // 0: the action runs without a deadline
	} {
		var seen time.Time
		err := limitedApp(tc.start, &seen).Run([]string{"tool", "work", "--time-limit", tc.limit})
		if !seen.Equal(tc.deadline) {
			t.Errorf("--time-limit %s: deadline %v, want %v", tc.limit, seen, tc.deadline)
		}
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("--time-limit %s: %v", tc.limit, err)
		case tc.err != "" && (err == nil || err.Error() != tc.err || !errors.Is(err, context.DeadlineExceeded)):
			t.Errorf("--time-limit %s: error %v, want %q wrapping the deadline", tc.limit, err, tc.err)
		}
	}
}

// TestStart checks that Start falls back without a recorded start.
func TestStart(t *testing.T) {
	fallback := time.Date(2020, 5, 1, 0, 0, 0, 0, time.UTC)
	var got time.Time
	app := &cli.App{Name: "tool", Writer: io.Discard, Action: func(c *cli.Context) error {
		got = clitree.Start(c, fallback)
		return nil
	}}
	if err := app.Run([]string{"tool"}); err != nil || !got.Equal(fallback) {
		t.Errorf("Start without SetStart = %v, %v; want the fallback %v", got, err, fallback)
	}
}

// ExampleTimeLimited runs a command whose time limit ran out long ago.
func ExampleTimeLimited() {
	var seen time.Time
	app := limitedApp(time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC), &seen)
	err := app.Run([]string{"tool", "work", "--time-limit", "1m"})
	fmt.Println(strings.TrimSpace(err.Error()))
	fmt.Println(seen.Format(time.RFC3339))
	// Output:
	// --time-limit 1m0s reached before the end (raise it, or 0 for none): context deadline exceeded
	// 2001-01-01T00:01:00Z
}
