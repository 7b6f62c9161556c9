package provenance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// The stamps `make build` sets with -ldflags "-X
// github.com/mrsched/mrsched/internal/provenance.NAME=VALUE": version is
// `git describe --tags --always --dirty`, revision `git rev-parse HEAD`,
// modified "true" or "false" (uncommitted changes to tracked files). They
// are empty in a plain `go build`, which has the module version and, when
// Go stamped them (-buildvcs, a clone rather than a git worktree), the
// vcs.* settings of the build info.
var version, revision, modified string

// Stamp is what the linker stamped into the binary (see ReadBuild).
type Stamp struct {
	Version  string
	Revision string
	Modified string
}

// ErrSourceDateEpoch is returned by StartTime when SOURCE_DATE_EPOCH is set
// but is not a whole number of seconds.
var ErrSourceDateEpoch = errors.New("provenance: SOURCE_DATE_EPOCH is not a whole number of seconds since 1970")

// ErrJSON is returned by Insert for output that is not a sequence of JSON
// values.
var ErrJSON = errors.New("provenance: output is not JSON")

// Key is the name of the object Insert adds to a JSON output.
const Key = "provenance"

// Build is what a binary knows about itself.
type Build struct {
	// Version is the tool's version: the one stamped by `make build`
	// (git describe), else the main module's version ("(devel)" when
	// built from a source tree).
	Version string `json:"version"`
	// Revision is the VCS commit the binary was built from ("" when the
	// build recorded none, as in a test binary).
	Revision string `json:"revision,omitempty"`
	// Dirty says the work tree had uncommitted changes (vcs.modified).
	Dirty bool `json:"dirty"`
	// CommitTime is the revision's commit time (vcs.time, RFC 3339).
	CommitTime string `json:"commit_time,omitempty"`
	// GoVersion is the Go toolchain that built the binary.
	GoVersion string `json:"go_version"`
}

// ReadBuild returns the running binary's build facts.
func ReadBuild() Build {
	bi, ok := debug.ReadBuildInfo()
	return BuildFrom(bi, ok, Stamp{Version: version, Revision: revision, Modified: modified})
}

// BuildFrom returns the build facts in bi (ok false: no build info) and
// the linker's stamp: the stamped version when there is one, else the
// main module's; the revision and dirty flag of the build info's vcs.*
// settings when Go recorded them, else the stamped ones.
func BuildFrom(bi *debug.BuildInfo, ok bool, stamp Stamp) Build {
	b := Build{Version: stamp.Version, Revision: stamp.Revision, Dirty: stamp.Modified == "true", GoVersion: runtime.Version()}
	if !ok || bi == nil {
		if b.Version == "" {
			b.Version = "unknown"
		}
		return b
	}
	if bi.GoVersion != "" {
		b.GoVersion = bi.GoVersion
	}
	if b.Version == "" {
		b.Version = bi.Main.Version
	}
	if b.Version == "" {
		b.Version = "unknown"
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
		case "vcs.modified":
			b.Dirty = s.Value == "true"
		case "vcs.time":
			b.CommitTime = s.Value
		}
	}
	return b
}

// Engine is an LP/MIP engine and its version.
type Engine struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Record is the provenance of one run of a command.
type Record struct {
	// Tool is the program's name ("mrsched").
	Tool string `json:"tool"`
	Build
	// CommandLine is the command line as given (os.Args).
	CommandLine []string `json:"command_line"`
	// Seed is the run's random seed, when the command takes one.
	Seed json.Number `json:"seed,omitempty"`
	// TimeLimit is the run's time limit (a Go duration, "30s"), when the
	// command takes one.
	TimeLimit string `json:"time_limit,omitempty"`
	// Engines are the LP/MIP engines the run used, with their versions.
	Engines []Engine `json:"engines,omitempty"`
	// Start is when the run started (RFC 3339, UTC, seconds), or
	// SOURCE_DATE_EPOCH (see StartTime).
	Start string `json:"start"`
}

// StartTime returns the start time of a run: SOURCE_DATE_EPOCH (as getenv
// reads it) when set, else now, in UTC and whole seconds.
func StartTime(now time.Time, getenv func(string) string) (time.Time, error) {
	if s := getenv("SOURCE_DATE_EPOCH"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return time.Time{}, fmt.Errorf("%w: %q", ErrSourceDateEpoch, s)
		}
		return time.Unix(n, 0).UTC(), nil
	}
	return now.UTC().Truncate(time.Second), nil
}

// FormatTime is how a Record writes a time (RFC 3339, UTC).
func FormatTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// VersionText is the answer to `mrsched --version`: the tool, its
// version, revision (with "(modified)" for a dirty tree) and commit time,
// the Go version, and one line per engine.
func VersionText(tool string, b Build, engines []Engine) string {
	var s strings.Builder
	fmt.Fprintf(&s, "%s %s\n", tool, b.Version)
	rev := b.Revision
	if rev == "" {
		rev = "unknown (built without VCS information)"
	} else if b.Dirty {
		rev += " (modified)"
	}
	fmt.Fprintf(&s, "revision: %s\n", rev)
	if b.CommitTime != "" {
		fmt.Fprintf(&s, "commit time: %s\n", b.CommitTime)
	}
	fmt.Fprintf(&s, "go: %s\n", b.GoVersion)
	for _, e := range engines {
		fmt.Fprintf(&s, "engine %s: %s\n", e.Name, e.Version)
	}
	return s.String()
}

// Markdown returns r as the closing block of a Markdown report: a
// "Provenance" heading and a two-column table.
func (r Record) Markdown() string {
	var s strings.Builder
	s.WriteString("\n## Provenance\n\n| field | value |\n|---|---|\n")
	row := func(k, v string) {
		v = strings.ReplaceAll(strings.ReplaceAll(v, "|", `\|`), "\n", " ")
		fmt.Fprintf(&s, "| %s | %s |\n", k, v)
	}
	row("tool", r.Tool+" "+r.Version)
	rev := r.Revision
	if rev == "" {
		rev = "unknown"
	}
	if r.Dirty {
		rev += " (modified)"
	}
	row("revision", rev)
	row("go", r.GoVersion)
	row("command line", "`"+strings.ReplaceAll(quoteArgs(r.CommandLine), "`", "'")+"`")
	if r.Seed != "" {
		row("seed", string(r.Seed))
	}
	if r.TimeLimit != "" {
		row("time limit", r.TimeLimit)
	}
	for _, e := range r.Engines {
		row("engine "+e.Name, e.Version)
	}
	row("start", r.Start)
	return s.String()
}

// quoteArgs joins a command line, quoting arguments that need it for a
// POSIX shell.
func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a != "" && strings.IndexFunc(a, func(c rune) bool {
			return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_./=,:+@%", c))
		}) < 0 {
			q[i] = a
		} else {
			q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(q, " ")
}

// JSON returns r as an indented JSON object.
func (r Record) JSON() ([]byte, error) { return json.MarshalIndent(r, "", "  ") }

// SVGMetadata returns r as an SVG <metadata> element holding its JSON
// form, to be placed right after the opening <svg> tag. encoding/json
// writes <, > and & as \u escapes, so the JSON is valid XML text as it is.
func (r Record) SVGMetadata() string {
	b, _ := json.Marshal(r) // a Record always marshals: strings, bools, a json.Number checked by its setter
	return `<metadata id="` + Key + `">` + string(b) + "</metadata>\n"
}

// StampSVG inserts r's metadata after the opening <svg> tag of an SVG
// document; a document without one is returned unchanged.
func StampSVG(svg []byte, r Record) []byte {
	i := bytes.Index(svg, []byte("<svg"))
	if i < 0 {
		return svg
	}
	j := bytes.IndexByte(svg[i:], '>')
	if j < 0 {
		return svg
	}
	j += i + 1
	if j < len(svg) && svg[j] == '\n' {
		j++
	}
	out := make([]byte, 0, len(svg)+512)
	out = append(out, svg[:j]...)
	out = append(out, r.SVGMetadata()...)
	return append(out, svg[j:]...)
}

// SetSeed sets r's seed from a flag's text; text that is not an integer
// leaves it unset.
func (r *Record) SetSeed(text string) {
	if _, err := strconv.ParseInt(text, 10, 64); err == nil {
		r.Seed = json.Number(text)
	} else if _, err := strconv.ParseUint(text, 10, 64); err == nil {
		r.Seed = json.Number(text)
	}
}

var current atomic.Pointer[Record]

// SetCurrent makes r the record of the run in progress, which writers
// that have no run of their own to describe (the SVG figures) read with
// Current. A program sets it once it knows its command line.
func SetCurrent(r Record) { current.Store(&r) }

// Current returns the record set by SetCurrent, and false when none was
// set (a Go program using the library directly).
func Current() (Record, bool) {
	r := current.Load()
	if r == nil {
		return Record{}, false
	}
	return *r, true
}

// EngineNames lists the record's engines as "name version", nil for none.
func (r Record) EngineNames() []string {
	var names []string
	for _, e := range r.Engines {
		names = append(names, e.Name+" "+e.Version)
	}
	return names
}
