package cliflags_test

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliflags"
)

// commandLine runs "tool study nightly ARGS" and returns what CommandLine
// saw in the action.
func commandLine(args ...string) ([]string, error) {
	var got []string
	nightly := &cli.Command{Name: "nightly", Flags: []cli.Flag{
		cliflags.String("methods", "fifo", "methods", cliflags.Alias("m")),
		cliflags.Bool("no-validate", false, "skip validation"),
		cliflags.Int("whatif-reps", 0, "replications"),
	}, Action: func(c *cli.Context) error { got = cliflags.CommandLine(c); return nil }}
	app := &cli.App{Name: "tool", Writer: io.Discard, ErrWriter: io.Discard, ExitErrHandler: func(*cli.Context, error) {},
		Commands: []*cli.Command{{Name: "study", Subcommands: []*cli.Command{nightly}}}}
	err := app.Run(append([]string{"tool", "study", "nightly"}, args...))
	return got, err
}

// TestCommandLine: the expected words are the path, then the set flags in
// the order the command declares them (not the order given), under their
// first name, a true boolean without a value; unset flags are left out.
func TestCommandLine(t *testing.T) {
	for _, tc := range []struct {
		args, want []string
	}{
		{nil, []string{"tool", "study", "nightly"}},
		{[]string{"--whatif-reps", "3", "-m", "ps"}, []string{"tool", "study", "nightly", "--methods", "ps", "--whatif-reps", "3"}},
		{[]string{"--no-validate", "--methods", "fifo"}, []string{"tool", "study", "nightly", "--methods", "fifo", "--no-validate"}},
	} {
		got, err := commandLine(tc.args...)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%q: %q, %v; want %q", tc.args, got, err, tc.want)
		}
	}
}

// CommandLine spells a run the way a page's provenance records it.
func ExampleCommandLine() {
	words, _ := commandLine("-m", "ps,maxsrpt", "--no-validate")
	fmt.Println(strings.Join(words, " "))
	// Output: tool study nightly --methods ps,maxsrpt --no-validate
}
