package flex

import (
	"errors"
	"testing"

	"github.com/mrsched/mrsched/sweep"
)

// TestStudyRefusesHugeGrids checks that a replication count whose grid is
// over sweep.MaxCells is refused by Check before the cells are built (issue
// 12: `flex study --reps 2000000000` died with "fatal error: out of
// memory"). One θ1, one θ2 and one level with MaxCells + 1 replications is
// one cell over.
func TestStudyRefusesHugeGrids(t *testing.T) {
	c := DefaultStudy()
	c.Theta1, c.Theta2, c.Levels = c.Theta1[:1], c.Theta2[:1], c.Levels[:1]
	c.Reps = sweep.MaxCells + 1
	err := c.Check()
	if !errors.Is(err, sweep.ErrTooManyCells) || !errors.Is(err, ErrInput) {
		t.Fatalf("Check with %d replications: err = %v, want ErrInput and sweep.ErrTooManyCells", c.Reps, err)
	}
}
