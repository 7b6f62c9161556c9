package report

import (
	"github.com/mrsched/mrsched/internal/provenance"
	"github.com/mrsched/mrsched/solver/cbccli"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/glpk"
)

// EngineVersions lists every LP/MIP engine the toolkit can use with its
// version: the engines of solver/engine (HiGHS's WebAssembly module, the
// CBC library when compiled in; this loads them) and the cbc and glpsol
// programs on the PATH that the exact portfolio runs. An engine that
// cannot be used says why instead of a version.
func EngineVersions() []provenance.Engine {
	var out []provenance.Engine
	for _, inf := range engine.Available() {
		v := inf.Version
		if !inf.Available {
			v = "not available: " + inf.Problem
		}
		out = append(out, provenance.Engine{Name: inf.Name, Version: v})
	}
	if c, err := cbccli.New(); err == nil {
		out = append(out, provenance.Engine{Name: cbccli.ProvenanceName, Version: c.Version() + " (" + c.Path + ")"})
	} else {
		out = append(out, provenance.Engine{Name: cbccli.ProvenanceName, Version: "not available: " + err.Error()})
	}
	if g, err := glpk.New(); err == nil {
		out = append(out, provenance.Engine{Name: glpk.ProvenanceName, Version: g.Version() + " (" + g.Path + ")"})
	} else {
		out = append(out, provenance.Engine{Name: glpk.ProvenanceName, Version: "not available: " + err.Error()})
	}
	return out
}

// EnginesNamed returns the engines called names (an --engine flag's
// values) with their versions, for a run's provenance (engine.InfoOf); an
// unknown name is listed as such, and an engine whose version is not
// known (CBC not compiled in) as "unknown".
//
// The solver programs of the exact portfolio are named by their
// ProvenanceName ("cbc program", "glpsol program") and listed with the
// version they report.
func EnginesNamed(names []string) []provenance.Engine {
	var out []provenance.Engine
	for _, n := range names {
		switch n {
		case cbccli.ProvenanceName:
			v := "not available"
			if c, err := cbccli.New(); err == nil {
				v = c.Version() + " (" + c.Path + ")"
			}
			out = append(out, provenance.Engine{Name: n, Version: v})
			continue
		case glpk.ProvenanceName:
			v := "not available"
			if g, err := glpk.New(); err == nil {
				v = g.Version() + " (" + g.Path + ")"
			}
			out = append(out, provenance.Engine{Name: n, Version: v})
			continue
		}
		inf, err := engine.InfoOf(n)
		switch {
		case err != nil:
			out = append(out, provenance.Engine{Name: n, Version: "unknown engine"})
		case inf.Version == "":
			out = append(out, provenance.Engine{Name: inf.Name, Version: "unknown (not compiled in)"})
		default:
			out = append(out, provenance.Engine{Name: inf.Name, Version: inf.Version})
		}
	}
	return out
}
