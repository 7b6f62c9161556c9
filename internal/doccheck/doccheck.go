package doccheck

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// Sentinel errors; Check wraps them with the command's line and text.
var (
	ErrUnknownCommand = errors.New("doccheck: no such mrsched command")
	ErrUnknownFlag    = errors.New("doccheck: no such flag")
	ErrNoTarget       = errors.New("doccheck: no such make target")
	ErrNoTest         = errors.New("doccheck: no such test")
	ErrNoPackage      = errors.New("doccheck: no such package directory")
)

// Kind says which tool a quoted command runs.
type Kind int

// The kinds of command Extract recognises.
const (
	Mrsched Kind = iota // mrsched PATH… [flags]
	Make                // make TARGET…
	GoTest              // go test [-run PATTERN] ./pkg/
	GoRun               // go run ./pkg [args]
)

// String names the kind as the command starts.
func (k Kind) String() string {
	return [...]string{"mrsched", "make", "go test", "go run"}[k]
}

// Command is one quoted command: its text, the 1-based line of the document it is on, its
// kind and its words after the tool name ("mrsched", "make", "go test", "go run").
type Command struct {
	Text string
	Line int
	Kind Kind
	Args []string
}

var span = regexp.MustCompile("`([^`\n]+)`")

// Extract returns every command of md, in document order: each inline code span, and each
// line of a fenced code block (a trailing backslash joins the next line; "&&", ";" and "|"
// separate commands; a " #" starts a comment), that starts with "mrsched " (or
// "bin/mrsched "), "make ", "go test " or "go run " followed by at least one word that is
// not an ellipsis. Other spans and lines (file names, flags, test names, output) are not
// commands.
func Extract(md []byte) []Command {
	var out []Command
	fenced := false
	lines := strings.Split(string(md), "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			for _, m := range span.FindAllStringSubmatch(line, -1) {
				if c, ok := command(m[1], i+1); ok {
					out = append(out, c)
				}
			}
			continue
		}
		start := i
		for strings.HasSuffix(line, "\\") && i+1 < len(lines) {
			i++
			line = strings.TrimSuffix(line, "\\") + " " + lines[i]
		}
		if k := strings.Index(line, " #"); k >= 0 {
			line = line[:k]
		}
		for _, part := range shellSep.Split(line, -1) {
			if c, ok := command(strings.TrimPrefix(strings.TrimSpace(part), "$ "), start+1); ok {
				out = append(out, c)
			}
		}
	}
	return out
}

var shellSep = regexp.MustCompile(`&&|;|\|`)

// command parses one candidate command text on line n.
func command(text string, n int) (Command, bool) {
	text = strings.TrimSpace(text)
	f := strings.Fields(text)
	if len(f) > 0 && f[0] == "bin/mrsched" {
		f[0] = "mrsched"
	}
	var c Command
	switch {
	case len(f) >= 2 && f[0] == "mrsched":
		c = Command{Kind: Mrsched, Args: f[1:]}
	case len(f) >= 2 && f[0] == "make":
		c = Command{Kind: Make, Args: f[1:]}
	case len(f) >= 3 && f[0] == "go" && f[1] == "test":
		c = Command{Kind: GoTest, Args: f[2:]}
	case len(f) >= 3 && f[0] == "go" && f[1] == "run":
		c = Command{Kind: GoRun, Args: f[2:]}
	default:
		return Command{}, false
	}
	if elided(c.Args, c.Kind == Mrsched || c.Kind == Make) {
		return Command{}, false
	}
	c.Text, c.Line = text, n
	return c, true
}

// elided reports whether a command is a pattern rather than a command: a word is an
// ellipsis or ends in one, or, when syntax is set (mrsched and make commands), is an
// all-capitals placeholder (COMMAND, FILES), names alternatives (a|b) or an optional part
// ([--out FILE]). A go test -run pattern may contain '|'.
func elided(args []string, syntax bool) bool {
	for _, a := range args {
		if a == "…" || a == "..." || strings.HasSuffix(a, "…") {
			return true
		}
		if syntax && (strings.ContainsAny(a, "|[]<>") || placeholder.MatchString(a)) {
			return true
		}
	}
	return false
}

var placeholder = regexp.MustCompile(`^[A-Z][A-Z_]+$`)

// Checker checks commands against a repository checkout.
type Checker struct {
	// Root is the repository root (the directory holding go.mod and the Makefile).
	Root string
	// Bin is an mrsched binary built from Root.
	Bin string
	// help caches the help text of each command path.
	help map[string]string
	// targets holds the make targets of Root's make database, read once.
	targets map[string]bool
}

// Check returns nil when c exists, else an error wrapping one of the sentinel errors and
// naming the command's line.
func (k *Checker) Check(c Command) error {
	var err error
	switch c.Kind {
	case Mrsched:
		err = k.checkMrsched(c.Args)
	case Make:
		err = k.checkMake(c.Args)
	case GoTest:
		err = k.checkGoTest(c.Args)
	case GoRun:
		err = k.checkPackageDir(c.Args[0])
	}
	if err != nil {
		return fmt.Errorf("line %d: %s: %w", c.Line, c.Text, err)
	}
	return nil
}

// helpOf runs "mrsched PATH… --help" and returns its output.
func (k *Checker) helpOf(path []string) (string, error) {
	key := strings.Join(path, " ")
	if h, ok := k.help[key]; ok {
		return h, nil
	}
	cmd := exec.Command(k.Bin, append(append([]string{}, path...), "--help")...)
	cmd.Dir = k.Root
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("%w: mrsched %s --help: %v: %s", ErrUnknownCommand, key, err, firstLine(out))
	}
	if k.help == nil {
		k.help = map[string]string{}
	}
	k.help[key] = string(out)
	return string(out), nil
}

// helpName is the command path the NAME section of a help text names.
func helpName(help string) string {
	lines := strings.Split(help, "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) == "NAME:" && i+1 < len(lines) {
			name, _, _ := strings.Cut(strings.TrimSpace(lines[i+1]), " - ")
			return name
		}
	}
	return ""
}

// checkMrsched finds the longest command path the words start with (each prefix must be a
// node of the help tree: its --help names it), refuses a further word when that command
// has subcommands, and checks every long flag against that command's options.
func (k *Checker) checkMrsched(args []string) error {
	var path []string
	help, err := k.helpOf(nil)
	if err != nil {
		return err
	}
	for _, w := range args {
		if strings.HasPrefix(w, "-") {
			break
		}
		cand := append(append([]string{}, path...), w)
		h, err := k.helpOf(cand)
		if err != nil || helpName(h) != "mrsched "+strings.Join(cand, " ") {
			break
		}
		path, help = cand, h
	}
	if len(path) == 0 && !strings.HasPrefix(args[0], "-") {
		return fmt.Errorf("%w: %q", ErrUnknownCommand, args[0])
	}
	// A word after a command of subcommands that is none of them is a stale subcommand.
	if len(path) < len(args) && !strings.HasPrefix(args[len(path)], "-") && strings.Contains(help, "\nCOMMANDS:") {
		return fmt.Errorf("%w: %q of mrsched %s", ErrUnknownCommand, args[len(path)], strings.Join(path, " "))
	}
	_, opts, _ := strings.Cut(help, "OPTIONS:") // the global options when path is empty
	for _, w := range args {
		if !isFlag(w) {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(w, "-"), "=")
		// urfave/cli lists one-letter flags as -n and longer ones as --name; both spellings
		// are accepted on the command line.
		re := regexp.MustCompile(`(^|[\s,])--?` + regexp.QuoteMeta(name) + `([\s,=]|$)`)
		if !re.MatchString(opts) {
			return fmt.Errorf("%w: %s of mrsched %s", ErrUnknownFlag, w, strings.Join(path, " "))
		}
	}
	return nil
}

// checkMake checks each target (arguments with '=' are variable settings) against the
// targets of make's database, read once with make -pRrq.
func (k *Checker) checkMake(args []string) error {
	if k.targets == nil {
		cmd := exec.Command("make", "-pRrq", "--no-print-directory", ":")
		cmd.Dir = k.Root
		out, _ := cmd.Output() // -q exits 1 when a target is out of date; the database is printed anyway
		k.targets = makeTargets(out)
		if len(k.targets) == 0 {
			return fmt.Errorf("%w: make -pRrq printed no targets", ErrNoTarget)
		}
	}
	for _, t := range args {
		if strings.HasPrefix(t, "-") || strings.Contains(t, "=") {
			continue
		}
		if !k.targets[t] {
			return fmt.Errorf("%w: %s", ErrNoTarget, t)
		}
	}
	return nil
}

var makeRule = regexp.MustCompile(`(?m)^([A-Za-z0-9_./-]+):(?:[^=]|$)`)

// makeTargets returns the targets with a rule in a make database (make -p output),
// skipping the entries make marks "Not a target".
func makeTargets(db []byte) map[string]bool {
	out := map[string]bool{}
	lines := strings.Split(string(db), "\n")
	for i, l := range lines {
		m := makeRule.FindStringSubmatch(l)
		if m == nil || (i > 0 && strings.HasPrefix(lines[i-1], "# Not a target")) {
			continue
		}
		out[m[1]] = true
	}
	return out
}

// checkGoTest checks the package directory (the first ./ word, else the last word before
// -args) and, with -run,
// that every alternative of the pattern names a Test, Benchmark, Fuzz or Example function of
// it (an alternative without ^ may match inside a name).
func (k *Checker) checkGoTest(args []string) error {
	for i, a := range args {
		if a == "-args" {
			args = args[:i] // what follows goes to the test binary
			break
		}
	}
	pkg := args[len(args)-1]
	for _, a := range args {
		if strings.HasPrefix(a, "./") {
			pkg = a // the package may come before the flags
			break
		}
	}
	if err := k.checkPackageDir(pkg); err != nil {
		return err
	}
	var pattern string
	for i, a := range args {
		if a == "-run" && i+1 < len(args) {
			pattern = args[i+1]
		} else if v, ok := strings.CutPrefix(a, "-run="); ok {
			pattern = v
		}
	}
	if pattern == "" {
		return nil
	}
	files, err := filepath.Glob(filepath.Join(k.Root, pkg, "*_test.go"))
	if err != nil {
		return err
	}
	var src bytes.Buffer
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		src.Write(b)
	}
	for _, alt := range strings.Split(strings.Trim(pattern, "'\"()"), "|") {
		name := strings.TrimSuffix(strings.TrimPrefix(alt, "^"), "$")
		prefix := `\w*` // an unanchored alternative matches inside a name
		if strings.HasPrefix(alt, "^") {
			prefix = ""
		}
		re := regexp.MustCompile(`(?m)^func ` + prefix + regexp.QuoteMeta(name))
		if !re.Match(src.Bytes()) {
			return fmt.Errorf("%w: %s in %s", ErrNoTest, name, pkg)
		}
	}
	return nil
}

// checkPackageDir checks that a ./relative package path is a directory of Go files.
func (k *Checker) checkPackageDir(pkg string) error {
	dir := filepath.Join(k.Root, strings.TrimSuffix(strings.TrimSuffix(pkg, "..."), "/"))
	if !strings.HasPrefix(pkg, "./") {
		return fmt.Errorf("%w: %s (want a ./relative path)", ErrNoPackage, pkg)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*.go")); len(m) == 0 {
		return fmt.Errorf("%w: %s", ErrNoPackage, pkg)
	}
	return nil
}

// isFlag reports whether a word is a flag (a dash and a letter; not a negative number).
func isFlag(w string) bool {
	n := strings.TrimLeft(w, "-")
	return len(n) > 0 && len(n) < len(w) && len(w)-len(n) <= 2 && (n[0] < '0' || n[0] > '9') && n[0] != '.'
}

func firstLine(b []byte) string {
	l, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	return l
}
