package reductions

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"

	"github.com/mrsched/mrsched/solver/exact/fastlp"
	"github.com/mrsched/mrsched/sweep"
)

// SeparationKind is the sweep kind of SeparationSweep.
const SeparationKind = "hard/theorem1-separation"

// SeparationSweep returns the separation study of cfg (RunStudy's cases
// and options) as a sweep: one cell per construction and case, in the
// order of RunStudy's rows, so that shards merged with sweep.Merge (or
// 'mrsched merge') render the same bytes as the unsharded run. The cells
// are deterministic when cfg.Options.ExactLimit is 0: the exact search
// then stops on its node budget (Options.ExactNodes), not on the clock.
func SeparationSweep(cfg StudyConfig) (sweep.Sweep, error) {
	cases, err := StudyCases(cfg)
	if err != nil {
		return sweep.Sweep{}, err
	}
	opt := studyOptions(cfg)
	if opt.ExhaustiveMax > 10 || opt.Restarts < 0 || opt.ExactLimit < 0 || opt.ExactNodes < 0 {
		return sweep.Sweep{}, fmt.Errorf("%w: exhaustive max %d (want ≤ 10), restarts %d, exact limit %v, exact nodes %d (want ≥ 0)",
			ErrSeparation, opt.ExhaustiveMax, opt.Restarts, opt.ExactLimit, opt.ExactNodes)
	}
	// The sweep's workers run the cells; Options.Workers is not part of
	// the sweep's identity.
	cfg.Options.Workers = 0
	type cell struct {
		build Builder
		i     int
	}
	var cells []cell
	var keys []string
	for _, name := range cfg.Constructions {
		b, _ := BuilderOf(name)
		for i, c := range cases {
			cells = append(cells, cell{b, i})
			keys = append(keys, fmt.Sprintf("%s/q=%d/%d", name, c.Src.Q(), i))
		}
	}
	compute := func(ctx context.Context, k int) (any, error) {
		ce := cells[k]
		var s fastlp.Solver
		row, err := separateOne(ctx, &s, cases[ce.i], ce.i, ce.build, opt)
		if err != nil {
			c := cases[ce.i]
			return nil, fmt.Errorf("%s (%s, f=%v g=%v h=%v): %w", keys[k], c.Origin, c.Src.F, c.Src.G, c.Src.H, err)
		}
		return cellOf(row), nil
	}
	return sweep.Sweep{Kind: SeparationKind, Config: cfg, Keys: keys, Compute: compute}, nil
}

// studyOptions are cfg.Options with RunStudy's defaults.
func studyOptions(cfg StudyConfig) SeparationOptions {
	opt := cfg.Options
	opt.Seed = cfg.Seed
	if opt.ExhaustiveMax == 0 {
		opt.ExhaustiveMax = 6
	}
	if opt.Restarts == 0 {
		opt.Restarts = 8
	}
	return opt
}

// sepCell is a SepRow in a cells file: exact numbers as "p" or "p/q".
type sepCell struct {
	Q        int      `json:"q"`
	Origin   string   `json:"origin"`
	F        []int64  `json:"f"`
	G        []int64  `json:"g"`
	H        []int64  `json:"h"`
	Yes      bool     `json:"yes"`
	Y        string   `json:"y"`
	UB       string   `json:"ub"`
	UBSource string   `json:"ub_source"`
	UBOrder  []string `json:"ub_order"`
	LB       string   `json:"lb"`
	LBSource string   `json:"lb_source"`
	Search   string   `json:"exact_search"`
}

func cellOf(r *SepRow) sepCell {
	return sepCell{Q: r.Q, Origin: r.Origin, F: r.F, G: r.G, H: r.H, Yes: r.Yes, Y: r.Y.String(), UB: r.UB.RatString(),
		UBSource: r.UBSource, UBOrder: r.UBOrder, LB: r.LB.RatString(), LBSource: r.LBSource, Search: r.Search}
}

func (c *sepCell) row() (SepRow, error) {
	r := SepRow{Q: c.Q, Origin: c.Origin, F: c.F, G: c.G, H: c.H, Yes: c.Yes, UBSource: c.UBSource, UBOrder: c.UBOrder,
		LBSource: c.LBSource, Search: c.Search}
	var ok1, ok2, ok3 bool
	r.Y, ok1 = new(big.Int).SetString(c.Y, 10)
	r.UB, ok2 = new(big.Rat).SetString(c.UB)
	r.LB, ok3 = new(big.Rat).SetString(c.LB)
	if !ok1 || !ok2 || !ok3 {
		return SepRow{}, fmt.Errorf("%w: y %q, ub %q, lb %q are not exact numbers", ErrSeparation, c.Y, c.UB, c.LB)
	}
	return r, nil
}

// SeparationStudies decodes a finished set of SeparationSweep into one
// Study per construction, rows in case order (what RunStudy returns).
func SeparationStudies(set *sweep.Set) ([]Study, error) {
	if set.Header.Kind != SeparationKind {
		return nil, fmt.Errorf("%w: sweep kind %q, want %q", ErrSeparation, set.Header.Kind, SeparationKind)
	}
	var out []Study
	for _, c := range set.Cells {
		name, _, ok := strings.Cut(c.Key, "/")
		if !ok {
			return nil, fmt.Errorf("%w: cell %d: key %q has no construction", ErrSeparation, c.Cell, c.Key)
		}
		var sc sepCell
		if err := json.Unmarshal(c.Result, &sc); err != nil {
			return nil, fmt.Errorf("reductions: cell %d (%s): %w", c.Cell, c.Key, err)
		}
		r, err := sc.row()
		if err != nil {
			return nil, fmt.Errorf("cell %d (%s): %w", c.Cell, c.Key, err)
		}
		if len(out) == 0 || out[len(out)-1].Construction != name {
			out = append(out, Study{Construction: name})
		}
		s := &out[len(out)-1]
		s.Rows = append(s.Rows, r)
	}
	return out, nil
}
