// Package nodes reads and writes the mapper-node files of the straggler
// model (solver/straggler; Farhat et al., "Modeling and Optimization of
// Straggling Mappers", Table I): a list of nodes, or classes of identical
// nodes, each with a service rate μ, optionally a task arrival rate λ and a
// count. JSON and CSV are supported; errors name the file and the JSON path
// (nodes[3].mu) or CSV line. The package also reads completion-time sample
// files (one number per line) for fitting eq. (4).
//
// JSON:
//
//	{"nodes": [{"name": "fast", "mu": 1, "lambda": 0.5, "count": 30},
//	           {"name": "slow", "mu": 0.8, "count": 30}]}
//
// CSV (header required; mu mandatory, the other columns optional):
//
//	name,mu,lambda,count
//	fast,1,0.5,30
//	slow,0.8,,30
package nodes
