package cliout

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/tabular"
)

// fakeSweep is a Sweep for the test: "rows" rendered, its notices, its
// shard note and one figure.
type fakeSweep struct {
	notices []string
	note    string
}

func (s *fakeSweep) Write(w io.Writer, _ tabular.Format) error {
	_, err := io.WriteString(w, "rows\n")
	return err
}
func (s *fakeSweep) Notices() []string          { return s.notices }
func (s *fakeSweep) ShardNote() string          { return s.note }
func (s *fakeSweep) Figures() ([]string, error) { return []string{"wrote fig.svg"}, nil }

// TestRunSweep: the sweep flags reach the library; notices go to stderr
// even under --quiet; a shard kept in --cells prints only its note; a
// whole sweep prints its rows, then what its figures wrote; --cells naming
// an input is refused before anything runs.
func TestRunSweep(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.json")
	if err := os.WriteFile(in, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	flags := TableOut("the output", In("instance", "input", false), &cli.StringFlag{Name: "shard"}, &cli.IntFlag{Name: "workers", Value: 3},
		&cli.StringFlag{Name: "cells"}, &cli.StringFlag{Name: "figures"}, &cli.BoolFlag{Name: "png"})
	var got SweepOptions
	action := func(s *fakeSweep, err error) cli.ActionFunc {
		return func(c *cli.Context) error {
			_, e := RunSweep(c, "test", func(o SweepOptions) (*fakeSweep, error) { got = o; return s, err })
			return e
		}
	}
	for _, tc := range []struct {
		name     string
		s        *fakeSweep
		err      error
		args     []string
		out, msg string
		wantErr  bool
	}{
		{"whole", &fakeSweep{notices: []string{"dropped a line"}}, nil, []string{"--quiet", "--figures", "f", "--png"}, "rows\n", "t: dropped a line\n", false},
		{"figures", &fakeSweep{}, nil, []string{"--figures", "f"}, "rows\n", "wrote fig.svg\n", false},
		{"shard", &fakeSweep{note: "shard 1/2: 3 cells in c.jsonl"}, nil, []string{"--shard", "1/2", "--cells", "c.jsonl"}, "", "shard 1/2: 3 cells in c.jsonl\n", false},
		{"error", nil, errors.New("boom"), nil, "", "", true},
		{"cells input", &fakeSweep{}, nil, []string{"--instance", in, "--cells", in}, "", "", true},
	} {
		got = SweepOptions{}
		out, msg, err := runApp(t, flags, action(tc.s, tc.err), tc.args...)
		if out != tc.out || msg != tc.msg || (err != nil) != tc.wantErr {
			t.Errorf("%s: out %q, stderr %q, err %v; want %q, %q, error %v", tc.name, out, msg, err, tc.out, tc.msg, tc.wantErr)
		}
	}
	if got.Workers != 0 { // the last case never ran
		t.Errorf("cells input: the sweep ran with %+v", got)
	}
	runApp(t, flags, action(&fakeSweep{}, nil), "--shard", "2/4", "--cells", "x", "--figures", "d", "--png", "--workers", "5")
	if got.Shard != "2/4" || got.Cells != "x" || got.Figures != "d" || !got.PNG || got.Workers != 5 {
		t.Errorf("options %+v", got)
	}
}
