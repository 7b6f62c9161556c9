package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/cbccli"
	"github.com/mrsched/mrsched/solver/exact"
	"github.com/mrsched/mrsched/solver/exact/mipform"
	"github.com/mrsched/mrsched/solver/glpk"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
)

// external runs a method outside this process: "baseline" (solve --method
// search of the binary bin, an older build), "glpsol" (GLPK on the exported
// MIP, through package solver/glpk, which runs glpsol on the LP file of
// mip.WriteLP — the file `mrsched export --lp` writes) or "cbc" (the native
// cbc program on the same LP file). Times are wall-clock of the whole run.
func external(method, bin string, in *instances.Instance, limit time.Duration) (r row) {
	r = row{Method: method, Engine: method, Objective: math.NaN(), LowerBound: math.NaN(), Gap: math.NaN()}
	dir, err := os.MkdirTemp("", "mrsched-bench-")
	if err != nil {
		r.Status = "error: " + err.Error()
		return r
	}
	defer os.RemoveAll(dir)
	t0 := time.Now()
	cpu0 := childCPU()
	defer func() { r.Seconds, r.CPUSeconds = time.Since(t0).Seconds(), childCPU()-cpu0 }()
	switch method {
	case "baseline":
		r.Engine = "fastlp (baseline build)"
		f := filepath.Join(dir, "in.json")
		var b bytes.Buffer
		if err := instances.WriteJSON(&b, in); err != nil {
			r.Status = "error: " + err.Error()
			return r
		}
		if err := os.WriteFile(f, b.Bytes(), 0o600); err != nil {
			r.Status = "error: " + err.Error()
			return r
		}
		t0 = time.Now()
		out, err := exec.Command(bin, "solve", "-i", f, "-m", "search", "--time-limit", limit.String(), "--format", "json", "--quiet").Output()
		r.Seconds = time.Since(t0).Seconds()
		if err != nil {
			r.Status = "error: " + err.Error()
			return r
		}
		var a struct {
			Status     string  `json:"status"`
			Objective  float64 `json:"objective"`
			LowerBound float64 `json:"lower_bound"`
			Gap        float64 `json:"gap"`
			Nodes      int64   `json:"nodes"`
		}
		if err := json.Unmarshal(out, &a); err != nil {
			r.Status = "error: " + err.Error()
			return r
		}
		r.Status, r.Objective, r.LowerBound, r.Gap, r.Nodes = a.Status, a.Objective, a.LowerBound, a.Gap, a.Nodes
		return r
	}
	f, err := mipform.Build(in, false)
	if err != nil {
		r.Status = "error: " + err.Error()
		return r
	}
	switch method {
	case "glpsol":
		g, err := glpk.New()
		if err != nil {
			r.Status = "error: " + err.Error()
			return r
		}
		t0 = time.Now()
		res, err := g.Solve(context.Background(), f.Model, mip.Options{TimeLimit: limit, RelGap: 1e-9})
		if err != nil {
			r.Status = "error: " + err.Error()
			return r
		}
		r.Engine = g.Version()
		r.Status, r.Objective, r.LowerBound, r.Nodes = statusName(res.Status), res.Objective, res.BestBound, res.Nodes
	case "cbc-cli":
		c, err := cbccli.New()
		if err != nil {
			r.Status = "error: " + err.Error()
			return r
		}
		t0 = time.Now()
		res, err := c.Solve(context.Background(), f.Model, mip.Options{TimeLimit: limit, RelGap: 1e-9})
		if err != nil {
			r.Status = "error: " + err.Error()
			return r
		}
		r.Engine = c.Version()
		r.Status, r.Objective, r.LowerBound, r.Nodes = statusName(res.Status), res.Objective, res.BestBound, res.Nodes
	case "cbc":
		lp := filepath.Join(dir, "model.lp")
		var b bytes.Buffer
		if err := mip.WriteLP(&b, f.Model); err != nil {
			r.Status = "error: " + err.Error()
			return r
		}
		os.WriteFile(lp, b.Bytes(), 0o600)
		t0 = time.Now()
		out, err := exec.Command("cbc", lp, "sec", strconv.Itoa(int(limit.Seconds())), "solve", "quit").CombinedOutput()
		if err != nil && len(out) == 0 {
			r.Status = "error: " + err.Error()
			return r
		}
		r.Engine = "cbc (native)"
		s := string(out)
		r.Status = "time limit"
		if strings.Contains(s, "Result - Optimal solution found") {
			r.Status = exact.StatusOptimal.String()
		}
		r.Objective = grabFloat(s, `Objective value:\s+(\S+)`)
		r.LowerBound = grabFloat(s, `Lower bound:\s+(\S+)`)
		if r.Status == exact.StatusOptimal.String() && math.IsNaN(r.LowerBound) {
			r.LowerBound = r.Objective
		}
		r.Nodes = int64(grabFloat(s, `Enumerated nodes:\s+(\S+)`))
	}
	r.Gap = mip.Gap(r.Objective, r.LowerBound)
	return r
}

// childCPU returns the user + system CPU seconds of the waited-for child
// processes (glpsol, cbc, the baseline binary): on a loaded machine a wall
// limit buys each external method only a fraction of a core, and this says
// how much.
func childCPU() float64 { return cpuOf(syscall.RUSAGE_CHILDREN) }

// allCPU returns the CPU seconds of this process and its waited-for
// children (the portfolio's glpsol or cbc).
func allCPU() float64 { return cpuOf(syscall.RUSAGE_SELF) + cpuOf(syscall.RUSAGE_CHILDREN) }

func cpuOf(who int) float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(who, &ru) != nil {
		return math.NaN()
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

func statusName(s mip.Status) string {
	if s == mip.Optimal {
		return exact.StatusOptimal.String()
	}
	return strings.ReplaceAll(s.String(), "_", " ")
}

func grabFloat(s, re string) float64 {
	m := regexp.MustCompile(re).FindAllStringSubmatch(s, -1)
	if len(m) == 0 {
		return math.NaN()
	}
	v, err := strconv.ParseFloat(m[len(m)-1][1], 64)
	if err != nil {
		return math.NaN()
	}
	return v
}

// writeSummary writes the target table of the exact benchmark: per suite and method,
// how many instances were proven optimal within the limit, the median
// time and nodes, and the median final gap.
func writeSummary(rows []row, limit time.Duration, path string) {
	type key struct{ suite, n, method string }
	groups := map[key][]row{}
	var keys []key
	for _, r := range rows {
		k := key{r.Suite, fmt.Sprint(r.N), r.Method}
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], r)
	}
	t := &tabular.Table{Header: []string{"suite", "n", "method", "proven within limit", "median seconds", "median CPU seconds", "median nodes", "median gap", "max gap"},
		Percent: []bool{7: true, 8: true}}
	for _, k := range keys {
		g := groups[k]
		proven := 0
		var secs, cpus, nodes, gaps []float64
		for _, r := range g {
			if r.Status == exact.StatusOptimal.String() && r.Seconds <= limit.Seconds()+1 {
				proven++
			}
			secs = append(secs, r.Seconds)
			cpus = append(cpus, r.CPUSeconds)
			nodes = append(nodes, float64(r.Nodes))
			gp := r.Gap
			if math.IsNaN(gp) {
				gp = math.Inf(1)
			}
			gaps = append(gaps, gp)
		}
		mx := 0.0
		for _, v := range gaps {
			mx = math.Max(mx, v)
		}
		t.Add(k.suite, k.n, k.method, fmt.Sprintf("%d/%d", proven, len(g)), tabular.Fixed(median(secs), 2), tabular.Fixed(median(cpus), 2), tabular.Fixed(median(nodes), 0), tabular.Float(median(gaps)), tabular.Float(mx))
	}
	fh, err := os.Create(path)
	if err != nil {
		return
	}
	defer fh.Close()
	_ = t.Write(fh, tabular.Markdown)
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
