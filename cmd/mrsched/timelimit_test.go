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
