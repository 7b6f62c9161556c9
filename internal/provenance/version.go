package provenance

import (
	"io"

	"github.com/mrsched/mrsched/tabular"
)

// Version is what `mrsched version` prints: the tool, its build and the
// engines it can use with their versions.
type Version struct {
	Tool string `json:"tool"`
	Build
	Engines []Engine `json:"engines"`
}

// ReadVersion is the Version of this binary (ReadBuild) as tool, with
// engines.
func ReadVersion(tool string, engines []Engine) Version {
	return Version{Tool: tool, Build: ReadBuild(), Engines: engines}
}

// Write renders v in format f: text as VersionText, Markdown and CSV as a
// field/value table, JSON as an object.
func (v Version) Write(w io.Writer, f tabular.Format) error {
	switch f {
	case tabular.Text:
		_, err := io.WriteString(w, VersionText(v.Tool, v.Build, v.Engines))
		return err
	case tabular.JSON:
		return tabular.WriteJSON(w, v)
	}
	t := &tabular.Table{Header: []string{"field", "value"}, Exact: true}
	t.Add("tool", v.Tool)
	t.Add("version", v.Version)
	t.Add("revision", v.Revision)
	t.Add("dirty", map[bool]string{false: "false", true: "true"}[v.Dirty])
	t.Add("commit_time", v.CommitTime)
	t.Add("go_version", v.GoVersion)
	for _, e := range v.Engines {
		t.Add("engine "+e.Name, e.Version)
	}
	return t.Write(w, f)
}
