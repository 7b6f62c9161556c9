package study

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/solver/flex"
	"github.com/mrsched/mrsched/sweep"
)

// RenderFlex writes the report of a finished FLEX study (Wolf et al. §4):
// the data files of flex.Render (summary.md, summary.json, points.csv,
// fig6.csv) and the figures fig5-<metric> and fig6-<metric> of
// figures.FlexStudy, as file name → bytes (SVG figures; PNG too when asked
// for).
func RenderFlex(set *sweep.Set, formats ...figures.Format) (map[string][]byte, error) {
	out, err := flex.Render(set)
	if err != nil {
		return nil, err
	}
	s, err := flex.Summarise(set)
	if err != nil {
		return nil, err
	}
	t1, t2 := s.FigureThetas()
	figs, err := figures.FlexStudy(s, t1, t2, formats...)
	if err != nil {
		return nil, err
	}
	for k, v := range figs {
		out[k] = v
	}
	return out, nil
}

// FlexReport is what RunFlex and MergeFlex wrote into the study directory.
type FlexReport struct {
	Set   *sweep.Set
	Cells string   // the cells file (JSON lines)
	Files []string // report files written (names in the directory, sorted); none for a shard
	// Summary is summary.md (empty for a shard).
	Summary []byte
}

// RunFlex runs (or, after a kill, resumes) the FLEX study cfg as shard sp
// with workers parallel cells, keeping the cells in dir/cells.jsonl (a
// shard: dir/cells-i-of-N.jsonl). The whole study also writes its report
// (RenderFlex) into dir. progress, if set, follows the cells.
func RunFlex(ctx context.Context, cfg flex.StudyConfig, sp sweep.Spec, workers int, dir string, progress func(done, total int), formats ...figures.Format) (*FlexReport, error) {
	sw, err := cfg.Sweep()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "cells.jsonl")
	if !sp.Whole() {
		path = filepath.Join(dir, fmt.Sprintf("cells-%d-of-%d.jsonl", sp.I, sp.N))
	}
	set, err := sweep.Run(ctx, sw, sweep.Options{Shard: sp, Workers: workers, Path: path, Progress: progress})
	if err != nil {
		return nil, err
	}
	rep := &FlexReport{Set: set, Cells: path}
	if !sp.Whole() {
		return rep, nil
	}
	return rep, writeFlex(rep, dir, formats)
}

// MergeFlex merges the shard cells files of one FLEX study (sweep.Merge),
// writes dir/cells.jsonl and the report, byte-identical to the unsharded
// run's.
func MergeFlex(paths []string, dir string, formats ...figures.Format) (*FlexReport, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("%w: no shard files to merge", sweep.ErrMissing)
	}
	var sets []*sweep.Set
	for _, p := range paths {
		s, err := sweep.ReadFile(p)
		if err != nil {
			return nil, err
		}
		sets = append(sets, s)
	}
	set, err := sweep.Merge(sets, paths)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := set.Write(&b); err != nil {
		return nil, err
	}
	rep := &FlexReport{Set: set, Cells: filepath.Join(dir, "cells.jsonl")}
	if err := instances.AtomicWrite(rep.Cells, b.Bytes()); err != nil {
		return nil, err
	}
	return rep, writeFlex(rep, dir, formats)
}

func writeFlex(rep *FlexReport, dir string, formats []figures.Format) error {
	files, err := RenderFlex(rep.Set, formats...)
	if err != nil {
		return err
	}
	for k := range files {
		rep.Files = append(rep.Files, k)
	}
	sort.Strings(rep.Files)
	for _, k := range rep.Files {
		if err := instances.AtomicWrite(filepath.Join(dir, k), files[k]); err != nil {
			return err
		}
	}
	rep.Summary = files["summary.md"]
	return nil
}
