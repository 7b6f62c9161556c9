package workload

import "fmt"

// GenConfig is a workload of Generate: what 'mrsched gen cluster' writes.
type GenConfig struct {
	Kind   string  `flag:"kind,required" usage:"table2, fig2, fig3a, fig3b, fig4, fig5 or synthetic"`
	Seed   uint64  `flag:"seed" usage:"random seed"`
	N      int     `flag:"n" usage:"jobs (fig2, fig3a, synthetic; the maximum peaks at 1.1 GB)" rule:"Between(1, 1000000)"`
	SizeGB float64 `flag:"size" usage:"TeraSort size in GB (fig3a)"`
}

// DefaultGenConfig is 5 jobs, 1 GB, seed 1 (Kind has no default).
func DefaultGenConfig() GenConfig { return GenConfig{Seed: 1, N: 5, SizeGB: 1} }

// Generate is Generate of c.
func (c GenConfig) Generate() (*Workload, error) { return Generate(c.Kind, c.N, c.SizeGB, c.Seed) }

// Generate builds the generated workload of kind with seed: "table2"
// (TableII), "fig2" (Fig2, n jobs), "fig3a" (Fig3Equal, n TeraSort jobs
// of sizeGB GB), "fig3b" (Fig3Mixed), "fig4" and "fig5" (Fig4 with
// σ = 0 and 2.236) or "synthetic" (Synthetic, n jobs). n is checked for
// every kind (CheckGenerated); errors name the command's flags (--n,
// --size, --kind), as CheckGenerated's field does.
func Generate(kind string, n int, sizeGB float64, seed uint64) (*Workload, error) {
	if err := CheckGenerated("--n", n, 0); err != nil {
		return nil, err
	}
	switch kind {
	case "table2":
		return TableII(seed), nil
	case "fig2":
		if err := CheckGenerated("--n", n, Fig2WordCountMB); err != nil {
			return nil, err
		}
		return Fig2(n, seed), nil
	case "fig3a":
		if !(sizeGB > 0) {
			return nil, fmt.Errorf("--size %v: want > 0", sizeGB)
		}
		if err := CheckGenerated("--n/--size", n, sizeGB*1024); err != nil {
			return nil, err
		}
		return Fig3Equal(sizeGB, n, seed), nil
	case "fig3b":
		return Fig3Mixed(seed), nil
	case "fig4":
		return Fig4(0, seed), nil
	case "fig5":
		return Fig4(2.236, seed), nil
	case "synthetic":
		return Synthetic(n, seed), nil
	}
	return nil, fmt.Errorf("--kind %q: want table2, fig2, fig3a, fig3b, fig4, fig5 or synthetic", kind)
}
