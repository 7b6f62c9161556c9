package experiments

import (
	"github.com/mrsched/mrsched/solver/cluster"
	"github.com/mrsched/mrsched/tabular"
)

// SimulateView is the result of Simulate on the workload called name as
// a view: JSON the whole result, tables one row per job (jobs) or the
// per-user summary (UsersTable).
func SimulateView(r *cluster.Result, name string, jobs bool) *tabular.View {
	t := UsersTable(r, name)
	if jobs {
		t = JobsTable(r)
	}
	return &tabular.View{Value: r, Tables: []*tabular.Table{t}}
}
