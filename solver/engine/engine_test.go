package engine_test

import (
	"errors"
	"testing"

	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/highs"
)

func TestUnknown(t *testing.T) {
	if _, err := engine.Get("gurobi"); !errors.Is(err, engine.ErrUnknown) {
		t.Fatalf("Get(gurobi): %v, want ErrUnknown", err)
	}
}

func TestDefaultIsHiGHS(t *testing.T) {
	e, err := engine.Default()
	if errors.Is(err, highs.ErrNotInstalled) {
		testenv.Missing(t, "HiGHS engine", testenv.HiGHSInstall, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if e.Name() != "highs" {
		t.Fatalf("default engine %q, want highs", e.Name())
	}
	same, _ := engine.Get("HiGHS")
	if same != e {
		t.Fatal("Get returns a new engine each time; want one shared engine")
	}
	infos := engine.Available()
	if len(infos) != 2 || infos[0].Name != "cbc" || infos[1].Name != "highs" || !infos[1].Available || !infos[1].Default {
		t.Fatalf("Available: %+v", infos)
	}
	if infos[1].Version != "1.15.1 (npm highs@1.15.3)" || infos[1].Location == "" {
		t.Fatalf("highs info: %+v", infos[1])
	}
}
