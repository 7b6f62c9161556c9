package experiments

import (
	"bytes"
	"testing"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/solver/cluster"
	"github.com/mrsched/mrsched/tabular"
)

// TestSimulateView: JSON is the result itself (tabular.WriteJSON of it),
// the table is the per-user summary (UsersTable) or, with jobs, one row
// per job of the result.
func TestSimulateView(t *testing.T) {
	r, err := Simulate(workload.TableII(1), &cluster.Fair{}, SimulateConfig{})
	if err != nil {
		t.Fatal(err)
	}
	var got, want bytes.Buffer
	if err := SimulateView(r, "t2", false).Write(&got, tabular.JSON); err != nil {
		t.Fatal(err)
	}
	if err := tabular.WriteJSON(&want, r); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("JSON differs from the result's")
	}
	if v := SimulateView(r, "t2", true); len(v.Tables[0].Rows) != len(r.Jobs) {
		t.Errorf("jobs table: %d rows, want %d", len(v.Tables[0].Rows), len(r.Jobs))
	}
	if v := SimulateView(r, "t2", false); len(v.Tables[0].Rows) != len(UsersTable(r, "t2").Rows) {
		t.Errorf("users table rows %d", len(v.Tables[0].Rows))
	}
}
