package main

// Commands of exact optima and bounds (issue 4; Lin et al. §3–5): solve,
// bound, export, gen taillard, import taillard.

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/instances/taillard"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/exact"
	"github.com/mrsched/mrsched/solver/exact/mipform"
	"github.com/mrsched/mrsched/solver/exact/search"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
)

// processStart is when the program started (package initialisation): the
// time limit of solve counts from here, so that it covers start-up.
var processStart = time.Now()

func init() {
	register(solveCmd(), boundCmd(), exportCmd())
	registerSub("gen", genTaillardCmd())
	registerSub("import", importTaillardCmd())
}

// parseJobOrder reads a comma-separated completion order of job ids (or,
// when a token is not an id, a 0-based index).
func parseJobOrder(in *instances.Instance, s string) ([]int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	idx := in.Index()
	var out []int
	for k, tok := range strings.Split(s, ",") {
		tok = strings.TrimSpace(tok)
		if j, ok := idx[tok]; ok {
			out = append(out, j)
			continue
		}
		j, err := strconv.Atoi(tok)
		if err != nil || j < 0 || j >= in.N() {
			return nil, fmt.Errorf("--order: entry %d %q is neither a job id nor an index in [0, %d)", k+1, tok, in.N())
		}
		out = append(out, j)
	}
	if len(out) != in.N() {
		return nil, fmt.Errorf("--order: %d entries for %d jobs", len(out), in.N())
	}
	seen := make([]bool, in.N())
	for _, j := range out {
		if seen[j] {
			return nil, fmt.Errorf("--order: job %s listed twice", in.Jobs[j].ID)
		}
		seen[j] = true
	}
	return out, nil
}

type solveJob struct {
	ID         string  `json:"id"`
	Release    float64 `json:"release"`
	Map        float64 `json:"map"`
	Shuffle    float64 `json:"shuffle"`
	Completion float64 `json:"completion"`
	Response   float64 `json:"response"`
}

type solveOutput struct {
	Instance    string        `json:"instance"`
	Method      string        `json:"method"`
	Engine      string        `json:"engine,omitempty"`
	Status      string        `json:"status"`
	Objective   float64       `json:"objective"`
	LowerBound  float64       `json:"lower_bound"`
	BoundSource string        `json:"bound_source"`
	Bounds      []exact.Bound `json:"bounds"`
	// ScheduleSource says who found the schedule (the method, or a
	// heuristic or fallback one).
	ScheduleSource string             `json:"schedule_source"`
	Gap            float64            `json:"gap"`
	Order          []string           `json:"order"`
	Nodes          int64              `json:"nodes"`
	LPs            int64              `json:"lps"`
	TimeSeconds    float64            `json:"time_seconds"`
	Detail         map[string]float64 `json:"detail,omitempty"`
	Notes          []string           `json:"notes,omitempty"`
	Jobs           []solveJob         `json:"jobs"`
}

func solveCmd() *cli.Command {
	return &cli.Command{
		Name:     "solve",
		Category: catExact,
		Usage:    "optimal or near-optimal schedule of a tandem instance with status, lower bound and gap",
		Description: `Methods (--method):
   mip        the exact MIP (batch or release-date formulation, docs/exact.md), solved by --engine
   search     branch-and-bound over completion orders (subset-DP bound, LP at leaves); batches
   order-lp   the optimal schedule for the completion order --order (job ids or 0-based indices):
              C_o1 ≤ C_o2 ≤ … (ties allowed) by the validator's completion times
   polish     best of MaxSRPT/SplitSRPT/FIFO/PS, LP re-optimised, then local search (heuristic)
   fifo, ps, klps, maxsrpt, splitsrpt, …   a policy of 'mrsched simulate'
Every answer has a status (optimal, time limit, order optimal, feasible, interrupted), the
objective Σ (C_j − r_j) of the best validated schedule found (schedule_source), the best
proven lower bound the toolkit knows (the method's, §5.1, counting, prefix, subset and the LP
relaxation of the MIP; bound_source) and gap = (objective − bound)/objective. "optimal" means
a proven bound meets the objective (package tolerance), never an engine's word alone.
--time-limit covers the whole command: the answer is written by start + limit − min(0.5 s,
limit/10); a method that cannot answer in time (engine not ready, no MIP incumbent) is
replaced by the best of MaxSRPT/SplitSRPT/FIFO/PS with status "time limit" and a note.
The LP engine is loaded only when a method needs it. --schedule writes the schedule ('mrsched validate'
checks it). Progress goes to stderr.

Example:
   mrsched gen taillard --jobs 8 --machines 2 --seed 873654221 --format json > /tmp/ta8.json
   mrsched solve --instance /tmp/ta8.json --method search --format json
   mrsched solve --instance /tmp/ta8.json --method mip --time-limit 60s
   mrsched solve --instance /tmp/ta8.json --method order-lp --order j1,j2,j3,j4,j5,j6,j7,j8 --schedule /tmp/s.json
   mrsched validate --instance /tmp/ta8.json --schedule /tmp/s.json`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "instance", Aliases: []string{"i"}, Required: true, Usage: "tandem instance `FILE` (JSON or CSV)"},
			&cli.StringFlag{Name: "method", Aliases: []string{"m"}, Value: "search", Usage: "mip, search, order-lp, polish or a policy name"},
			&cli.StringFlag{Name: "order", Usage: "completion order for order-lp (or priority order for --method order)"},
			&cli.DurationFlag{Name: "time-limit", Value: 60 * time.Second, Usage: "time limit (0: none)"},
			&cli.StringFlag{Name: "engine", Value: engine.DefaultName, Usage: "LP/MIP engine: " + strings.Join(engine.Names(), ", ")},
			&cli.IntFlag{Name: "k", Value: fluid.DefaultK, Usage: "k of klps"},
			&cli.StringFlag{Name: "schedule", Usage: "write the schedule to `FILE` (JSON, or CSV by extension)"},
			tandemFormatFlag(),
			&cli.BoolFlag{Name: "quiet", Usage: "no progress on stderr"},
		},
		Action: func(c *cli.Context) error {
			format, err := tabular.ParseFormat(c.String("format"))
			if err != nil {
				return err
			}
			// QA finding O3 (docs/qa-bad-input.md): a negative limit was
			// accepted. 0 keeps its documented meaning, no limit (the
			// library's exact.Options.TimeLimit convention), so that an
			// optimum can be proven however long it takes.
			if tl := c.Duration("time-limit"); tl < 0 {
				return fmt.Errorf("solve: --time-limit %v is negative (give a positive duration such as 60s, or 0 for no limit)", tl)
			}
			path := c.String("instance")
			in, err := instances.ReadFile(path)
			if err != nil {
				return err
			}
			order, err := parseJobOrder(in, c.String("order"))
			if err != nil {
				return err
			}
			eng, err := engine.Lazy(c.String("engine"))
			if err != nil {
				return err
			}
			opt := exact.Options{Method: c.String("method"), Order: order, TimeLimit: c.Duration("time-limit"), Start: processStart, K: c.Int("k")}
			if !c.Bool("quiet") {
				opt.Progress = func(s string) { fmt.Fprintln(c.App.ErrWriter, s) }
			}
			a, err := exact.Solve(context.Background(), eng, in, opt)
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			if out := c.String("schedule"); out != "" {
				if err := schedule.WriteFile(out, in, a.Schedule); err != nil {
					return err
				}
				if !c.Bool("quiet") {
					fmt.Fprintf(c.App.ErrWriter, "wrote %s (%d segments)\n", out, len(a.Schedule.Segments))
				}
			}
			o := solveOutput{Instance: path, Method: a.Method, Engine: a.Engine, Status: a.Status, Objective: a.Objective,
				LowerBound: a.LowerBound, BoundSource: a.BoundSource, ScheduleSource: a.ScheduleSource, Bounds: a.Bounds,
				Gap: a.Gap, Nodes: a.Nodes, LPs: a.LPs, TimeSeconds: a.Time.Seconds(), Detail: a.Detail, Notes: a.Notes}
			for _, j := range a.Order {
				o.Order = append(o.Order, in.Jobs[j].ID)
			}
			for i, j := range in.Jobs {
				o.Jobs = append(o.Jobs, solveJob{ID: j.ID, Release: j.Release, Map: j.Map, Shuffle: j.Shuffle,
					Completion: a.Schedule.Completion[i], Response: a.Schedule.Completion[i] - j.Release})
			}
			w := c.App.Writer
			if format == tabular.JSON {
				return tabular.WriteJSON(w, o)
			}
			t := &tabular.Table{Header: []string{"id", "release", "map", "shuffle", "completion", "response"}, RightAlign: []bool{false, true, true, true, true, true}}
			for _, j := range o.Jobs {
				t.Add(j.ID, tabular.Float(j.Release), tabular.Float(j.Map), tabular.Float(j.Shuffle), tabular.Float(j.Completion), tabular.Float(j.Response))
			}
			if format == tabular.CSV {
				return t.Write(w, format)
			}
			fmt.Fprintf(w, "method %s", o.Method)
			if o.Engine != "" {
				fmt.Fprintf(w, " (engine %s)", o.Engine)
			}
			fmt.Fprintf(w, ": %s, objective %s (%s), lower bound %s (%s), gap %s, %d nodes, %d LPs, %.3gs\norder %s\n",
				o.Status, tabular.Float(o.Objective), o.ScheduleSource, tabular.Float(o.LowerBound), o.BoundSource, tabular.Float(o.Gap), o.Nodes, o.LPs, o.TimeSeconds, strings.Join(o.Order, ","))
			for _, n := range o.Notes {
				fmt.Fprintf(w, "note: %s\n", n)
			}
			return t.Write(w, format)
		},
	}
}

type boundRow struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
	Kind  string  `json:"kind"`
	Note  string  `json:"note"`
}

func boundCmd() *cli.Command {
	return &cli.Command{
		Name:     "bound",
		Category: catExact,
		Usage:    "every lower bound on OPT and the approximation guarantees of MaxSRPT and SplitSRPT",
		Description: `Prints α and β with MaxSRPT's 2α/(1+α) (Theorem 3, Corollary 4) and SplitSRPT's 1 + 1/β
(Theorem 5, Corollary 6); the §5.1 lower bound; the counting bound (b) (≥ §5.1); for batches
the prefix bound (a) Σ_k max(X_(k), Y_(k)) (≥ §5.1) and, up to 22 jobs, the subset bound
(min over completion orders of the prefix sums, ≥ (a)); and, unless --no-lp, the LP
relaxation of the exact MIP (engine --engine). Bounds are on the total response time Σ (C_j − r_j).

Example:
   mrsched gen taillard --jobs 10 --machines 2 --seed 873654221 --format json > /tmp/ta10.json
   mrsched bound --instance /tmp/ta10.json
   mrsched bound --instance /tmp/ta10.json --format json --no-lp`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "instance", Aliases: []string{"i"}, Required: true, Usage: "tandem instance `FILE`"},
			&cli.StringFlag{Name: "engine", Value: engine.DefaultName, Usage: "engine for the LP relaxation"},
			&cli.BoolFlag{Name: "no-lp", Usage: "skip the LP relaxation"},
			tandemFormatFlag(),
		},
		Action: func(c *cli.Context) error {
			format, err := tabular.ParseFormat(c.String("format"))
			if err != nil {
				return err
			}
			in, err := instances.ReadFile(c.String("instance"))
			if err != nil {
				return err
			}
			al, be := bounds.Alpha(in), bounds.Beta(in)
			rows := []boundRow{
				{"alpha", al, "parameter", "max_i max(x_i/y_i, y_i/x_i), Theorem 3"},
				{"maxsrpt_guarantee", bounds.MaxSRPTGuarantee(al), "guarantee", "2α/(1+α): speed (Thm 3), batch ratio (Cor 4)"},
				{"beta", be, "parameter", "min_i max(x_i/y_i, y_i/x_i), Theorem 5 / Cor 6"},
				{"splitsrpt_guarantee", bounds.SplitSRPTGuarantee(be), "guarantee", "1 + 1/β: speed (Thm 5), batch ratio (Cor 6)"},
				{"paper51", bounds.Paper51(in), "lower bound", "§5.1: SRPT in map and shuffle systems per busy period"},
				{"counting", bounds.Counting(in), "lower bound", "(b) ∫ arrived − min(N_A, N_B) dt"},
			}
			if pb, err := bounds.PrefixBatch(in); err == nil {
				rows = append(rows, boundRow{"prefix", pb, "lower bound", "(a) batch: Σ_k max(X_(k), Y_(k))"})
			}
			if h, ok := search.SubsetBound(in); ok {
				rows = append(rows, boundRow{"subset", h, "lower bound", "batch, n ≤ 22: min over orders of Σ_k max(X_k, Y_k) (subset DP, ≥ prefix)"})
			}
			if !c.Bool("no-lp") {
				eng, err := engine.Get(c.String("engine"))
				if err != nil {
					return err
				}
				v, err := mipform.LPRelaxation(context.Background(), eng, in)
				if err != nil {
					return err
				}
				rows = append(rows, boundRow{"lp_relaxation", v, "lower bound", "LP relaxation of the exact MIP (" + eng.Name() + ")"})
			}
			if format == tabular.JSON {
				return tabular.WriteJSON(c.App.Writer, rows)
			}
			t := &tabular.Table{Header: []string{"name", "value", "kind", "note"}, RightAlign: []bool{false, true, false, false}}
			for _, r := range rows {
				t.Add(r.Name, tabular.Float(r.Value), r.Kind, r.Note)
			}
			return t.Write(c.App.Writer, format)
		},
	}
}

func exportCmd() *cli.Command {
	return &cli.Command{
		Name:     "export",
		Category: catExact,
		Usage:    "write the exact MIP of a tandem instance in LP or MPS format for other solvers",
		Description: `Writes the batch MIP (every release 0) or the release-date MIP (docs/exact.md) so that
CBC, HiGHS, Gurobi, CPLEX, SCIP or GLPK can solve it; its optimum is Σ (C_j − r_j) of an
optimal schedule. --release-form writes the release-date form even for a batch.

Example:
   mrsched gen taillard --jobs 6 --machines 2 --seed 873654221 --format json > /tmp/ta6.json
   mrsched export --instance /tmp/ta6.json --mps --out /tmp/ta6.mps
   mrsched export --instance /tmp/ta6.json --lp | head`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "instance", Aliases: []string{"i"}, Required: true, Usage: "tandem instance `FILE`"},
			&cli.BoolFlag{Name: "lp", Usage: "CPLEX LP format"},
			&cli.BoolFlag{Name: "mps", Usage: "free MPS format"},
			&cli.BoolFlag{Name: "release-form", Usage: "use the release-date formulation even for a batch"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "output `FILE` (default stdout)"},
		},
		Action: func(c *cli.Context) error {
			if c.Bool("lp") == c.Bool("mps") {
				return fmt.Errorf("export: give exactly one of --lp and --mps")
			}
			in, err := instances.ReadFile(c.String("instance"))
			if err != nil {
				return err
			}
			f, err := mipform.Build(in, c.Bool("release-form"))
			if err != nil {
				return err
			}
			var b bytes.Buffer
			if c.Bool("lp") {
				err = mip.WriteLP(&b, f.Model)
			} else {
				err = mip.WriteMPS(&b, f.Model)
			}
			if err != nil {
				return err
			}
			if out := c.String("out"); out != "" {
				return instances.AtomicWrite(out, b.Bytes())
			}
			_, err = c.App.Writer.Write(b.Bytes())
			return err
		},
	}
}

func genTaillardCmd() *cli.Command {
	return &cli.Command{
		Name:  "taillard",
		Usage: "Taillard's flow-shop instances (EJOR 64, 1993): .fsp text or a tandem instance (machines 1, 2)",
		Description: `Taillard's generator: Lehmer a = 16807, m = 2^31 − 1 with Schrage's split, times
1 + ⌊u·99⌋ drawn machine by machine. --format fsp prints Taillard's layout (one row per
machine); --format json prints the tandem instance whose map and shuffle sizes are
machines 1 and 2. --seeds20x5 K uses the K-th (1…10) seed of the 20 × 5 set (ta001–ta010).

Example:
   mrsched gen taillard --jobs 20 --machines 5 --seed 873654221
   mrsched gen taillard --jobs 20 --machines 5 --seeds20x5 3 --format json --out /tmp/ta003.json`,
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "jobs", Value: 20, Usage: "number of jobs"},
			&cli.IntFlag{Name: "machines", Value: 5, Usage: "number of machines (≥ 2 for json)"},
			&cli.Int64Flag{Name: "seed", Value: taillard.Seeds20x5[0], Usage: "time seed (1 … 2^31−2)"},
			&cli.IntFlag{Name: "seeds20x5", Usage: "use seed K (1…10) of Taillard's 20 × 5 set"},
			&cli.StringFlag{Name: "format", Value: "fsp", Usage: "fsp or json"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "output `FILE` (default stdout)"},
		},
		Action: func(c *cli.Context) error {
			seed := c.Int64("seed")
			if k := c.Int("seeds20x5"); k != 0 {
				if k < 1 || k > 10 {
					return fmt.Errorf("--seeds20x5: %d outside 1…10", k)
				}
				seed = taillard.Seeds20x5[k-1]
			}
			ti, err := taillard.Generate(c.Int("jobs"), c.Int("machines"), seed)
			if err != nil {
				return err
			}
			var b bytes.Buffer
			switch strings.ToLower(c.String("format")) {
			case "fsp":
				err = taillard.Write(&b, ti)
			case "json":
				var in *instances.Instance
				if in, err = ti.ToTandem(); err == nil {
					err = instances.WriteJSON(&b, in)
				}
			default:
				return fmt.Errorf("--format: %q (want fsp or json)", c.String("format"))
			}
			if err != nil {
				return err
			}
			return writeTaillardOut(c, b.Bytes())
		},
	}
}

func writeTaillardOut(c *cli.Context, data []byte) error {
	if out := c.String("out"); out != "" {
		return instances.AtomicWrite(out, data)
	}
	_, err := c.App.Writer.Write(data)
	return err
}

func importTaillardCmd() *cli.Command {
	return &cli.Command{
		Name:      "taillard",
		Usage:     "convert a Taillard .fsp file into a tandem instance (machines 1 and 2)",
		ArgsUsage: "FILE.fsp",
		Description: `Reads Taillard's layout (header line, numbers, "processing times :", machine rows; several
instances per file) or the bare layout ("jobs machines" then machine rows) and writes the
tandem instance of the --index-th instance (1-based) with map = machine 1, shuffle = machine 2.

Example:
   mrsched gen taillard --jobs 20 --machines 5 --out /tmp/ta001.fsp
   mrsched import taillard --out /tmp/ta001.json /tmp/ta001.fsp

Flags go before FILE.fsp.`,
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "index", Value: 1, Usage: "which instance of the file (1-based)"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "output `FILE` (JSON, or CSV by extension; default stdout JSON)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return fmt.Errorf("import taillard: want one FILE.fsp argument after the flags, got %d (%s)", c.NArg(), strings.Join(c.Args().Slice(), " "))
			}
			path := c.Args().First()
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			defer f.Close()
			list, err := taillard.Read(f, path)
			if err != nil {
				return err
			}
			k := c.Int("index")
			if k < 1 || k > len(list) {
				return fmt.Errorf("%s: --index %d, the file holds %d instance(s)", path, k, len(list))
			}
			in, err := list[k-1].ToTandem()
			if err != nil {
				return fmt.Errorf("%s: instance %d: %w", path, k, err)
			}
			if out := c.String("out"); out != "" {
				return instances.WriteFile(out, in)
			}
			return instances.WriteJSON(c.App.Writer, in)
		},
	}
}
