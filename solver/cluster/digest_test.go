package cluster

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances/swim"
	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/internal/testenv"
)

var updateDigests = flag.Bool("update-digests", false, "rewrite testdata/digests.txt from the current simulator")

// digest hashes every job's first start and finish time (exact float
// bits, strconv 'g' -1): two runs with the same digest completed every job
// at the same instants.
func digest(r *Result) string {
	h := sha256.New()
	for _, j := range r.Jobs {
		fmt.Fprintf(h, "%s %s %s\n", j.ID, strconv.FormatFloat(j.FirstStart, 'g', -1, 64), strconv.FormatFloat(j.Finish, 'g', -1, 64))
	}
	return hex.EncodeToString(h.Sum(nil))[:24]
}

type digestCase struct {
	name string
	w    func() *workload.Workload
	opt  Options
	pols []string
	long bool // skipped with -short
}

// digestPolicy extends NewPolicy with hpfsp-K (FAIR_LIMIT K), as the
// studies use it.
func digestPolicy(t *testing.T, name string) Policy {
	var k int
	if _, err := fmt.Sscanf(name, "hpfsp-%d", &k); err == nil {
		c := DefaultHPFSP()
		c.FairLimit = k
		return NewHPFSP(name, c)
	}
	p, err := NewPolicy(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func swimWorkload(path string, nodes int) func() *workload.Workload {
	return func() *workload.Workload {
		recs, err := swim.ReadFile(path)
		if err != nil {
			return nil
		}
		o := workload.DefaultSWIMOptions()
		o.Nodes = nodes
		w, err := workload.FromSWIM(recs, path, o)
		if err != nil {
			return nil
		}
		return w
	}
}

// digestCases are the workloads of every study (results/cluster) and the
// policies run on them.
func digestCases() []digestCase {
	all := []string{"fifo", "fair", "lsps", "hpfsp", "ppfsp", "hpfsp-5"}
	var cs []digestCase
	for s := uint64(1); s <= 20; s++ {
		cs = append(cs, digestCase{name: fmt.Sprintf("table2-s%d", s), w: func() *workload.Workload { return workload.TableII(s) }, pols: all})
	}
	for s := uint64(1); s <= 3; s++ {
		cs = append(cs, digestCase{name: fmt.Sprintf("table2-s%d-hb3", s), w: func() *workload.Workload { return workload.TableII(s) }, opt: Options{Heartbeat: 3}, pols: all})
		cs = append(cs, digestCase{name: fmt.Sprintf("fig2-n10-s%d", s), w: func() *workload.Workload { return workload.Fig2(10, s) }, pols: all})
		cs = append(cs, digestCase{name: fmt.Sprintf("fig3a-4GB-s%d", s), w: func() *workload.Workload { return workload.Fig3Equal(4, 5, s) }, pols: all})
		cs = append(cs, digestCase{name: fmt.Sprintf("fig3b-s%d", s), w: func() *workload.Workload { return workload.Fig3Mixed(s) }, pols: all})
		cs = append(cs, digestCase{name: fmt.Sprintf("fig4-s%d", s), w: func() *workload.Workload { return workload.Fig4(0, s) }, pols: append(all, "hpfsp-0", "hpfsp-20")})
		cs = append(cs, digestCase{name: fmt.Sprintf("fig5-s%d", s), w: func() *workload.Workload { return workload.Fig4(2.236, s) }, pols: append(all, "hpfsp-0", "hpfsp-20")})
	}
	cs = append(cs, digestCase{name: "synthetic-2000", w: func() *workload.Workload { return workload.Synthetic(2000, 1) }, pols: all})
	fb09 := "../../../shared/data/swim/FB-2009_samples_24_times_1hr_0.tsv"
	cs = append(cs, digestCase{name: "fb2009-100nodes", w: swimWorkload(fb09, 100), pols: all, long: true})
	cs = append(cs, digestCase{name: "fb2009-30nodes", w: swimWorkload(fb09, 30), pols: all, long: true})
	return cs
}

// TestDigests: every study workload under every policy completes every job
// at the instants recorded in testdata/digests.txt, which were written by
// the simulator before the O(log n) data structures of Fair and LsPS
// replaced the per-assignment recomputation (git history of the file).
// -update-digests rewrites the file.
func TestDigests(t *testing.T) {
	const path = "testdata/digests.txt"
	want := map[string]string{}
	if !*updateDigests {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if fs := strings.Fields(sc.Text()); len(fs) == 2 {
				want[fs[0]] = fs[1]
			}
		}
		f.Close()
	}
	var out strings.Builder
	for _, c := range digestCases() {
		if c.long && testing.Short() && !*updateDigests {
			continue
		}
		w := c.w()
		if w == nil {
			testenv.MissingCase(t, c.name+": SWIM trace", testenv.DataInstall, errors.New("trace not readable"))
			continue
		}
		for _, p := range c.pols {
			r, err := Simulate(w, digestPolicy(t, p), c.opt)
			if err != nil {
				t.Fatal(err)
			}
			key, d := c.name+"/"+p, digest(r)
			fmt.Fprintf(&out, "%s %s\n", key, d)
			if !*updateDigests && want[key] != d {
				t.Errorf("%s: digest %s, want %s", key, d, want[key])
			}
		}
	}
	if *updateDigests {
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
