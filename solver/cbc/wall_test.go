//go:build cbc

package cbc_test

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mrsched/mrsched/solver/cbc"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/mip/miptest"
)

const wallChildEnv = "MRSCHED_CBC_WALL_CHILD"

// inSolveCPU is the CPU time the child spends in the solve before it stops
// itself: far above the model's loading time, far below the 0.5 s of CPU
// that TestTimeLimitIsWallClock allows.
const inSolveCPU = 0.05

// wallChildModel is the hard MIP of the wall-clock tests: a market split
// instance (Cornuéjols and Dawande 1999) with 6 rows and 50 binaries, far
// beyond what CBC proves optimal in a second of CPU time (5 rows already
// take over a second, TestTimeLimitReturnsBestSolution).
func wallChildModel() *mip.Model { return miptest.MarketSplit(rand.New(rand.NewPCG(6, 6)), 6) }

// TestWallClockChild is the child process of the wall-clock tests (it
// does nothing unless MRSCHED_CBC_WALL_CHILD is "limit" or "deadline"): it
// solves wallChildModel with a 1 s limit (Options.TimeLimit or a context
// deadline), stops itself (SIGSTOP) after inSolveCPU of CPU time in the solve until the parent
// resumes it, and prints the status and the CPU time of the solve.
func TestWallClockChild(t *testing.T) {
	mode := os.Getenv(wallChildEnv)
	if mode == "" {
		t.Skip("child process of TestTimeLimitIsWallClock")
	}
	ctx, opt := context.Background(), mip.Options{}
	if mode == "deadline" {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Second)
		defer cancel()
	} else {
		opt.TimeLimit = time.Second
	}
	m := wallChildModel()
	cpu0 := cpuSeconds()
	go func() {
		// Stop once the process has spent inSolveCPU of CPU time since the
		// call: loading a 6×50 model takes microseconds, so CBC is then in
		// its branch and bound, on a machine of any speed and load (a
		// wall-clock delay could fire before the solve had started on a
		// loaded machine, and the deadline would then pass before CBC ran).
		for cpuSeconds()-cpu0 < inSolveCPU {
			time.Sleep(time.Millisecond)
		}
		syscall.Kill(os.Getpid(), syscall.SIGSTOP)
	}()
	r, err := cbc.New().Solve(ctx, m, opt)
	cpu := cpuSeconds() - cpu0
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("RESULT %s %g\n", strings.ReplaceAll(r.Status.String(), " ", "_"), cpu)
}

func cpuSeconds() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// Regression test: CBC's time limit was CPU time (a 60 s
// limit took over 4 minutes on a loaded machine). CBC's seconds limit
// counts CPU time unless timeMode is "elapsed" (CbcOrClpParam.cpp,
// timeMode: "cpu uses CPU time for stopping, while elapsed uses elapsed
// time"). The child process stops itself 50 ms of CPU time into a solve with a 1 s
// limit; the parent waits until it is stopped, leaves it stopped for 2 s
// (time that passes on the clock while the child gets no CPU, as on a
// loaded machine) and resumes it. A wall-clock limit has then passed, and
// CBC stops at its next check, having used a few tens of milliseconds of
// CPU; a CPU-time limit would let it run on for about 1 s of CPU (the
// model is far beyond what CBC proves in a second, so it cannot finish
// earlier). The check — status time limit and less than 0.5 s of CPU in
// the solve — holds on a machine of any speed and load: what is measured
// is the child's CPU time, not the parent's clock, and the 2 s only need
// to exceed the 1 s limit.
func TestTimeLimitIsWallClock(t *testing.T) {
	for _, mode := range []string{"limit", "deadline"} {
		t.Run(mode, func(t *testing.T) {
			status, cpu := runStoppedChild(t, mode)
			t.Logf("%s: status %s, CPU time of the solve %.3f s", mode, status, cpu)
			if status != "time_limit" {
				t.Errorf("status %s, want time limit", status)
			}
			if cpu >= 0.5 {
				t.Fatalf("the solve ran on for %.2f s of CPU after its 1 s wall-clock limit had passed: CBC measured CPU time", cpu)
			}
		})
	}
}

func runStoppedChild(t *testing.T, mode string) (status string, cpu float64) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute) // only a safety net
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestWallClockChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), wallChildEnv+"="+mode)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until the child has stopped itself, then let 2 s pass.
	pid := cmd.Process.Pid
	for ctx.Err() == nil && !stopped(pid) {
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(2 * time.Second)
	cmd.Process.Signal(syscall.SIGCONT)
	var line string
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "RESULT ") {
			line = sc.Text()
		}
	}
	werr := cmd.Wait()
	if line == "" {
		t.Fatalf("child printed no result (exit: %v)", werr)
	}
	f := strings.Fields(line)
	if len(f) != 3 {
		t.Fatalf("child result %q", line)
	}
	cpu, _ = strconv.ParseFloat(f[2], 64)
	return f[1], cpu
}

// stopped reports whether process pid is stopped (state T in
// /proc/PID/stat).
func stopped(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && i+2 < len(s) && s[i+2] == 'T'
}
