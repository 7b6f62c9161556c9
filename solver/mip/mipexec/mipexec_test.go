package mipexec

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mrsched/mrsched/solver/mip"
)

var errTest = errors.New("mipexec test: solver failed")

// prog is a Program around the shell command script (run as sh -c script
// model sol), whose parser reads the solution file's single number.
func prog(t *testing.T, script string, failOnExit bool) Program {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Fatalf("sh: %v", err)
	}
	return Program{
		Prefix: "test", Path: sh, TempPrefix: "mipexec-test-", KillMargin: 100 * time.Millisecond,
		ErrSolver: errTest, FailOnExit: failOnExit,
		Args: func(model, sol string, _ float64, _ mip.Options, _ time.Time) []string {
			return []string{"-c", script, "sh", model, sol}
		},
		Parse: func(m *mip.Model, data []byte, _ string) (mip.Result, error) {
			return mip.Result{Status: mip.Optimal, Objective: float64(len(data)) + m.Offset}, nil
		},
		LogBound: func(string, mip.Sense) (float64, bool) { return 0, false },
		LogNodes: func(string) int64 { return 0 },
	}
}

func model() *mip.Model {
	return &mip.Model{Sense: mip.Minimize, Offset: 10, Vars: []mip.Var{{Name: "x", Lower: 0, Upper: 1, Obj: 1}}}
}

// TestSolve checks the paths of Solve: the solution file reaches the
// parser (the objective is its length, 3 bytes, plus the model's constant
// 10, which the LP file leaves out); a program that fails without a
// solution file is an ErrSolver naming the last log line; with FailOnExit
// a failing program is an error even when it wrote a solution.
func TestSolve(t *testing.T) {
	ctx := context.Background()
	r, err := prog(t, `printf abc > "$2"`, false).Solve(ctx, model(), mip.Options{})
	if err != nil || r.Objective != 13 {
		t.Fatalf("solution: got %v, %v; want objective 13", r.Objective, err)
	}
	_, err = prog(t, `echo broken; exit 3`, false).Solve(ctx, model(), mip.Options{})
	if !errors.Is(err, errTest) || !strings.Contains(err.Error(), "broken") {
		t.Fatalf("no solution file: got %v, want errTest naming the log", err)
	}
	r, err = prog(t, `printf ab > "$2"; exit 1`, false).Solve(ctx, model(), mip.Options{})
	if err != nil || r.Objective != 12 {
		t.Fatalf("exit 1 with a solution, FailOnExit false: got %v, %v; want 12", r.Objective, err)
	}
	if _, err = prog(t, `printf ab > "$2"; exit 1`, true).Solve(ctx, model(), mip.Options{}); !errors.Is(err, errTest) {
		t.Fatalf("exit 1 with FailOnExit: got %v, want errTest", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if r, err := prog(t, `sleep 5`, false).Solve(cctx, model(), mip.Options{}); err == nil || r.Status != mip.Interrupted {
		t.Fatalf("cancelled: got %v, %v; want status Interrupted and an error", r.Status, err)
	}
}

// TestLastLines: the last k lines of the trimmed log, joined by " | ".
func TestLastLines(t *testing.T) {
	if got := LastLines("a\nb\nc\nd\n\n", 2); got != "c | d" {
		t.Errorf("LastLines = %q, want %q", got, "c | d")
	}
}

// TestReap: a program still running when the process ends (an abandoned
// method's, whose context is never cancelled) is killed and waited for,
// its folder removed, and no program starts after Reap. The program
// writes its pid and waits for a file that never comes; the test waits
// for the pid (an event, not a duration).
func TestReap(t *testing.T) {
	defer func() { reg = registry{runs: map[*running]bool{}} }() // other tests run engines
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	p := prog(t, `echo $$ > "$1.pid"; while [ ! -e "$1.never" ]; do sleep 0.05; done`, false)
	done := make(chan error, 1)
	go func() {
		_, err := p.Solve(context.Background(), model(), mip.Options{})
		done <- err
	}()
	var pid int
	for pid == 0 {
		if b, err := os.ReadFile(filepath.Join(globOne(t, tmp, "mipexec-test-*"), "model.lp.pid")); err == nil && len(b) > 1 {
			pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		}
		select {
		case err := <-done:
			t.Fatalf("Solve returned (%v) before the program ran", err)
		case <-time.After(5 * time.Millisecond):
		}
	}
	Reap()
	if err := syscall.Kill(pid, 0); err == nil {
		t.Errorf("program %d still running after Reap", pid)
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "mipexec-test-*")); len(left) > 0 {
		t.Errorf("folders left after Reap: %v", left)
	}
	select {
	case <-done: // Solve returns: its program was killed
	case <-time.After(time.Minute): // a hang, not a speed limit
		syscall.Kill(pid, syscall.SIGKILL)
		t.Fatal("Solve did not return after Reap")
	}
	if _, err := p.Solve(context.Background(), model(), mip.Options{}); !errors.Is(err, ErrReaped) {
		t.Errorf("Solve after Reap: %v, want ErrReaped", err)
	}
}

// globOne returns the one match of pattern in dir, or "" (no match yet).
func globOne(t *testing.T, dir, pattern string) string {
	t.Helper()
	m, _ := filepath.Glob(filepath.Join(dir, pattern))
	if len(m) == 0 {
		return dir + "/none"
	}
	return m[0]
}
