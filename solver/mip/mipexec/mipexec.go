package mipexec

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/mrsched/mrsched/solver/mip"
)

// ErrReaped: the program is ending (Reap ran), no engine starts.
var ErrReaped = errors.New("mipexec: the program is ending")

// running is an engine program of Solve: its temporary folder and, once
// started, its process.
type running struct {
	mu   sync.Mutex
	dir  string
	cmd  *exec.Cmd
	dead bool // reaped: no start
	// waited is closed when Solve has waited for the started process.
	waited chan struct{}
}

// start starts cmd unless the run was reaped.
func (r *running) start(cmd *exec.Cmd) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.dead {
		return ErrReaped
	}
	r.cmd = cmd
	return cmd.Start()
}

// registry is the engine programs of the process.
type registry struct {
	mu     sync.Mutex
	runs   map[*running]bool
	closed bool
}

var reg = registry{runs: map[*running]bool{}}

func (g *registry) add(r *running) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return false
	}
	g.runs[r] = true
	return true
}

func (g *registry) remove(r *running) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.runs, r)
}

// Reap kills every engine program still running (one of a method given up
// at the deadline, or interrupted), waits for its end and removes its
// temporary folder; no program starts afterwards. A program calls it
// before it exits, on every exit path, so that it leaves no child process
// and no /tmp/mrsched-* folder behind.
func Reap() {
	reg.mu.Lock()
	reg.closed = true
	runs := make([]*running, 0, len(reg.runs))
	for r := range reg.runs {
		runs = append(runs, r)
	}
	reg.mu.Unlock()
	for _, r := range runs {
		r.mu.Lock()
		r.dead = true
		started := r.cmd != nil && r.cmd.Process != nil
		if started {
			r.cmd.Process.Kill()
		}
		r.mu.Unlock()
		if started {
			// Solve waits for the killed process (cmd.Wait); waitDelay
			// bounds the wait for a Solve that is not scheduled.
			select {
			case <-r.waited:
			case <-time.After(waitDelay):
			}
		}
		os.RemoveAll(r.dir)
	}
}

// waitDelay is how long Solve waits for the output of a killed program.
const waitDelay = 2 * time.Second

// Program describes one solver program.
type Program struct {
	Prefix     string        // error prefix, the engine's package name
	Path       string        // the program
	TempPrefix string        // prefix of the temporary directory
	KillMargin time.Duration // how long after the limit the program is killed
	ErrSolver  error         // wraps failures of the program and unreadable output
	// FailOnExit makes a non-zero exit status (before the limit) an error
	// even when a solution file was written.
	FailOnExit bool
	// Args returns the program's arguments for the model file, the
	// solution file, the relative gap and the limit end (zero: none).
	Args func(model, sol string, gap float64, opt mip.Options, end time.Time) []string
	// Parse reads the solution file and the log into a result (objective
	// without the model's constant).
	Parse func(m *mip.Model, data []byte, log string) (mip.Result, error)
	// LogBound and LogNodes read the best bound and the node count from
	// the log of a program killed after its limit.
	LogBound func(log string, sense mip.Sense) (float64, bool)
	LogNodes func(log string) int64
}

// Solve solves m with the program. A cancelled context kills it and returns
// status Interrupted with the context's error; an expired one returns
// status TimeLimit.
func (p Program) Solve(ctx context.Context, m *mip.Model, opt mip.Options) (mip.Result, error) {
	start := time.Now()
	bad := mip.Result{Status: mip.Error, Objective: math.NaN(), BestBound: math.NaN(), Gap: math.Inf(1)}
	if len(m.Vars) == 0 {
		return mip.SolveEmpty(m), nil
	}
	if err := m.Validate(); err != nil {
		return bad, fmt.Errorf("%s: %w", p.Prefix, err)
	}
	dir, err := os.MkdirTemp("", p.TempPrefix)
	if err != nil {
		return bad, fmt.Errorf("%w: %w", p.ErrSolver, err)
	}
	defer os.RemoveAll(dir)
	run := &running{dir: dir, waited: make(chan struct{})}
	if !reg.add(run) {
		return bad, fmt.Errorf("%s: %w", p.Prefix, ErrReaped)
	}
	defer reg.remove(run)
	// The LP readers take no constant in the objective: the offset is
	// added back to the objective and the bound read.
	noOffset := *m
	noOffset.Offset = 0
	var lp bytes.Buffer
	if err := mip.WriteLP(&lp, &noOffset); err != nil {
		return bad, fmt.Errorf("%s: %w", p.Prefix, err)
	}
	model, sol := filepath.Join(dir, "model.lp"), filepath.Join(dir, "model.sol")
	if err := os.WriteFile(model, lp.Bytes(), 0o600); err != nil {
		return bad, fmt.Errorf("%w: %w", p.ErrSolver, err)
	}
	gap := opt.RelGap
	if gap <= 0 {
		gap = mip.DefaultRelGap
	}
	var end time.Time
	if opt.TimeLimit > 0 {
		end = start.Add(opt.TimeLimit)
	}
	if d, ok := ctx.Deadline(); ok && (end.IsZero() || d.Before(end)) {
		end = d
	}
	runCtx := ctx
	if !end.IsZero() {
		var cancel context.CancelFunc
		runCtx, cancel = context.WithDeadline(context.WithoutCancel(ctx), end.Add(p.KillMargin))
		defer cancel()
		stop := context.AfterFunc(ctx, cancel) // a cancelled ctx still kills at once
		defer stop()
	}
	// A cancelled runCtx kills the program (cmd.Cancel's default) and Wait
	// returns waitDelay later at most, even if a child of the program
	// holds its output open: the program is reaped and dir removed on
	// every return.
	cmd := exec.CommandContext(runCtx, p.Path, p.Args(model, sol, gap, opt, end)...)
	cmd.WaitDelay = waitDelay
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	runErr := run.start(cmd)
	if runErr == nil {
		runErr = cmd.Wait()
		close(run.waited)
	}
	if opt.Log != nil {
		opt.Log.Write(log.Bytes())
	}
	if ctx.Err() != nil {
		bad.Status = mip.Interrupted
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			bad.Status, bad.Time = mip.TimeLimit, time.Since(start)
			return bad, nil
		}
		return bad, fmt.Errorf("%s: %w", p.Prefix, ctx.Err())
	}
	if runErr != nil && runCtx.Err() != nil {
		// Killed after the limit: no solution file, but the progress
		// lines still give a bound.
		bad.Status, bad.Time = mip.TimeLimit, time.Since(start)
		if b, ok := p.LogBound(log.String(), m.Sense); ok {
			bad.BestBound = b + m.Offset
		}
		bad.Nodes = p.LogNodes(log.String())
		return bad, nil
	}
	if runErr != nil && p.FailOnExit {
		return bad, fmt.Errorf("%w: %w: %s", p.ErrSolver, runErr, LastLines(log.String(), 3))
	}
	data, err := os.ReadFile(sol)
	if err != nil {
		if runErr != nil {
			return bad, fmt.Errorf("%w: no solution file (%v): %s", p.ErrSolver, runErr, LastLines(log.String(), 3))
		}
		return bad, fmt.Errorf("%w: no solution file: %s", p.ErrSolver, LastLines(log.String(), 3))
	}
	r, err := p.Parse(m, data, log.String())
	if err != nil {
		return bad, err
	}
	r.Time = time.Since(start)
	return r, nil
}

// Finish completes a result whose Status and HasSolution a program's Parse
// has read: with a solution, X is x and Objective is m's objective at x
// (its constant included); a proven optimum (proved) is its own bound with
// gap 0, otherwise the bound logBound reads from the log (plus m's
// constant) is the best bound and, with a solution, gives the gap
// (mip.EngineGap); Nodes is what logNodes reads from the log.
func Finish(m *mip.Model, r mip.Result, x []float64, log string, proved bool,
	logBound func(log string, sense mip.Sense) (float64, bool), logNodes func(log string) int64) mip.Result {
	if r.HasSolution {
		r.X = x
		obj := m.Offset
		for j, v := range m.Vars {
			obj += v.Obj * x[j]
		}
		r.Objective = obj
	}
	if proved {
		r.BestBound, r.Gap = r.Objective, 0
	} else if b, ok := logBound(log, m.Sense); ok {
		r.BestBound = b + m.Offset
		if r.HasSolution {
			r.Gap = mip.EngineGap(r.Objective, r.BestBound)
		}
	}
	r.Nodes = logNodes(log)
	return r
}

// LastLines returns the last k lines of s (trimmed), joined by " | ",
// for error messages.
func LastLines(s string, k int) string {
	ls := strings.Split(strings.TrimSpace(s), "\n")
	if len(ls) > k {
		ls = ls[len(ls)-k:]
	}
	return strings.Join(ls, " | ")
}
