package study

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// TestRenderFigures: Render is the kind's renderer; Figures writes the
// tightness figures into a new directory and none for dir "".
func TestRenderFigures(t *testing.T) {
	sw, err := TightnessSweep(TightnessConfig{Alphas: []float64{2}, Eps: []float64{0.1}, Betas: []float64{2}, Ns: []int{2, 4}, TimeLimit: "1s"})
	if err != nil {
		t.Fatal(err)
	}
	set, err := sweep.Run(context.Background(), sw, sweep.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := RendererFor(set.Header.Kind)
	if err != nil {
		t.Fatal(err)
	}
	var got, want bytes.Buffer
	if err := Render(set, tabular.CSV, &got); err != nil {
		t.Fatal(err)
	}
	if err := r.Write(set, tabular.CSV, &want); err != nil {
		t.Fatal(err)
	}
	if got.Len() == 0 || got.String() != want.String() {
		t.Errorf("Render = %q, want the renderer's %q", got.String(), want.String())
	}
	if files, err := Figures(set, "", "svg"); files != nil || err != nil {
		t.Errorf("Figures without dir: %v %v", files, err)
	}
	files, err := Figures(set, filepath.Join(t.TempDir(), "new", "dir"), "svg")
	if err != nil || len(files) == 0 {
		t.Errorf("Figures: %v %v", files, err)
	}
	if err := Problems(set); err != nil {
		t.Errorf("Problems: %v", err)
	}
}
