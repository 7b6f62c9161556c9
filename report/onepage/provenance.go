package onepage

import (
	"runtime/debug"
	"strings"
	"time"
)

// Provenance says where the numbers of a page come from: the program and
// its build, how it was run and when.
type Provenance struct {
	Module    string // module path of the program
	Version   string // module version ("(devel)" for a build from a work tree)
	Revision  string // VCS revision, "" when the build info has none
	Modified  bool   // the work tree had uncommitted changes
	GoVersion string
	Command   []string // the command line
	Seed      string   // the seed, "" when the command uses none
	TimeLimit string   // the time limit of the exact methods, "" for none
	// Engines are the LP/MIP engines that ran, each "name version".
	Engines []string
	Start   time.Time
}

// NewProvenance fills a Provenance from the build information of the
// running program (runtime/debug.ReadBuildInfo) and the given run.
func NewProvenance(command []string, seed, timeLimit string, start time.Time) Provenance {
	p := Provenance{Command: append([]string(nil), command...), Seed: seed, TimeLimit: timeLimit, Start: start}
	if bi, ok := debug.ReadBuildInfo(); ok {
		p.Module, p.Version, p.GoVersion = bi.Main.Path, bi.Main.Version, bi.GoVersion
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				p.Revision = s.Value
			case "vcs.modified":
				p.Modified = s.Value == "true"
			}
		}
	}
	return p
}

// Field is one labelled line of a provenance block.
type Field struct{ Label, Value string }

// Fields lists the provenance in the order a page shows it; empty values
// are left out.
func (p Provenance) Fields() []Field {
	rev := p.Revision
	if rev != "" && p.Modified {
		rev += " (modified work tree)"
	}
	start := ""
	if !p.Start.IsZero() {
		start = p.Start.UTC().Format(time.RFC3339)
	}
	var fs []Field
	for _, f := range []Field{
		{"program", strings.TrimSpace(p.Module + " " + p.Version)},
		{"revision", rev},
		{"Go", p.GoVersion},
		{"command", strings.Join(p.Command, " ")},
		{"seed", p.Seed},
		{"time limit", p.TimeLimit},
		{"engines", strings.Join(p.Engines, "; ")},
		{"started", start},
	} {
		if f.Value != "" {
			fs = append(fs, f)
		}
	}
	return fs
}
