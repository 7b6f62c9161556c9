package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances"
)

// TestEveryLongCommandHasATimeLimit walks the command tree: every command
// that does something (not a group) takes --time-limit or is in
// quickCommands with the reason it cannot run long, and no entry of
// quickCommands is stale (a missing command, or one that has the flag).
func TestEveryLongCommandHasATimeLimit(t *testing.T) {
	seen := map[string]bool{}
	limited := 0
	commandTree(func(path string, c *cli.Command) {
		if len(c.Subcommands) > 0 {
			return
		}
		has := false
		for _, f := range c.Flags {
			for _, n := range f.Names() {
				has = has || n == "time-limit"
			}
		}
		_, quick := quickCommands[path]
		seen[path] = true
		switch {
		case has && quick:
			t.Errorf("%s: has --time-limit and is in quickCommands; drop the entry", path)
		case has:
			limited++
		case !quick:
			t.Errorf("%s: no --time-limit (timeLimited) and not in quickCommands with why it cannot run long", path)
		}
	})
	for path := range quickCommands {
		if !seen[path] {
			t.Errorf("quickCommands names %q, which is not a command", path)
		}
	}
	// 25 is a floor below today's count of long commands (31): the
	// walk found the tree.
	if limited < 25 {
		t.Errorf("%d commands with --time-limit, want the whole tree's", limited)
	}
}

// TestTimeLimitEndsTheCommand runs commands whose --time-limit has passed
// before their work starts (1ns: the deadline is the command's start plus
// 1 ns, long gone when the first event is simulated): each exits 1 with a
// message naming the flag and the library that stopped, and writes no
// output file; with --time-limit 0 (no limit) the same command line
// succeeds, so the flag is what stops it.
func TestTimeLimitEndsTheCommand(t *testing.T) {
	dir := t.TempDir()
	inst := filepath.Join(dir, "ex.json")
	if err := instances.WriteFile(inst, instances.Example21()); err != nil {
		t.Fatal(err)
	}
	cl := filepath.Join(dir, "cl.json")
	if code, _, stderr := runCmd(t, "gen", "cluster", "--kind", "table2", "--seed", "1", "--out", cl, "--quiet"); code != 0 {
		t.Fatalf("gen cluster: exit %d: %s", code, stderr)
	}
	out := filepath.Join(dir, "out")
	for _, tc := range []struct {
		args []string
		want string // the library's part of the message
	}{
		{[]string{"simulate", "-i", inst, "--schedule", out}, "fluid: simulation stopped"},
		{[]string{"cluster", "simulate", "-w", cl, "--out", out}, "cluster: simulation stopped"},
		{[]string{"mst", "forkjoin", "--jobs", "1000", "--out", out}, "straggler: simulation stopped"},
		{[]string{"study", "fig9", "--jobs", "50", "--reps", "1", "--loads", "0.5", "--out", out}, "context deadline exceeded"},
	} {
		name := strings.Join(tc.args[:2], " ")
		code, stdout, stderr := runCmd(t, append(tc.args, "--time-limit", "1ns")...)
		if code != 1 || stdout != "" || !strings.Contains(stderr, "--time-limit 1ns reached") || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s --time-limit 1ns: exit %d, stdout %q, stderr %q; want exit 1 naming --time-limit and %q", name, code, stdout, stderr, tc.want)
		}
		if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s --time-limit 1ns: %s exists (%v), want no output", name, out, err)
		}
		if code, _, stderr := runCmd(t, append(tc.args, "--time-limit", "0")...); code != 0 {
			t.Errorf("%s --time-limit 0: exit %d: %s", name, code, stderr)
		}
		os.Remove(out)
	}
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
