package main

import (
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliflags"
)

// notSizes are the integer flags of generators that are not sizes: seeds,
// indices and levels with their own fixed ranges.
var notSizes = map[string]bool{"seed": true, "seeds20x5": true, "index": true, "correlation": true}

// upperBound matches a rule with a finite maximum ("an integer in [1,
// 2000000]", "each a value in [1, 64000]").
var upperBound = regexp.MustCompile(`in \[[^,\]]+, [0-9][^\]]*\]`)

// Every integer flag of every generator (the commands under gen, and
// adversary-yao, which builds its instances) is a size with a stated
// maximum in its help, read from the command tree: a new size flag without
// one fails here.
func TestGeneratorSizeFlagsHaveMaxima(t *testing.T) {
	app := newApp(io.Discard, io.Discard)
	seen := 0
	walkTree(app.Commands, "mrsched", func(path string, c *cli.Command) {
		if !strings.HasPrefix(path, "mrsched gen ") && path != "mrsched adversary-yao" {
			return
		}
		for _, f := range c.Flags {
			name := f.Names()[0]
			var usage string
			switch fl := f.(type) {
			case *cliflags.IntFlag:
				usage = fl.Usage
			case *cliflags.Int64Flag:
				usage = fl.Usage
			case *cliflags.IntsFlag: // an integer list
				usage = fl.Usage
			default:
				continue
			}
			if notSizes[name] {
				continue
			}
			seen++
			if !upperBound.MatchString(usage) {
				t.Errorf("%s --%s: no maximum in its help %q (want a rule \"in [LO, HI]\")", path, name, usage)
			}
		}
	})
	if seen < 10 {
		t.Errorf("only %d size flags found: the walk misses generators", seen)
	}
}
