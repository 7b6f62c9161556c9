package cliout

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

// SweepOptions are the values of the sweep flags (--shard, --workers,
// --cells, --figures, --png) and the progress bar: how a library runs a
// sharded, resumable sweep (study.SweepConfig has the same fields).
type SweepOptions struct {
	Shard    string
	Workers  int
	Cells    string
	Figures  string
	PNG      bool
	Progress func(done, total int)
}

// Sweep is a finished sweep, or one shard of it, as a library returns it
// (study.SweepOutput): Write renders it (a shard as JSON lines), Notices
// are messages that --quiet does not silence, ShardNote says where a
// shard kept in a cells file is ("" otherwise), Figures draws a whole
// sweep's figures and returns the lines to show people.
type Sweep interface {
	Result
	Notices() []string
	ShardNote() string
	Figures() ([]string, error)
}

// RunSweep runs (a shard of) a sweep with run, given the sweep flags and a
// progress bar on stderr (--cells never names an input): the sweep's
// notices go to stderr as "NAME: notice"; a shard kept in --cells is said
// to be there, anything else is printed (EmitSweep).
func RunSweep[S Sweep](c *cli.Context, what string, run func(SweepOptions) (S, error)) (S, error) {
	var none S
	if err := NotInput(c, "cells", c.String("cells")); err != nil {
		return none, err
	}
	prog, finish := ProgressBar(c, what)
	o, err := run(SweepOptions{Shard: c.String("shard"), Workers: c.Int("workers"), Cells: c.String("cells"),
		Figures: c.String("figures"), PNG: c.Bool("png"), Progress: prog})
	finish()
	if err != nil {
		return none, FlagError(err)
	}
	Notices(c, o.Notices())
	if note := o.ShardNote(); note != "" {
		Infof(c, "%s", note)
		return o, nil
	}
	return o, EmitSweep(c, o)
}

// EmitSweep writes a sweep in --format to --out or stdout, then draws its
// figures, saying on stderr what it wrote (unless --quiet).
func EmitSweep(c *cli.Context, o Sweep) error {
	if err := Emit(c, o.Write); err != nil {
		return err
	}
	lines, err := o.Figures()
	Lines(c, lines)
	return err
}

// Notices prints a library's notices on stderr as "NAME: notice", also
// under --quiet (they say that something was dropped or repaired).
func Notices(c *cli.Context, notices []string) {
	for _, n := range notices {
		fmt.Fprintln(c.App.ErrWriter, c.App.Name+": "+n)
	}
}
