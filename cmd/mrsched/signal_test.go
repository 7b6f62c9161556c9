package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/cbccli"
	"github.com/mrsched/mrsched/solver/exact"
)

// runMainEnv makes the test binary run the program's main (the re-exec
// pattern), so that a test can run mrsched as a process and signal it.
const runMainEnv = "MRSCHED_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(runMainEnv) == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// TestInterruptSolve runs 'mrsched solve' (the portfolio: search and the
// cbc program) as a process, waits until its cbc child runs (its pid in /proc, the model in
// the temporary folder), sends the signal and checks the promise: exit
// 130 (SIGINT) or 143 (SIGTERM), the answer so far with status
// "interrupted", the --schedule file written, the child killed and
// reaped, no temporary folder or file left. Only events are waited for;
// the overall limit only guards against a hang.
func TestInterruptSolve(t *testing.T) {
	// The portfolio runs the cbc program beside its search on a batch
	// (portfolio.ChooseMIP).
	testenv.Require(t, "CBC command-line program (cbc)", "as root: apt-get install -y coinor-cbc", cbccli.New)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		sig  syscall.Signal
		want int // 128 + the signal's number, as a shell reports it
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			dir, tmp := t.TempDir(), t.TempDir()
			in := filepath.Join(dir, "in.json")
			// A batch of 32 log-normal jobs (the largest on which the
			// portfolio runs cbc; above, its second core runs the local
			// search): the search and cbc are far from a proof when cbc
			// has started (the test waits for that event, then signals).
			n := strconv.Itoa(exact.SearchLocalMinN - 1)
			if code, _, e := runCmd(t, "gen", "lognormal", "-n", n, "--batch", "--seed", "3", "--out", in, "--quiet"); code != 0 {
				t.Fatal(e)
			}
			sched := filepath.Join(dir, "sched.json")
			cmd := exec.Command(self, "solve", "-i", in, "--time-limit", "1h", "--schedule", sched, "--format", "json")
			cmd.Env = append(os.Environ(), runMainEnv+"=1", "TMPDIR="+tmp)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			child := waitForChild(t, cmd.Process.Pid, tmp, exited)
			if err := cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			var werr error
			select {
			case werr = <-exited:
			case <-time.After(2 * time.Minute): // a hang, not a speed limit
				cmd.Process.Kill()
				t.Fatalf("no exit 2 minutes after %v; stderr %s", tc.sig, stderr.String())
			}
			var ee *exec.ExitError
			if !errors.As(werr, &ee) || ee.ExitCode() != tc.want {
				t.Errorf("exit %v, want status %d; stderr %s", werr, tc.want, stderr.String())
			}
			var res struct{ Status string }
			if err := json.Unmarshal(stdout.Bytes(), &res); err != nil || res.Status != "interrupted" {
				t.Errorf("answer status %q (%v), want interrupted; stdout %.300s", res.Status, err, stdout.String())
			}
			if fi, err := os.Stat(sched); err != nil || fi.Size() == 0 {
				t.Errorf("--schedule file: %v", err)
			}
			if _, err := os.Stat(filepath.Join("/proc", strconv.Itoa(child))); err == nil && !exitedPid(child) {
				t.Errorf("cbc child %d still running", child)
			}
			if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
			if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp*")); len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}

// waitForChild returns the pid of the cbc child of process parent once it
// runs on its model in tmp; it fails if parent exits first.
func waitForChild(t *testing.T, parent int, tmp string, exited chan error) int {
	t.Helper()
	guard := time.After(2 * time.Minute) // a hang, not a speed limit
	for {
		if models, _ := filepath.Glob(filepath.Join(tmp, "mrsched-cbc-*", "model.lp")); len(models) > 0 {
			if pid := childOf(parent); pid > 0 {
				return pid
			}
		}
		select {
		case err := <-exited:
			t.Fatalf("mrsched exited (%v) before its cbc child was seen", err)
		case <-guard:
			t.Fatal("no cbc child after 2 minutes")
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// childOf returns the pid of a child process of parent (from /proc), or 0.
func childOf(parent int) int {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, s := range stats {
		b, err := os.ReadFile(s)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: the fields after the last ')'.
		f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
		if len(f) > 1 && f[1] == strconv.Itoa(parent) {
			pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(s)))
			return pid
		}
	}
	return 0
}

// exitedPid reports whether pid is a zombie or gone (a reused pid is
// another process: its command line no longer names a model).
func exitedPid(pid int) bool {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
	return err != nil || !strings.Contains(string(b), "mrsched-cbc-")
}
