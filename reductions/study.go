package reductions

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/tabular"
)

// Construction names accepted by StudyConfig.Constructions.
const (
	ConstructionAppendixA = "appendix-a"
	ConstructionRepaired  = "repaired"
)

// BuilderOf returns the builder of a construction name.
func BuilderOf(name string) (Builder, error) {
	switch name {
	case ConstructionAppendixA:
		return OriginalBuilder, nil
	case ConstructionRepaired:
		return RepairedBuilder, nil
	}
	return nil, fmt.Errorf("%w: construction %q (want %s or %s)", ErrSeparation, name, ConstructionAppendixA, ConstructionRepaired)
}

// StudyConfig describes the separation study of Theorem 1's constructions:
// for each q, every NMTS instance with values up to EnumMax[i] (none when
// 0) and Random[i] seeded yes- and no-instances (nmts.Spec{Q, MaxF, MaxG}),
// reduced by each construction: what 'mrsched reduce separation' runs.
type StudyConfig struct {
	Q []int `flag:"q" usage:"NMTS set sizes q" rule:"Between(2, 5)"`
	// EnumMax and Random have one value per q, or one value for every q.
	EnumMax []int  `flag:"enum-max" usage:"per q (or one for all): every instance with f, g ≤ N (0: none)" rule:"Between(0, 6)"`
	Random  []int  `flag:"random" usage:"per q (or one for all): seeded random yes- and as many no-instances" rule:"NonNegInt"`
	MaxF    int64  `flag:"max-f" usage:"random f on 1..N" rule:"AtLeastOne"`
	MaxG    int64  `flag:"max-g" usage:"random g on 1..N" rule:"AtLeastOne"`
	Seed    uint64 `flag:"seed" usage:"seed of the random instances and of the order search"`
	// Constructions to run (ConstructionAppendixA, ConstructionRepaired).
	Constructions []string
	// Options of Separate; RunStudy sets Seed from the study's Seed and,
	// when zero, ExhaustiveMax to 6 (all 720 orders of q = 2) and Restarts
	// to 8.
	Options SeparationOptions `flag:",inline"`
}

// DefaultStudyConfig is the default of 'mrsched reduce separation': q = 2
// and 3, every instance with f, g ≤ 3 for q = 2 and ≤ 2 for q = 3, no
// random instances (random ones on f ≤ 3, g ≤ 6), seed 1, both
// constructions, no exact search.
func DefaultStudyConfig() StudyConfig {
	return StudyConfig{Q: []int{2, 3}, EnumMax: []int{3, 2}, Random: []int{0}, MaxF: 3, MaxG: 6, Seed: 1,
		Constructions: []string{ConstructionAppendixA, ConstructionRepaired}}
}

// Constructions parses a construction list: "both" or comma-separated
// names.
func Constructions(s string) ([]string, error) {
	if s == "both" {
		return []string{ConstructionAppendixA, ConstructionRepaired}, nil
	}
	out := strings.Split(s, ",")
	for _, name := range out {
		if _, err := BuilderOf(name); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// perQ returns xs with one value per q: xs itself, or its single value
// repeated.
func (c StudyConfig) perQ(xs []int) []int {
	if len(xs) == 1 && len(c.Q) > 1 {
		out := make([]int, len(c.Q))
		for i := range out {
			out[i] = xs[0]
		}
		return out
	}
	return xs
}

// Validate names the first bad field.
func (c StudyConfig) Validate() error {
	c.EnumMax, c.Random = c.perQ(c.EnumMax), c.perQ(c.Random)
	if len(c.Q) == 0 || len(c.EnumMax) != len(c.Q) || len(c.Random) != len(c.Q) {
		return fmt.Errorf("%w: q: %d values, enum max: %d, random: %d (want one per q, at least one q)", ErrSeparation, len(c.Q), len(c.EnumMax), len(c.Random))
	}
	for i, q := range c.Q {
		if q < 2 || q > 5 {
			return fmt.Errorf("%w: q = %d (want 2..5: q = 1 has no no-instances, q ≥ 6 is beyond the exact search)", ErrSeparation, q)
		}
		if c.EnumMax[i] < 0 || c.EnumMax[i] > 6 {
			return fmt.Errorf("%w: enum max %d for q = %d (want 0..6)", ErrSeparation, c.EnumMax[i], q)
		}
	}
	for _, r := range c.Random {
		if r < 0 || r > 1000 || (r > 0 && (c.MaxF < 1 || c.MaxG < 1)) {
			return fmt.Errorf("%w: random %d with max f %d, max g %d (want 0..1000 and positive maxima)", ErrSeparation, r, c.MaxF, c.MaxG)
		}
	}
	if len(c.Constructions) == 0 {
		return fmt.Errorf("%w: no construction", ErrSeparation)
	}
	for _, name := range c.Constructions {
		if _, err := BuilderOf(name); err != nil {
			return err
		}
	}
	return nil
}

// StudyCases returns the cases of cfg in a fixed order: per q, the
// enumeration then the random pairs.
func StudyCases(cfg StudyConfig) ([]Case, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg.EnumMax, cfg.Random = cfg.perQ(cfg.EnumMax), cfg.perQ(cfg.Random)
	var out []Case
	for i, q := range cfg.Q {
		if v := cfg.EnumMax[i]; v > 0 {
			srcs, err := EnumerateNMTS(q, int64(v))
			if err != nil {
				return nil, err
			}
			for _, s := range srcs {
				c, err := NewCase(s, fmt.Sprintf("all, values ≤ %d", v))
				if err != nil {
					return nil, err
				}
				out = append(out, c)
			}
		}
		if cfg.Random[i] > 0 {
			cs, err := RandomCases(nmts.Spec{Q: q, MaxF: cfg.MaxF, MaxG: cfg.MaxG}, cfg.Random[i], cfg.Seed)
			if err != nil {
				return nil, err
			}
			out = append(out, cs...)
		}
	}
	return out, nil
}

// Study is the outcome of one construction on the study's cases.
type Study struct {
	Construction string
	Rows         []SepRow
}

// RunStudy runs every construction of cfg on StudyCases(cfg).
func RunStudy(ctx context.Context, cfg StudyConfig) ([]Study, error) {
	cases, err := StudyCases(cfg)
	if err != nil {
		return nil, err
	}
	opt := studyOptions(cfg)
	var out []Study
	for _, name := range cfg.Constructions {
		b, _ := BuilderOf(name)
		rows, err := Separate(ctx, cases, b, opt)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out = append(out, Study{Construction: name, Rows: rows})
	}
	return out, nil
}

func ints(xs []int64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, " ")
}

func answer(yes bool) string {
	if yes {
		return "yes"
	}
	return "no"
}

func ratFloat(r *big.Rat) string {
	f, _ := r.Float64()
	return tabular.Float(f)
}

// RowsTable lists every case: the exact bounds on OPT − y (equal when OPT
// is known exactly), as rationals p/q and as decimals, and the verdict on
// the claim "yes ⇒ OPT ≤ y, no ⇒ OPT > y".
func RowsTable(studies []Study) *tabular.Table {
	t := &tabular.Table{Header: []string{"construction", "q", "origin", "f", "g", "h", "answer", "y",
		"opt_minus_y_lower", "opt_minus_y_upper", "lower", "upper", "exact", "verdict", "best_order", "upper_source", "lower_source", "exact_search"}}
	for _, s := range studies {
		for i := range s.Rows {
			r := &s.Rows[i]
			t.Add(s.Construction, fmt.Sprint(r.Q), r.Origin, ints(r.F), ints(r.G), ints(r.H), answer(r.Yes), r.Y.String(),
				r.LBMinusY().RatString(), r.UBMinusY().RatString(), ratFloat(r.LBMinusY()), ratFloat(r.UBMinusY()),
				fmt.Sprint(r.Exact()), r.Verdict(), strings.Join(r.UBOrder, " "), r.UBSource, r.LBSource, r.Search)
		}
	}
	return t
}

// SummaryRow aggregates the cases of one construction, q and answer.
type SummaryRow struct {
	Construction string
	Q            int
	Yes          bool
	Cases, Exact int
	// Min and Max of OPT − y over the exactly solved cases (nil if none);
	// MinLower and MaxUpper bound OPT − y over all cases.
	Min, Max, MinLower, MaxUpper *big.Rat
	Holds, Violated, Open        int
	// Worst is the largest proven violation: y − UB for a no-instance
	// (OPT ≤ UB ≤ y), LB − y for a yes-instance (nil when none).
	Worst *big.Rat
	// WorstCase indexes the row of Worst in its study.
	WorstCase int
}

// Summarize aggregates each study per q and answer.
func Summarize(studies []Study) []SummaryRow {
	var out []SummaryRow
	for _, s := range studies {
		idx := map[[2]int]int{}
		for i := range s.Rows {
			r := &s.Rows[i]
			key := [2]int{r.Q, 0}
			if r.Yes {
				key[1] = 1
			}
			k, ok := idx[key]
			if !ok {
				k = len(out)
				idx[key] = k
				out = append(out, SummaryRow{Construction: s.Construction, Q: r.Q, Yes: r.Yes, WorstCase: -1})
			}
			a := &out[k]
			a.Cases++
			lo, hi := r.LBMinusY(), r.UBMinusY()
			if a.MinLower == nil || lo.Cmp(a.MinLower) < 0 {
				a.MinLower = lo
			}
			if a.MaxUpper == nil || hi.Cmp(a.MaxUpper) > 0 {
				a.MaxUpper = hi
			}
			if r.Exact() {
				a.Exact++
				if a.Min == nil || hi.Cmp(a.Min) < 0 {
					a.Min = hi
				}
				if a.Max == nil || hi.Cmp(a.Max) > 0 {
					a.Max = hi
				}
			}
			switch r.Verdict() {
			case "holds":
				a.Holds++
			case "open":
				a.Open++
			default:
				a.Violated++
				by := new(big.Rat).Neg(hi) // no-instance: y − UB ≥ 0
				if r.Yes {
					by = lo
				}
				if a.Worst == nil || by.Cmp(a.Worst) > 0 {
					a.Worst, a.WorstCase = by, i
				}
			}
		}
	}
	return out
}

func ratOrDash(r *big.Rat) string {
	if r == nil {
		return "-"
	}
	return RatString(r)
}

// SummaryTable is the separation table: per construction, q and answer,
// the cases, how many were solved exactly, min and max of the exact
// OPT − y, the exact range [min lower, max upper] over all cases, how many
// cases satisfy, violate or leave open the claim, and by how much the
// worst violation misses it.
func SummaryTable(rows []SummaryRow) *tabular.Table {
	t := &tabular.Table{Header: []string{"construction", "q", "answer", "cases", "exact", "min_opt_minus_y", "max_opt_minus_y",
		"range_lower", "range_upper", "claim_holds", "claim_violated", "open", "worst_violation"}}
	for _, a := range rows {
		t.Add(a.Construction, fmt.Sprint(a.Q), answer(a.Yes), fmt.Sprint(a.Cases), fmt.Sprint(a.Exact), ratOrDash(a.Min), ratOrDash(a.Max),
			ratOrDash(a.MinLower), ratOrDash(a.MaxUpper), fmt.Sprint(a.Holds), fmt.Sprint(a.Violated), fmt.Sprint(a.Open), ratOrDash(a.Worst))
	}
	return t
}

// StudyView is what 'mrsched reduce separation' prints: the summary, then
// every case.
func StudyView(studies []Study) *tabular.View {
	sum := Summarize(studies)
	v := &tabular.View{Value: studyJSON(studies, sum)}
	v.Tables = []*tabular.Table{SummaryTable(sum), RowsTable(studies)}
	v.CSV = []*tabular.Table{RowsTable(studies)}
	return v
}

type jsonRow struct {
	Construction string  `json:"construction"`
	Q            int     `json:"q"`
	Origin       string  `json:"origin"`
	F            []int64 `json:"f"`
	G            []int64 `json:"g"`
	H            []int64 `json:"h"`
	Answer       string  `json:"answer"`
	Y            string  `json:"y"`
	Lower        string  `json:"opt_minus_y_lower"`
	Upper        string  `json:"opt_minus_y_upper"`
	Exact        bool    `json:"exact"`
	Verdict      string  `json:"verdict"`
	Order        string  `json:"best_order"`
	UpperSource  string  `json:"upper_source"`
	LowerSource  string  `json:"lower_source"`
	Search       string  `json:"exact_search"`
}

func studyJSON(studies []Study, _ []SummaryRow) any {
	var rows []jsonRow
	for _, s := range studies {
		for i := range s.Rows {
			r := &s.Rows[i]
			rows = append(rows, jsonRow{s.Construction, r.Q, r.Origin, r.F, r.G, r.H, answer(r.Yes), r.Y.String(),
				r.LBMinusY().RatString(), r.UBMinusY().RatString(), r.Exact(), r.Verdict(), strings.Join(r.UBOrder, " "), r.UBSource, r.LBSource, r.Search})
		}
	}
	return map[string]any{"rows": rows}
}
