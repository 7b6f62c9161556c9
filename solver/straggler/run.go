package straggler

import (
	"io"

	"github.com/mrsched/mrsched/instances/nodes"
	"github.com/mrsched/mrsched/tabular"
)

// EvalReport is Eval's answer for a configuration, ready to write.
type EvalReport struct {
	Results []Result
	Nodes   int // nodes evaluated
}

// EvalReportOf runs Eval on c and keeps the node count for the output.
func EvalReportOf(c EvalConfig) (*EvalReport, error) {
	results, err := Eval(c)
	if err != nil {
		return nil, err
	}
	return &EvalReport{Results: results, Nodes: len(c.Mu)}, nil
}

// Write renders the report in format f (WriteEval).
func (r *EvalReport) Write(w io.Writer, f tabular.Format) error {
	return WriteEval(w, f, r.Results, r.Nodes)
}

// MapConfig is a mapping of a total task arrival rate over nodes by one
// or every policy: what 'mrsched mst map' runs.

type MapConfig struct {
	Total   float64 `flag:"total,required" usage:"total task arrival rate λ"`
	Policy  string  `flag:"policy" usage:"fair, dep, sep, mep, dmep, optimal or all"` // a policy name (ParsePolicy) or "all"
	Mu      []float64
	Options MapOptions `flag:",inline"`
	PerNode bool       `flag:"per-node" usage:"print every node's λ_i (table formats)"` // tables list every node's λ_i too
}

// DefaultMapConfig is the default of 'mrsched mst map': the optimal
// mapping of the M/M/1 model.
func DefaultMapConfig() MapConfig { return MapConfig{Policy: "optimal"} }

// MapView is the MapPolicies report of a MapConfig, written with the
// config's PerNode.
type MapView struct {
	*MapReport
	PerNode bool
}

// MapNamed maps c.Total over the nodes c.Mu by the policies c.Policy
// names (PoliciesNamed, MapPolicies).
func MapNamed(c MapConfig) (*MapView, error) {
	pols, err := PoliciesNamed(c.Policy)
	if err != nil {
		return nil, err
	}
	rep, err := MapPolicies(pols, c.Total, c.Mu, c.Options)
	if err != nil {
		return nil, err
	}
	return &MapView{MapReport: rep, PerNode: c.PerNode}, nil
}

// Write renders the mappings in format f (MapReport.Write).
func (v *MapView) Write(w io.Writer, f tabular.Format) error {
	return v.MapReport.Write(w, f, v.PerNode)
}

// NodeCountConfig is a choice of how many and which nodes to use for a
// total task arrival rate: what 'mrsched mst nodes' runs.

type NodeCountConfig struct {
	Classes    []NodeClass
	Total      float64 `flag:"total,required" usage:"total task arrival rate λ"`
	Policy     string  `flag:"policy" usage:"mapping policy for each selection"` // ParsePolicy
	D          float64 `flag:"D" usage:"deterministic coefficient of the delayed exponential model"`
	BruteLimit int     `flag:"brute-limit" usage:"enumerate all selections when there are at most this many" rule:"NonNegInt"`
	Curve      bool    `flag:"curve" usage:"print the MST for every N (table formats)"` // tables list the MST for every N too
}

// DefaultNodeCountConfig is the default of 'mrsched mst nodes': the
// optimal mapping of the M/M/1 model, every selection enumerated when
// there are at most 2000.
func DefaultNodeCountConfig() NodeCountConfig {
	return NodeCountConfig{Policy: "optimal", BruteLimit: 2000}
}

// NodeCountReport is OptimalNodeCount's answer for a NodeCountConfig.
type NodeCountReport struct {
	NodeCount
	Total float64
	Curve bool
}

// NodeCountOf runs OptimalNodeCount for c.
func NodeCountOf(c NodeCountConfig) (*NodeCountReport, error) {
	p, err := ParsePolicy(c.Policy)
	if err != nil {
		return nil, err
	}
	r, err := OptimalNodeCount(c.Classes, c.Total, p, MapOptions{Model: Model{D: c.D}}, c.BruteLimit)
	if err != nil {
		return nil, err
	}
	return &NodeCountReport{NodeCount: r, Total: c.Total, Curve: c.Curve}, nil
}

// Write renders the report in format f (NodeCount.Write).
func (r *NodeCountReport) Write(w io.Writer, f tabular.Format) error {
	return r.NodeCount.Write(w, f, r.Total, r.Policy, r.Curve)
}

// ClassesFrom returns the node classes of the node file at path
// (ClassesOf, each entry's count being the number available) or, when
// path is "", of the list "μ:available,…" (ParseClasses).
func ClassesFrom(path, list string) ([]NodeClass, error) {
	if path == "" {
		return ParseClasses(list)
	}
	f, err := nodes.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ClassesOf(f), nil
}
