package main

import (
	"testing"

	"github.com/urfave/cli/v2"
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
