package study

import (
	"errors"
	"testing"

	"github.com/mrsched/mrsched/sweep"
)

// TestFig9RefusesHugeGrids checks that a replication count whose grid is
// over sweep.MaxCells is refused before the cells are built (before,
// `study fig9 --reps 2000000000` died with "fatal error: out of memory").
// With one load and one policy, MaxCells + 1 replications is one cell over.
func TestFig9RefusesHugeGrids(t *testing.T) {
	cfg := DefaultFig9()
	cfg.Loads, cfg.Policies = cfg.Loads[:1], cfg.Policies[:1]
	cfg.Reps = sweep.MaxCells + 1
	if _, err := Fig9Sweep(cfg); !errors.Is(err, sweep.ErrTooManyCells) {
		t.Fatalf("Fig9Sweep with %d replications: err = %v, want sweep.ErrTooManyCells", cfg.Reps, err)
	}
	cfg.Reps = 2000000000
	cfg.Loads, cfg.Policies = DefaultFig9().Loads, DefaultFig9().Policies
	if _, err := Fig9Sweep(cfg); !errors.Is(err, sweep.ErrTooManyCells) {
		t.Fatalf("Fig9Sweep with 2·10⁹ replications: err = %v, want sweep.ErrTooManyCells", err)
	}
}
