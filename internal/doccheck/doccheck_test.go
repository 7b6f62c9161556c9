package doccheck

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"github.com/mrsched/mrsched/internal/testenv"
)

var (
	buildOnce sync.Once
	checker   *Checker
	buildErr  error
)

// newChecker builds cmd/mrsched once into a temporary directory and returns a Checker of
// the module root.
func newChecker(t *testing.T) *Checker {
	t.Helper()
	buildOnce.Do(func() {
		root, err := testenv.ModuleRoot()
		if err != nil {
			buildErr = err
			return
		}
		dir, err := os.MkdirTemp("", "doccheck")
		if err != nil {
			buildErr = err
			return
		}
		bin := filepath.Join(dir, "mrsched")
		cmd := exec.Command("go", "build", "-o", bin, "./cmd/mrsched")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = errors.New(string(out))
			return
		}
		checker = &Checker{Root: root, Bin: bin}
	})
	if buildErr != nil {
		t.Fatalf("building mrsched: %v", buildErr)
	}
	if _, err := exec.LookPath("make"); err != nil {
		testenv.Missing(t, "make", "apt-get install make", err)
	}
	return checker
}

func TestMain(m *testing.M) {
	code := m.Run()
	if checker != nil {
		os.RemoveAll(filepath.Dir(checker.Bin))
	}
	os.Exit(code)
}

// TestExtract: which spans are commands, with their line and words (expected values
// written by hand from the input).
func TestExtract(t *testing.T) {
	md := "intro `results/x.md` and `--flag`\n" +
		"| row | `mrsched study fig9 --jobs 10` then `make study-fig9` |\n" +
		"`go test -run TestX ./validate/` `go run ./bench/tandemsim repro --n 5` `mrsched …` `make`\n"
	want := []Command{
		{Text: "mrsched study fig9 --jobs 10", Line: 2, Kind: Mrsched, Args: []string{"study", "fig9", "--jobs", "10"}},
		{Text: "make study-fig9", Line: 2, Kind: Make, Args: []string{"study-fig9"}},
		{Text: "go test -run TestX ./validate/", Line: 3, Kind: GoTest, Args: []string{"-run", "TestX", "./validate/"}},
		{Text: "go run ./bench/tandemsim repro --n 5", Line: 3, Kind: GoRun, Args: []string{"./bench/tandemsim", "repro", "--n", "5"}},
	}
	if got := Extract([]byte(md)); !reflect.DeepEqual(got, want) {
		t.Errorf("Extract:\n got %+v\nwant %+v", got, want)
	}
}

// TestCheckerRejects: the checker must fail on commands that do not exist (a checker that
// accepts everything would make TestReproductionCommands useless) and pass their fixed forms.
func TestCheckerRejects(t *testing.T) {
	k := newChecker(t)
	cases := []struct {
		text string
		want error // nil: the command exists
	}{
		{"mrsched study fig9 --jobs 10 --reps 2", nil},
		{"mrsched study fig99 --jobs 10", ErrUnknownCommand}, // path stops at "study", whose subcommands have no fig99
		{"mrsched nosuchcommand", ErrUnknownCommand},
		{"mrsched compare --example --nosuchflag", ErrUnknownFlag},
		{"mrsched merge --format md s1.jsonl s2.jsonl", nil},
		{"mrsched gen tight-maxsrpt --n 8 -o t.json", nil}, // help lists -n and -o; --n is accepted too
		{"mrsched gen tight-maxsrpt -x 8", ErrUnknownFlag},
		{"mrsched study fig9 --reps -1", nil}, // a negative number is a value, not a flag
		{"make study-fig9", nil},
		{"make no-such-target-doccheck", ErrNoTarget},
		{"go test -run TestExample21 ./solver/fluid/", nil},
		{"go test -run TestNoSuchTestDoccheck ./solver/fluid/", ErrNoTest},
		{"go test -run TestExample21 ./no/such/package/", ErrNoPackage},
		{"go run ./bench/tandemsim repro --n 10", nil},
		{"go run ./bench/nosuchprogram", ErrNoPackage},
		{"go test -run 'Example21|NoSuchTestDoccheck' ./solver/fluid/", ErrNoTest}, // unanchored: inside a name
		{"go test -run Example21 ./solver/fluid/ -args -n 5", nil},                 // what follows -args is the binary's
		{"go test -run ^Example21 ./solver/fluid/", ErrNoTest},                     // anchored: TestExample21 does not start with it
		{"mrsched --version", nil},                                                 // a global option
		{"mrsched --nosuchglobal-doccheck", ErrUnknownFlag},
	}
	for _, c := range cases {
		cmds := Extract([]byte("`" + c.text + "`"))
		if len(cmds) != 1 {
			t.Fatalf("%s: extracted %d commands, want 1", c.text, len(cmds))
		}
		err := k.Check(cmds[0])
		if c.want == nil && err != nil || c.want != nil && !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.text, err, c.want)
		}
	}
}

// TestReproductionCommands: every command quoted in docs/reproduction.md exists.
func TestReproductionCommands(t *testing.T) {
	k := newChecker(t)
	md, err := os.ReadFile(filepath.Join(k.Root, "docs", "reproduction.md"))
	if err != nil {
		t.Fatal(err)
	}
	cmds := Extract(md)
	kinds := map[Kind]int{}
	for _, c := range cmds {
		kinds[c.Kind]++
		if err := k.Check(c); err != nil {
			t.Error(err)
		}
	}
	// The index quotes commands of every kind (counted by hand when this test was written:
	// far more than these minima); fewer means the extraction broke.
	if kinds[Mrsched] < 10 || kinds[Make] < 10 || kinds[GoTest] < 5 {
		t.Errorf("only %v commands extracted from docs/reproduction.md", kinds)
	}
}
