package report_test

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// In the tables for people a gap is a percentage (it was
// printed as a fraction, 0.0248428, beside "2.48%" in the nightly text),
// and bound methods, which have no response time and no ratio, get no
// empty summary row. CSV keeps the fraction and every row.
func TestReportTablesForPeople(t *testing.T) {
	srcs, err := report.Sources(nil, []string{"lognormal,n=5,batch,seed=3"})
	if err != nil {
		t.Fatal(err)
	}
	sw, err := report.NewSweep(srcs, "fifo,lbcount", report.Options{})
	if err != nil {
		t.Fatal(err)
	}
	set, err := sweep.Run(context.Background(), sw, sweep.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	var text, csv bytes.Buffer
	if err := report.Render(set, tabular.Text, &text); err != nil {
		t.Fatal(err)
	}
	if err := report.Render(set, tabular.CSV, &csv); err != nil {
		t.Fatal(err)
	}
	// FIFO above the counting bound: a positive gap (UB − LB)/UB < 1.
	if !regexp.MustCompile(`(?m)^lognormal.* [0-9.]+%$`).MatchString(text.String()) {
		t.Errorf("no percentage gap in the instance table:\n%s", text.String())
	}
	summary := text.String()[strings.Index(text.String(), "Summary over"):]
	if strings.Contains(summary, "lbcount") {
		t.Errorf("empty summary row of a bound method:\n%s", summary)
	}
	if !strings.Contains(csv.String(), "summary,,0,,,,lbcount") {
		t.Errorf("CSV lost the bound method's summary row:\n%s", csv.String())
	}
}
